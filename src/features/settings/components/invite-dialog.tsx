import type { Role } from '#contract/me';
import { ROLE_LABELS } from '#contract/people';
import { FormField } from '#components/form/form-field';
import { Select } from '#components/ui/select';
import { formatDateTime } from '#lib/format';
import { useInvite } from '../api/people';
import { ROLE_SUMMARIES } from '../roles';
import { sentence } from '../service-errors';
import { DialogTextField, FormDialog, useFormDialog, type DialogOpenState } from './form-dialog';
import { RoleOptions } from './role-options';
import { SecretDialog } from './secret-dialog';

/** The contract's bound of an e-mail address. */
export const EMAIL_MAX_LENGTH = 320;

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Invites someone to the brand by e-mail with a role. The service answers a one-time link, shown
 * once in a second dialog to copy and send; it is valid for 7 days.
 */
export function InviteDialog({
  brandId,
  teamName,
  open,
  onOpenChange,
}: {
  brandId: string;
  teamName: string;
} & DialogOpenState) {
  const invite = useInvite();
  const form = useFormDialog({
    mutation: invite,
    initial: { email: '', role: 'reviewer' as Role },
    onOpenChange,
  });
  const { email, role } = form.values;
  const roleError = form.errorOf('role', null);

  const trimmed = email.trim();
  const emailProblem =
    trimmed === ''
      ? 'Enter the e-mail address of the person to invite.'
      : trimmed.length > EMAIL_MAX_LENGTH
        ? `Use at most ${EMAIL_MAX_LENGTH} characters.`
        : !looksLikeEmail(trimmed)
          ? 'Enter an e-mail address such as name@example.com.'
          : null;

  return (
    <>
      <FormDialog
        open={open}
        onClose={form.close}
        title={`Invite someone to ${teamName}`}
        description="They get a one-time link to choose their name and password. Send it to them yourself: no e-mail is sent."
        pending={invite.isPending}
        onSubmit={() =>
          form.submit(emailProblem !== null, { email: trimmed, role, brand_id: brandId })
        }
        problem={form.other}
        nothingDone="Nobody was invited."
        action="Create invitation link"
        pendingAction="Inviting…"
      >
        <DialogTextField
          label="E-mail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          max={EMAIL_MAX_LENGTH}
          value={email}
          error={form.errorOf('email', emailProblem)}
          onChange={(value) => form.edit('email', value)}
        />
        <FormField
          label="Role"
          required
          error={roleError ? sentence(roleError) : undefined}
          description={`${ROLE_SUMMARIES[role]}. You can change it later.`}
        >
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(e) => form.set('role', e.target.value as Role)}
            >
              <RoleOptions />
            </Select>
          )}
        </FormField>
      </FormDialog>
      <SecretDialog
        title="Send this invitation link"
        label="Invitation link"
        value={form.created?.invitation_url ?? null}
        copyLabel="Copy link"
        copiedMessage="Invitation link copied"
        onClose={form.forgetCreated}
      >
        {form.created ? (
          <>
            <p>
              Send this link to <strong className="break-all">{form.created.email}</strong>. It lets
              them join {teamName} as {ROLE_LABELS[form.created.role].toLowerCase()} once.
            </p>
            <p className="font-medium text-gray-900">
              It is shown only now and is valid for 7 days (until{' '}
              {formatDateTime(form.created.expires_at)}).
            </p>
          </>
        ) : null}
      </SecretDialog>
    </>
  );
}
