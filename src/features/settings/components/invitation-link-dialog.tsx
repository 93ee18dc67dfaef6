import { ROLE_LABELS, type InvitationCreated } from '#contract/people';
import { formatDateTime } from '#lib/format';
import { SecretDialog } from './secret-dialog';

const TITLES: Record<InvitationCreated['email_status'], string> = {
  sent: 'Invitation e-mailed',
  failed: 'The e-mail could not be sent',
  off: 'Send this invitation link',
  sending: 'Send this invitation link',
};

/**
 * An invitation's one-time link, just made (a new invitation or a new link for one): says whether
 * it was e-mailed, and shows it to copy. Asks before closing unless it went out by e-mail.
 */
export function InvitationLinkDialog({
  invitation,
  teamName,
  onClose,
}: {
  invitation: InvitationCreated | null;
  teamName: string;
  onClose: () => void;
}) {
  const status = invitation?.email_status ?? 'off';
  return (
    <SecretDialog
      title={TITLES[status]}
      label="Invitation link"
      value={invitation?.invitation_url ?? null}
      copyLabel="Copy link"
      copiedMessage="Invitation link copied"
      mustCopy={status !== 'sent'}
      onClose={onClose}
    >
      {invitation ? (
        <>
          {status === 'sent' ? (
            <p>
              We e-mailed this link to <strong className="break-all">{invitation.email}</strong>. It
              lets them join {teamName} as {ROLE_LABELS[invitation.role].toLowerCase()} once. You
              can also copy it to send it another way.
            </p>
          ) : (
            <p>
              {status === 'failed'
                ? 'The mail server did not accept the e-mail. '
                : 'This service sends no e-mail. '}
              Send this link to <strong className="break-all">{invitation.email}</strong> yourself.
              It lets them join {teamName} as {ROLE_LABELS[invitation.role].toLowerCase()} once.
            </p>
          )}
          <p className="font-medium text-gray-900">
            It is shown only now and is valid for 7 days (until{' '}
            {formatDateTime(invitation.expires_at)}). Under Pending invitations you can make a new
            link or revoke it.
          </p>
        </>
      ) : null}
    </SecretDialog>
  );
}
