import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS, type Invitation, type InvitationCreated } from '#contract/people';
import { useState } from 'react';
import { Button } from '#components/ui/button';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { describeError } from '#lib/api-client';
import { formatDateTime } from '#lib/format';
import { notify } from '#lib/notify';
import { invitationsOptions, useResendInvitation, useRevokeInvitation } from '../api/people';
import { InvitationLinkDialog } from './invitation-link-dialog';
import { LoadError } from './section';

const EMAIL_STATES: Record<Invitation['email_status'], string> = {
  sent: 'E-mailed',
  failed: 'E-mail failed',
  sending: 'E-mail not confirmed',
  off: 'Not e-mailed',
};

const GRID =
  'md:grid md:grid-cols-[minmax(0,1.6fr)_7rem_minmax(0,1.2fr)_auto] md:items-center md:gap-4';

/**
 * The invitations of the team not yet accepted (docs/api.md#invitations): who, which role, until
 * when, whether the e-mail went out; a new link (the old one stops working) or revoke. Nothing is
 * shown while there are none.
 */
export function PendingInvitations({
  team,
}: {
  team: { brandId: string; brandName: string; agencyName: string | null };
}) {
  const invitations = useQuery(invitationsOptions());
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [asking, setAsking] = useState<{
    kind: 'resend' | 'revoke';
    invitation: Invitation;
  } | null>(null);
  const [link, setLink] = useState<InvitationCreated | null>(null);

  if (invitations.isPending) return null;
  if (invitations.isError) {
    return (
      <div className="border-t border-gray-200 p-4 sm:p-5">
        <LoadError
          title="Pending invitations could not be loaded"
          error={invitations.error}
          onRetry={() => void invitations.refetch()}
        />
      </div>
    );
  }
  const shown = invitations.data.filter((i) => i.brand_id === team.brandId || i.agency_id !== null);

  const pending = asking?.kind === 'resend' ? resend : revoke;
  const error = asking && pending.isError ? describeError(pending.error).description : null;

  return (
    <>
      {shown.length > 0 ? (
        <div className="border-t border-gray-200">
          <h3
            id="settings-invitations"
            className="px-4 pt-4 text-sm font-semibold text-gray-900 sm:px-5"
          >
            Pending invitations ({shown.length})
          </h3>
          <ul aria-labelledby="settings-invitations" className="divide-y divide-gray-100">
            {shown.map((invitation) => (
              <li
                key={invitation.id}
                data-invitation-id={invitation.id}
                className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 p-4 md:px-5 md:py-3 ${GRID}`}
              >
                <div className="min-w-0">
                  <span className="text-sm font-medium break-all text-gray-900">
                    {invitation.email}
                  </span>
                  <span className="block text-xs text-gray-600">
                    Invited by {invitation.invited_by}
                  </span>
                </div>
                <span className="row-start-2 text-sm text-gray-700 md:row-start-auto">
                  {ROLE_LABELS[invitation.role]}
                  {invitation.agency_id !== null ? ` at ${team.agencyName ?? 'the agency'}` : ''}
                </span>
                <span className="row-start-3 text-sm text-gray-700 md:row-start-auto">
                  Expires {formatDateTime(invitation.expires_at)}
                  <span
                    className={
                      invitation.email_status === 'failed'
                        ? 'block text-xs font-medium text-red-700'
                        : 'block text-xs text-gray-600'
                    }
                  >
                    {EMAIL_STATES[invitation.email_status]}
                  </span>
                </span>
                <div className="col-start-2 row-span-3 row-start-1 flex flex-col items-end gap-2 md:col-start-auto md:row-span-1 md:row-start-auto md:flex-row md:justify-end">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`New link for ${invitation.email}`}
                    onClick={() => {
                      resend.reset();
                      setAsking({ kind: 'resend', invitation });
                    }}
                  >
                    New link
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                    onClick={() => {
                      revoke.reset();
                      setAsking({ kind: 'revoke', invitation });
                    }}
                  >
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={
          asking?.kind === 'resend'
            ? `Make a new link for ${asking.invitation.email}?`
            : `Revoke the invitation of ${asking?.invitation.email ?? ''}?`
        }
        description={
          asking?.kind === 'resend'
            ? 'The link sent before stops working at once. The new one is valid for 7 days and is e-mailed when this service sends e-mail.'
            : 'The link stops working at once. You can invite them again later.'
        }
        confirmLabel={asking?.kind === 'resend' ? 'Make a new link' : 'Revoke'}
        pendingLabel={asking?.kind === 'resend' ? 'Making…' : 'Revoking…'}
        tone={asking?.kind === 'resend' ? 'primary' : 'danger'}
        pending={pending.isPending}
        error={error}
        errorTitle={asking?.kind === 'resend' ? 'No new link was made' : 'Not revoked'}
        onConfirm={() => {
          if (!asking) return;
          const { invitation } = asking;
          if (asking.kind === 'resend') {
            resend.mutate(invitation.id, {
              onSuccess: (made) => {
                setAsking(null);
                setLink(made);
              },
            });
          } else {
            revoke.mutate(invitation.id, {
              onSuccess: () => {
                setAsking(null);
                notify.success(`The invitation of ${invitation.email} was revoked`);
              },
            });
          }
        }}
      />
      <InvitationLinkDialog
        invitation={link}
        teamName={team.brandName}
        onClose={() => setLink(null)}
      />
    </>
  );
}
