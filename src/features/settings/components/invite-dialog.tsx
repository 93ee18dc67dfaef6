import type { Role } from '#contract/me';
import { FormField } from '#components/form/form-field';
import { Select } from '#components/ui/select';
import { useInvite } from '../api/people';
import { ROLE_SUMMARIES } from '../roles';
import { sentence } from '../service-errors';
import { DialogTextField, FormDialog, useFormDialog, type DialogOpenState } from './form-dialog';
import { RoleOptions } from './role-options';
import { InvitationLinkDialog } from './invitation-link-dialog';

/** The contract's bound of an e-mail address. */
export const EMAIL_MAX_LENGTH = 320;

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Invites someone to the brand by e-mail with a role. The service answers a one-time link, valid
 * for 7 days, and whether it e-mailed it; a second dialog says so and shows the link once to copy.
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
        description="They get a one-time link, valid 7 days, to choose their name and password. It is e-mailed to them when this service sends e-mail; you can also copy it."
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
      <InvitationLinkDialog
        invitation={form.created ?? null}
        teamName={teamName}
        onClose={form.forgetCreated}
      />
    </>
  );
}
