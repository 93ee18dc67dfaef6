import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#components/ui/alert';
import { Input } from '#components/ui/input';
import { FormField } from '#components/form/form-field';
import { defaultBaseUrl } from '#config/env';
import { paths, safeNextPath } from '#config/paths';
import { describeError, isApiError } from '#lib/api-client';
import { fetchMe, sessionKeys } from '../api/me';
import { lazyResolver } from '#lib/lazy-resolver';
import { normalizeBaseUrl } from '../base-url';
import type { KeyFormInput, KeyFormValues } from '../key-form';
import { saveSession } from '../session-storage';
import { SignInFormEnd, type FormProblem } from './sign-in-form-end';

/**
 * The key screen: checks a pasted key with `GET /me` before keeping it, then opens the page the
 * user came for (`?next=`) or the first brand.
 */
export function KeyScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [keyVisible, setKeyVisible] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const advancedId = useId();
  const expired = searchParams.get('reason') === 'expired';

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<KeyFormInput, unknown, KeyFormValues>({
    resolver: lazyResolver(() => import('../form-resolvers').then((m) => m.keyFormResolver)),
    defaultValues: { apiKey: '', baseUrl: '', remember: false },
  });

  const onValid = async (values: KeyFormValues) => {
    setProblem(null);
    const baseUrl = normalizeBaseUrl(values.baseUrl) ?? null;
    const shownBaseUrl = baseUrl ?? defaultBaseUrl();
    try {
      const me = await fetchMe({ credentials: { apiKey: values.apiKey, baseUrl } });
      if (!me.key.scopes.includes('campaigns:read')) {
        setError(
          'apiKey',
          {
            message:
              'This key lacks the campaigns:read scope, which Campaign Console needs to show campaigns. Ask for a key that has it.',
          },
          { shouldFocus: true },
        );
        return;
      }
      saveSession({ apiKey: values.apiKey, baseUrl, remember: values.remember });
      // A new key: nothing cached for a previous one may survive.
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me(), me);
      await navigate(safeNextPath(searchParams.get('next')) ?? paths.home.href(), {
        replace: true,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        setError(
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

  const onInvalid = (fieldErrors: typeof errors) => {
    if (fieldErrors.baseUrl && !fieldErrors.apiKey) {
      // The error is in the collapsed section: open it so the message and field can be seen.
      flushSync(() => setAdvancedOpen(true));
      setFocus('baseUrl');
    }
  };

  return (
    <div className="w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <title>Sign in · Campaign Console</title>
      <h1 className="text-xl font-semibold text-gray-900">Sign in with an API key</h1>
      <p className="mt-2 text-sm text-gray-600">
        Use the API key of your brand or agency. It stays in this browser tab unless you choose to
        remember it on this device.
      </p>

      {expired ? (
        <Alert tone="warning" title="Your key is no longer accepted" className="mt-4" live={false}>
          The service refused the key this console was using. Sign in again to continue.
        </Alert>
      ) : null}

      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={handleSubmit(onValid, onInvalid)}
        aria-busy={isSubmitting}
      >
        <FormField
          label="API key"
          description="It starts with cck_ and is sent only to the service, in the Authorization header."
          error={errors.apiKey?.message}
        >
          {(control) => (
            <div className="relative">
              <Input
                {...control}
                {...register('apiKey')}
                type={keyVisible ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="off"
                className="pr-11 font-mono"
              />
              <button
                type="button"
                aria-pressed={keyVisible}
                aria-label="Show key"
                onClick={() => setKeyVisible((v) => !v)}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-gray-600 hover:text-gray-900"
              >
                {keyVisible ? (
                  <EyeOff aria-hidden="true" className="size-4" />
                ) : (
                  <Eye aria-hidden="true" className="size-4" />
                )}
              </button>
            </div>
          )}
        </FormField>

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
            <FormField
              label="Base URL"
              description={`Leave empty to use this site's service (${defaultBaseUrl()}). The version path /2026-07 is added when missing.`}
              error={errors.baseUrl?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register('baseUrl')}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  placeholder="https://campaigns.example.com"
                />
              )}
            </FormField>
          </div>
        </div>

        <SignInFormEnd
          remember={register('remember')}
          rememberLabel="Remember on this device"
          rememberDescription="Keeps the key after the browser closes. Leave this off on shared computers."
          problem={problem}
          submitting={isSubmitting}
          checking="Checking the key…"
        />
      </form>
    </div>
  );
}
