import { zodResolver } from '@hookform/resolvers/zod';
import { TEXT_LIMITS } from '#contract/common';
import { PASSWORD_MIN_LENGTH, type Session } from '#contract/people';
import { Eye, EyeOff } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormField } from '#components/form/form-field';
import { Alert } from '#components/ui/alert';
import { Button, buttonClasses } from '#components/ui/button';
import { Input } from '#components/ui/input';
import { Spinner } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { describeError, isApiError } from '#lib/api-client';
import { formatNumber } from '#lib/format';
import {
  AcceptInvitationSchema,
  type AcceptInvitationInput,
  type AcceptInvitationValues,
} from '../accept-form';
import { acceptInvitation } from '../api/people';
import { forgetFragment, invitationTokenOf } from '../invitation-token';
import { fieldErrorsOf, sentence } from '../service-errors';

type Problem = { title: string; description: string };

const cardClass = 'w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8';

/** The link cannot be used (missing, used, expired, or the person already joined). */
function Unusable({ title, children }: { title: string; children: string }) {
  return (
    <div className={cardClass}>
      <title>Invitation · Campaign Console</title>
      <h1 className="text-xl font-semibold text-gray-900">Join Campaign Console</h1>
      <Alert tone="warning" title={title} className="mt-4" live={false}>
        {children}
      </Alert>
      <Link to={paths.signIn.href()} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
        Go to sign in
      </Link>
    </div>
  );
}

/**
 * `/accept-invitation#token=…`: the invited person chooses their name and password and is signed
 * in. The token is read once from the fragment and removed from the address bar at once.
 * `onAccepted` keeps the session (as sign-in does) and opens the brand.
 */
export function AcceptInvitationScreen({
  onAccepted,
}: {
  onAccepted: (session: Session) => Promise<void>;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [gone, setGone] = useState<'used' | 'member' | null>(null);
  // The token of the fragment this page was opened with; another link opened in this tab (only
  // the fragment changes, so the page stays) replaces it and what was said about the last one.
  const [read, setRead] = useState(() => ({
    hash: location.hash,
    token: invitationTokenOf(location.hash),
  }));
  if (location.hash && location.hash !== read.hash) {
    setRead({ hash: location.hash, token: invitationTokenOf(location.hash) });
    setGone(null);
    setProblem(null);
  }
  const token = read.token;

  // Before the first paint: the token leaves the address bar and this history entry.
  useLayoutEffect(() => {
    if (!location.hash) return;
    forgetFragment();
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvitationInput, unknown, AcceptInvitationValues>({
    resolver: zodResolver(AcceptInvitationSchema),
    defaultValues: { name: '', password: '' },
  });
  const name = useWatch({ control, name: 'name' });
  const password = useWatch({ control, name: 'password' });

  if (!token) {
    return (
      <Unusable title="This invitation link is not complete">
        Open the whole link you were sent, exactly as it is. If you already joined, sign in with
        your e-mail address and password.
      </Unusable>
    );
  }
  if (gone === 'used') {
    return (
      <Unusable title="This invitation can no longer be used">
        It was already used, or it expired (an invitation is valid for 7 days). Ask the person who
        invited you for a new link, or sign in if you already joined.
      </Unusable>
    );
  }
  if (gone === 'member') {
    return (
      <Unusable title="You already have an account">
        A member with this e-mail address already exists. Sign in with your e-mail address and
        password.
      </Unusable>
    );
  }

  const onValid = async (values: AcceptInvitationValues) => {
    setProblem(null);
    try {
      const session = await acceptInvitation(token, values, { baseUrl: null });
      await onAccepted(session);
    } catch (error) {
      if (isApiError(error) && error.status === 404) return setGone('used');
      if (isApiError(error) && error.code === 'member_exists') return setGone('member');
      const fields = fieldErrorsOf(error, ['name', 'password'] as const);
      if (fields.name) setError('name', { message: sentence(fields.name) }, { shouldFocus: true });
      if (fields.password) {
        setError('password', { message: sentence(fields.password) }, { shouldFocus: true });
      }
      if (!fields.name && !fields.password) setProblem(describeError(error));
    }
  };

  return (
    <div className={cardClass}>
      <title>Join Campaign Console</title>
      <h1 className="text-xl font-semibold text-gray-900">Join Campaign Console</h1>
      <p className="mt-2 text-sm text-gray-600">
        You were invited to join your team. Choose the name your team will see and a password; you
        sign in with it and the e-mail address you were invited with.
      </p>
      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={handleSubmit(onValid)}
        aria-busy={isSubmitting}
      >
        <FormField
          label="Your name"
          required
          error={errors.name?.message}
          count={{ length: name.trim().length, max: TEXT_LIMITS.name }}
        >
          {(field) => (
            <Input
              {...field}
              {...register('name')}
              autoComplete="name"
              maxLength={TEXT_LIMITS.name}
            />
          )}
        </FormField>
        <FormField
          label="Password"
          required
          error={errors.password?.message}
          description={`At least ${PASSWORD_MIN_LENGTH} characters: ${formatNumber(password.length)} so far. A few unrelated words are easy to remember and hard to guess.`}
        >
          {(field) => (
            <div className="flex gap-2">
              <Input
                {...field}
                {...register('password')}
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                spellCheck={false}
                autoCapitalize="off"
              />
              <Button
                variant="secondary"
                className="shrink-0"
                aria-label="Show password"
                aria-pressed={showPassword}
                aria-controls={field.id}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? (
                  <EyeOff aria-hidden="true" className="size-4" />
                ) : (
                  <Eye aria-hidden="true" className="size-4" />
                )}
                Show
              </Button>
            </div>
          )}
        </FormField>
        {problem ? (
          <Alert tone="error" title={problem.title}>
            {problem.description}
          </Alert>
        ) : null}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4" /> : null}
          Join and sign in
        </Button>
        <p role="status" className="sr-only">
          {isSubmitting ? 'Joining…' : ''}
        </p>
      </form>
      <p className="mt-4 text-center text-sm text-gray-600">
        Already joined?{' '}
        <Link
          to={paths.signIn.href()}
          className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
