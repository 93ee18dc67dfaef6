import { TEXT_LIMITS } from '#contract/common';
import { PASSWORD_MIN_LENGTH, type Session } from '#contract/people';
import { useLayoutEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard, AuthForm, AuthFormEnd, type FormProblem } from '#components/auth/auth-card';
import { AuthInputField, AuthSecretField } from '#components/auth/auth-fields';
import { buttonClasses } from '#components/ui/button';
import { paths } from '#config/paths';
import { describeError, isApiError } from '#lib/api-client';
import { formatNumber } from '#lib/format';
import { useSchemaForm } from '#lib/use-schema-form';
import { AcceptInvitationSchema, type AcceptInvitationValues } from '../accept-form';
import { acceptInvitation } from '../api/people';
import { forgetFragment, invitationTokenOf } from '../invitation-token';
import { fieldErrorsOf, sentence } from '../service-errors';

const cardWidth = 'w-full max-w-md';

/** The link cannot be used (missing, used, expired, or the person already joined). */
function Unusable({ title, children }: { title: string; children: string }) {
  return (
    <AuthCard
      className={cardWidth}
      pageTitle="Invitation · Campaign Console"
      heading="Join Campaign Console"
      warning={{ title, text: children }}
    >
      <Link to={paths.signIn.href()} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
        Go to sign in
      </Link>
    </AuthCard>
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
  const [problem, setProblem] = useState<FormProblem | null>(null);
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

  const form = useSchemaForm(AcceptInvitationSchema, { name: '', password: '' });
  const password = useWatch({ control: form.control, name: 'password' });

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
      if (fields.name)
        form.setError('name', { message: sentence(fields.name) }, { shouldFocus: true });
      if (fields.password) {
        form.setError('password', { message: sentence(fields.password) }, { shouldFocus: true });
      }
      if (!fields.name && !fields.password) setProblem(describeError(error));
    }
  };

  return (
    <AuthCard
      className={cardWidth}
      pageTitle="Join Campaign Console"
      heading="Join Campaign Console"
      intro="You were invited to join your team. Choose the name your team will see and a password; you sign in with it and the e-mail address you were invited with."
    >
      <AuthForm form={form} onSubmit={form.handleSubmit(onValid)}>
        <AuthInputField
          name="name"
          label="Your name"
          required
          max={TEXT_LIMITS.name}
          input={{ autoComplete: 'name' }}
        />
        <AuthSecretField
          name="password"
          label="Password"
          required
          description={`At least ${PASSWORD_MIN_LENGTH} characters: ${formatNumber(password.length)} so far. A few unrelated words are easy to remember and hard to guess.`}
          showLabel="Show password"
          toggle="beside"
          input={{ autoComplete: 'new-password' }}
        />
        <AuthFormEnd problem={problem} action="Join and sign in" working="Joining…" />
      </AuthForm>
      <p className="mt-4 text-center text-sm text-gray-600">
        Already joined?{' '}
        <Link
          to={paths.signIn.href()}
          className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
