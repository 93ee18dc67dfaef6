import { useQuery } from '@tanstack/react-query';
import type { Role } from '#contract/me';
import { ROLE_LABELS, type Member } from '#contract/people';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#components/ui/badge';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { Select } from '#components/ui/select';
import { describeError } from '#lib/api-client';
import { formatDate } from '#lib/format';
import { notify } from '#lib/notify';
import { membersOptions, useChangeRole, useRemoveMember } from '../api/people';
import { roleChangeNeedsConfirmation } from '../roles';
import { isLastAdmin, lastAdminMessage } from '../service-errors';
import { InviteDialog } from './invite-dialog';
import { PendingInvitations } from './pending-invitations';
import { RoleOptions } from './role-options';
import { RowAction, SettingsListSection, SettingsRow } from './section';

type Team = { brandId: string; brandName: string; agencyName: string | null };

const teamOf = (member: Member, team: Team) =>
  member.agency_id !== null ? (team.agencyName ?? 'The agency') : team.brandName;

const GRID =
  'md:grid md:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_11rem_7.5rem_6.5rem] md:items-center md:gap-4';

type RoleChange = { member: Member; to: Role; kind: 'self-demotion' | 'new-admin' };

/**
 * The brand's members (and its agency's, who act for it): invite, change a role, remove. The
 * member signed in is marked "You". Only shown to a credential with `members:write`.
 */
export function MembersSection({
  team,
  selfId,
  onOwnRoleChanged,
}: {
  team: Team;
  /** The signed-in member, or null for an API key. */
  selfId: string | null;
  /** The signed-in member's own role changed: what they may do changed with it. */
  onOwnRoleChanged: () => void;
}) {
  const members = useQuery(membersOptions());
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<RoleChange | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  const shown = (members.data ?? [])
    .filter((m) => m.brand_id === team.brandId || m.agency_id !== null)
    .sort(
      (a, b) => Number(b.id === selfId) - Number(a.id === selfId) || a.name.localeCompare(b.name),
    );

  const applyRole = (member: Member, to: Role, asked: boolean) => {
    changeRole.mutate(
      { memberId: member.id, role: to },
      {
        onSuccess: () => {
          setConfirming(null);
          notify.success(`${member.name} is now ${ROLE_LABELS[to].toLowerCase()}`);
          if (member.id === selfId) onOwnRoleChanged();
        },
        onError: (error) => {
          // Asked first: the dialog shows why, and stays open.
          if (asked) return;
          notify.error(
            `${member.name}’s role was not changed`,
            isLastAdmin(error)
              ? lastAdminMessage(teamOf(member, team))
              : describeError(error).description,
          );
        },
      },
    );
  };

  // The service refuses to leave a brand or agency without an admin (409 last_admin): say so
  // before asking anything, instead of a confirmation that promises what cannot happen.
  const isOnlyAdmin = (member: Member) =>
    member.role === 'admin' &&
    !(members.data ?? []).some(
      (other) =>
        other.id !== member.id &&
        other.role === 'admin' &&
        other.brand_id === member.brand_id &&
        other.agency_id === member.agency_id,
    );
  const refuseLastAdmin = (member: Member, what: string) =>
    notify.error(what, lastAdminMessage(teamOf(member, team)));

  const pickRole = (member: Member, to: Role) => {
    if (to !== 'admin' && isOnlyAdmin(member)) {
      refuseLastAdmin(
        member,
        member.id === selfId
          ? 'Your role was not changed'
          : `${member.name}’s role was not changed`,
      );
      return;
    }
    const kind = roleChangeNeedsConfirmation({ self: member.id === selfId, from: member.role, to });
    if (kind) {
      changeRole.reset();
      setConfirming({ member, to, kind });
    } else {
      applyRole(member, to, false);
    }
  };

  const confirmError =
    confirming && changeRole.isError
      ? isLastAdmin(changeRole.error)
        ? lastAdminMessage(teamOf(confirming.member, team))
        : describeError(changeRole.error).description
      : null;
  const removeError =
    removing && remove.isError
      ? isLastAdmin(remove.error)
        ? lastAdminMessage(teamOf(removing, team))
        : describeError(remove.error).description
      : null;

  return (
    <SettingsListSection
      id="settings-members"
      title="Members"
      description={`People who sign in to ${team.brandName} with their e-mail address. Their role decides what they may do.`}
      add={{ icon: UserPlus, label: 'Invite a member', onClick: () => setInviting(true) }}
      query={members}
      loading="Loading members…"
      errorTitle="Members could not be loaded"
      empty={
        shown.length === 0
          ? {
              icon: Users,
              title: 'No members yet',
              text: <>Invite the first person: they choose their own name and password.</>,
            }
          : null
      }
      grid={GRID}
      columns={['Name', 'E-mail', 'Role', 'Joined']}
      listLabel="Members"
      rows={shown.map((member) => {
        const self = member.id === selfId;
        const busy = changeRole.isPending && changeRole.variables?.memberId === member.id;
        return (
          <SettingsRow key={member.id} data-member-id={member.id} grid={GRID}>
            <div className="min-w-0">
              <span className="font-medium break-words text-gray-900">{member.name}</span>
              {self ? (
                <Badge tone="indigo" className="ml-2">
                  You
                </Badge>
              ) : null}
              {member.agency_id !== null ? (
                <span className="block text-xs text-gray-600">
                  {team.agencyName ?? 'Agency'}, for all its brands
                </span>
              ) : null}
            </div>
            <span className="col-span-2 row-start-2 min-w-0 text-sm break-all text-gray-700 md:col-span-1 md:row-start-auto">
              {member.email}
            </span>
            <div className="min-w-0">
              <Select
                aria-label={`Role of ${member.name}`}
                value={member.role}
                disabled={busy}
                className="h-9 md:w-full"
                onChange={(e) => pickRole(member, e.target.value as Role)}
              >
                <RoleOptions />
              </Select>
            </div>
            <span className="self-center text-right text-sm text-gray-600 md:text-left">
              <span className="md:sr-only">Joined </span>
              {formatDate(member.created_at)}
            </span>
            <RowAction
              action={{
                label: 'Remove',
                name: self ? `Remove yourself (${member.name})` : `Remove ${member.name}`,
                onClick: () => {
                  if (isOnlyAdmin(member)) {
                    refuseLastAdmin(
                      member,
                      self ? 'You were not removed' : `${member.name} was not removed`,
                    );
                    return;
                  }
                  remove.reset();
                  setRemoving(member);
                },
              }}
            />
          </SettingsRow>
        );
      })}
    >
      <PendingInvitations team={team} />
      <InviteDialog
        brandId={team.brandId}
        teamName={team.brandName}
        open={inviting}
        onOpenChange={setInviting}
      />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={
          confirming?.kind === 'self-demotion'
            ? `Make yourself ${ROLE_LABELS[confirming.to].toLowerCase()}?`
            : `Make ${confirming?.member.name ?? ''} an admin?`
        }
        description={
          confirming?.kind === 'self-demotion'
            ? 'You will no longer manage members or API keys, and you cannot undo this yourself: another admin has to give the role back.'
            : `${confirming?.member.name ?? ''} will be able to invite and remove members, change roles, and create and revoke API keys.`
        }
        confirmLabel={
          confirming?.kind === 'self-demotion'
            ? `Make me ${confirming ? ROLE_LABELS[confirming.to].toLowerCase() : ''}`
            : 'Make admin'
        }
        pendingLabel="Changing…"
        tone={confirming?.kind === 'self-demotion' ? 'danger' : 'primary'}
        pending={changeRole.isPending}
        error={confirmError}
        errorTitle="The role was not changed"
        onConfirm={() => confirming && applyRole(confirming.member, confirming.to, true)}
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing?.id === selfId ? 'Remove yourself?' : `Remove ${removing?.name ?? ''}?`}
        description={
          removing?.id === selfId
            ? `You lose access to ${team.brandName} and are signed out at once. Only an admin can invite you again.`
            : `${removing?.name ?? ''} (${removing?.email ?? ''}) loses access to ${removing ? teamOf(removing, team) : ''} and is signed out everywhere at once. What they did stays in the history.`
        }
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={removeError}
        errorTitle="Not removed"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify.success(`${removing.name} was removed`);
              setRemoving(null);
            },
          })
        }
      />
    </SettingsListSection>
  );
}
