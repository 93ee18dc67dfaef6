import { useState } from 'react';
import { AuthCard, AuthForm } from '#components/auth/auth-card';
import { AuthInputField } from '#components/auth/auth-fields';
import { describeError, isApiError } from '#lib/api-client';
import { useLazyResolverForm } from '#lib/lazy-resolver';
import { fetchMe } from '../api/me';
import { createSession } from '../api/sessions';
import { clearSession } from '../session-storage';
import { describeWait } from '../describe-wait';
import type { EmailSignInInput, EmailSignInValues } from '../sign-in-form';
import { useSignIn } from '../use-sign-in';
import { KeyScreen } from './key-screen';
import { SignInFormEnd } from './sign-in-form-end';

const switchClass =
  'rounded-md text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900';

/**
 * The sign-in screen: a member's e-mail and password first; "Use an API key instead" opens the
 * key form. Either way the credential is kept the same way (see decision 0058).
 */
export function SignInScreen() {
  const [method, setMethod] = useState<'email' | 'key'>('email');
  if (method === 'key') {
    return (
      <div className="w-full max-w-md">
        <KeyScreen />
        <p className="mt-4 text-center">
          <button type="button" className={switchClass} onClick={() => setMethod('email')}>
            Use e-mail and password instead
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="w-full max-w-md">
      <EmailSignIn />
      <p className="mt-4 text-center">
        <button type="button" className={switchClass} onClick={() => setMethod('key')}>
          Use an API key instead
        </button>
      </p>
    </div>
  );
}

/** Signs a member in with `POST /sessions`, keeps the session token, then opens the app. */
export function EmailSignIn() {
  const { problem, setProblem, expired, signedIn } = useSignIn();

  const form = useLazyResolverForm<EmailSignInInput, EmailSignInValues>(
    () => import('../form-resolvers').then((m) => m.emailSignInResolver),
    { email: '', password: '', remember: false },
  );

  const onValid = async (values: EmailSignInValues) => {
    setProblem(null);
    const baseUrl = null;
    try {
      const session = await createSession(
        { email: values.email, password: values.password },
        { baseUrl },
      );
      const me = await fetchMe({ credentials: { apiKey: session.token, baseUrl } });
      await signedIn({ apiKey: session.token, baseUrl, remember: values.remember }, me);
    } catch (error) {
      clearSession();
      if (isApiError(error) && error.status === 401) {
        form.setError(
          'password',
          {
            message: 'The e-mail address or the password is not right. Check both and try again.',
          },
          { shouldFocus: true },
        );
      } else if (isApiError(error) && error.status === 429) {
        setProblem({
          title: 'Too many sign-in attempts',
          description: `Sign-in is paused for this address after repeated failures. Try again ${describeWait(error.retryAfterSeconds)}.`,
        });
      } else if (isApiError(error) && error.status === 422) {
        setProblem({ title: 'Check the e-mail address and password', description: error.message });
      } else {
        setProblem(describeError(error));
      }
    }
  };

  return (
    <AuthCard
      pageTitle="Sign in · Campaign Console"
      heading="Sign in"
      intro="Use the e-mail address and password of your Campaign Console account. You stay signed in while this browser tab is open, or on this device if you choose to be remembered."
      warning={
        expired
          ? {
              title: 'You were signed out',
              text: 'The service no longer accepts the sign-in this console was using: it was ended, or your access was removed. Sign in again to continue.',
            }
          : null
      }
    >
      <AuthForm form={form} onSubmit={form.handleSubmit(onValid)}>
        <AuthInputField
          name="email"
          label="E-mail"
          input={{
            type: 'email',
            autoComplete: 'username',
            spellCheck: false,
            autoCapitalize: 'off',
          }}
        />

        <AuthInputField
          name="password"
          label="Password"
          input={{ type: 'password', autoComplete: 'current-password' }}
        />

        <SignInFormEnd
          rememberLabel="Remember me on this device"
          rememberDescription="Keeps you signed in after the browser closes. Leave this off on shared computers."
          problem={problem}
          checking="Signing in…"
        />
      </AuthForm>
    </AuthCard>
  );
}
