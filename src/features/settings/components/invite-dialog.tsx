import type { Role } from '#contract/me';
import { ROLE_LABELS, type InvitationCreated } from '#contract/people';
import { useState } from 'react';
import { FormField } from '#components/form/form-field';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Input } from '#components/ui/input';
import { Select } from '#components/ui/select';
import { describeError } from '#lib/api-client';
import { formatDateTime } from '#lib/format';
import { useInvite } from '../api/people';
import { ROLE_SUMMARIES, ROLES } from '../roles';
import { fieldErrorsOf, sentence } from '../service-errors';
import { DialogFormEnd } from './dialog-form-end';
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('reviewer');
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<InvitationCreated | null>(null);

  const trimmed = email.trim();
  const emailProblem =
    trimmed === ''
      ? 'Enter the e-mail address of the person to invite.'
      : trimmed.length > EMAIL_MAX_LENGTH
        ? `Use at most ${EMAIL_MAX_LENGTH} characters.`
        : !looksLikeEmail(trimmed)
          ? 'Enter an e-mail address such as name@example.com.'
          : null;
  const served = fieldErrorsOf(invite.error, ['email', 'role'] as const);
  const emailError = (checked ? emailProblem : null) ?? served.email;

  const close = (next: boolean) => {
    if (invite.isPending) return;
    if (!next) {
      setEmail('');
      setRole('reviewer');
      setChecked(false);
      invite.reset();
    }
    onOpenChange(next);
  };

  const other =
    invite.isError && !served.email && !served.role ? describeError(invite.error) : null;

  return (
    <>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent
          title={`Invite someone to ${teamName}`}
          description="They get a one-time link to choose their name and password. Send it to them yourself: no e-mail is sent."
        >
          <form
            noValidate
            className="space-y-4"
            aria-busy={invite.isPending}
            onSubmit={(e) => {
              e.preventDefault();
              setChecked(true);
              if (emailProblem) return;
              invite.mutate(
                { email: trimmed, role, brand_id: brandId },
                {
                  onSuccess: (answer) => {
                    close(false);
                    setCreated(answer);
                  },
                },
              );
            }}
          >
            <FormField
              label="E-mail"
              required
              error={emailError ? sentence(emailError) : undefined}
              count={{ length: trimmed.length, max: EMAIL_MAX_LENGTH }}
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="off"
                  maxLength={EMAIL_MAX_LENGTH}
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (invite.isError) invite.reset();
                  }}
                />
              )}
            </FormField>
            <FormField
              label="Role"
              required
              error={served.role ? sentence(served.role) : undefined}
              description={`${ROLE_SUMMARIES[role]}. You can change it later.`}
            >
              {(control) => (
                <Select {...control} value={role} onChange={(e) => setRole(e.target.value as Role)}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <DialogFormEnd
              problem={other}
              nothingDone="Nobody was invited."
              pending={invite.isPending}
              onCancel={() => close(false)}
              action="Create invitation link"
              pendingAction="Inviting…"
            />
          </form>
        </DialogContent>
      </Dialog>
      <SecretDialog
        title="Send this invitation link"
        label="Invitation link"
        value={created?.invitation_url ?? null}
        copyLabel="Copy link"
        copiedMessage="Invitation link copied"
        onClose={() => setCreated(null)}
      >
        {created ? (
          <>
            <p>
              Send this link to <strong className="break-all">{created.email}</strong>. It lets them
              join {teamName} as {ROLE_LABELS[created.role].toLowerCase()} once.
            </p>
            <p className="font-medium text-gray-900">
              It is shown only now and is valid for 7 days (until{' '}
              {formatDateTime(created.expires_at)}).
            </p>
          </>
        ) : null}
      </SecretDialog>
    </>
  );
}
