import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { AuthCard, AuthForm } from '#components/auth/auth-card';
import { AuthInputField, AuthSecretField } from '#components/auth/auth-fields';
import { defaultBaseUrl } from '#config/env';
import { describeError, isApiError } from '#lib/api-client';
import { useLazyResolverForm } from '#lib/lazy-resolver';
import { fetchMe } from '../api/me';
import { normalizeBaseUrl } from '../base-url';
import type { KeyFormInput, KeyFormValues } from '../key-form';
import { useSignIn } from '../use-sign-in';
import { SignInFormEnd } from './sign-in-form-end';

/**
 * The key screen: checks a pasted key with `GET /me` before keeping it, then opens the page the
 * user came for (`?next=`) or the first brand.
 */
export function KeyScreen() {
  const { problem, setProblem, expired, signedIn } = useSignIn();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const advancedId = useId();

  const form = useLazyResolverForm<KeyFormInput, KeyFormValues>(
    () => import('../form-resolvers').then((m) => m.keyFormResolver),
    { apiKey: '', baseUrl: '', remember: false },
  );

  const onValid = async (values: KeyFormValues) => {
    setProblem(null);
    const baseUrl = normalizeBaseUrl(values.baseUrl) ?? null;
    const shownBaseUrl = baseUrl ?? defaultBaseUrl();
    try {
      const me = await fetchMe({ credentials: { apiKey: values.apiKey, baseUrl } });
      if (!me.key.scopes.includes('campaigns:read')) {
        form.setError(
          'apiKey',
          {
            message:
              'This key lacks the campaigns:read scope, which Campaign Console needs to show campaigns. Ask for a key that has it.',
          },
          { shouldFocus: true },
        );
        return;
      }
      await signedIn({ apiKey: values.apiKey, baseUrl, remember: values.remember }, me);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        form.setError(
          'apiKey',
          {
            message:
              'This key was not recognised. Check that you copied all of it, or ask for a new key.',
          },
          { shouldFocus: true },
        );
      } else if (isApiError(error) && error.code === 'network_error') {
        setProblem({
          title: 'The service could not be reached',
          description: `Nothing answered at ${shownBaseUrl}. Check the base URL under Advanced and your connection, then try again.`,
        });
      } else if (isApiError(error) && (error.status === 404 || error.code === 'invalid_response')) {
        setProblem({
          title: 'No Campaign Console service at this address',
          description: `${shownBaseUrl} did not answer like a Campaign Console 2026-07 service. Check the base URL under Advanced.`,
        });
      } else {
        setProblem(describeError(error));
      }
    }
  };

  const onInvalid = (fieldErrors: typeof form.formState.errors) => {
    if (fieldErrors.baseUrl && !fieldErrors.apiKey) {
      // The error is in the collapsed section: open it so the message and field can be seen.
      flushSync(() => setAdvancedOpen(true));
      form.setFocus('baseUrl');
    }
  };

  return (
    <AuthCard
      className="w-full max-w-md"
      pageTitle="Sign in · Campaign Console"
      heading="Sign in with an API key"
      intro="Use the API key of your brand or agency. It stays in this browser tab unless you choose to remember it on this device."
      warning={
        expired
          ? {
              title: 'Your key is no longer accepted',
              text: 'The service refused the key this console was using. Sign in again to continue.',
            }
          : null
      }
    >
      <AuthForm form={form} onSubmit={form.handleSubmit(onValid, onInvalid)}>
        <AuthSecretField
          name="apiKey"
          label="API key"
          description="It starts with cck_ and is sent only to the service, in the Authorization header."
          showLabel="Show key"
          toggle="inset"
          input={{ autoComplete: 'off', className: 'pr-11 font-mono' }}
        />

        <div>
          <button
            type="button"
            aria-expanded={advancedOpen}
            aria-controls={advancedId}
            onClick={() => setAdvancedOpen((open) => !open)}
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-gray-700 hover:text-gray-900"
          >
            <ChevronRight
              aria-hidden="true"
              className={`size-4 transition-transform ${advancedOpen ? 'rotate-90' : ''}`}
            />
            Advanced
          </button>
          <div id={advancedId} hidden={!advancedOpen} className="mt-3">
            <AuthInputField
              name="baseUrl"
              label="Base URL"
              description={`Leave empty to use this site's service (${defaultBaseUrl()}). The version path /2026-07 is added when missing.`}
              input={{
                type: 'url',
                inputMode: 'url',
                autoComplete: 'url',
                spellCheck: false,
                placeholder: 'https://campaigns.example.com',
              }}
            />
          </div>
        </div>

        <SignInFormEnd
          rememberLabel="Remember on this device"
          rememberDescription="Keeps the key after the browser closes. Leave this off on shared computers."
          problem={problem}
          checking="Checking the key…"
        />
      </AuthForm>
    </AuthCard>
  );
}
