import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#components/ui/alert';
import { Input } from '#components/ui/input';
import { FormField } from '#components/form/form-field';
import { paths, safeNextPath } from '#config/paths';
import { describeError, isApiError } from '#lib/api-client';
import { fetchMe, sessionKeys } from '../api/me';
import { createSession } from '../api/sessions';
import { clearSession, saveSession } from '../session-storage';
import { lazyResolver } from '#lib/lazy-resolver';
import { describeWait } from '../describe-wait';
import type { EmailSignInInput, EmailSignInValues } from '../sign-in-form';
import { KeyScreen } from './key-screen';
import { SignInFormEnd, type FormProblem } from './sign-in-form-end';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const expired = searchParams.get('reason') === 'expired';

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailSignInInput, unknown, EmailSignInValues>({
    resolver: lazyResolver(() => import('../form-resolvers').then((m) => m.emailSignInResolver)),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onValid = async (values: EmailSignInValues) => {
    setProblem(null);
    const baseUrl = null;
    try {
      const session = await createSession(
        { email: values.email, password: values.password },
        { baseUrl },
      );
      const me = await fetchMe({ credentials: { apiKey: session.token, baseUrl } });
      saveSession({ apiKey: session.token, baseUrl, remember: values.remember });
      // A new person: nothing cached for a previous one may survive.
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me(), me);
      await navigate(safeNextPath(searchParams.get('next')) ?? paths.home.href(), {
        replace: true,
      });
    } catch (error) {
      clearSession();
      if (isApiError(error) && error.status === 401) {
        setError(
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
    <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <title>Sign in · Campaign Console</title>
      <h1 className="text-xl font-semibold text-gray-900">Sign in</h1>
      <p className="mt-2 text-sm text-gray-600">
        Use the e-mail address and password of your Campaign Console account. You stay signed in in
        this browser tab unless you choose to be remembered on this device.
      </p>

      {expired ? (
        <Alert tone="warning" title="You were signed out" className="mt-4" live={false}>
          The service no longer accepts the sign-in this console was using: it was ended, or your
          access was removed. Sign in again to continue.
        </Alert>
      ) : null}

      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={handleSubmit(onValid)}
        aria-busy={isSubmitting}
      >
        <FormField label="E-mail" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="username"
              spellCheck={false}
              autoCapitalize="off"
            />
          )}
        </FormField>

        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>

        <SignInFormEnd
          remember={register('remember')}
          rememberLabel="Remember me on this device"
          rememberDescription="Keeps you signed in after the browser closes. Leave this off on shared computers."
          problem={problem}
          submitting={isSubmitting}
          checking="Signing in…"
        />
      </form>
    </div>
  );
}
