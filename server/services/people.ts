import type { Role } from '#contract/me';
import type { InvitationCreated, InvitationEmailStatus } from '#contract/people';
import { setAuditActor } from '../db/audit-context.ts';
import { transaction, type Db } from '../db/client.ts';
import * as keys from '../domain/keys.ts';
import { hashPassword } from '../domain/passwords.ts';
import * as people from '../domain/people.ts';
import type { AuthContext } from '../domain/tenancy.ts';
import type { InvitationMailer } from '../mail/invitations.ts';
import { inTransaction } from './write.ts';

// Members, their sessions, invitations and self-service keys (docs/architecture.md#services).
// What ends a credential tells every instance at commit (pg_notify, key-cache.ts); this instance
// forgets it here, after the commit.

/**
 * Signs a member in (the password already checked): the member is the actor of the session's
 * audit entry. Audit entry by trigger sessions_audit, docs/architecture.md#triggers.
 */
export async function signIn(db: Db, member: people.MemberRow, now: Date) {
  setAuditActor({ type: 'member', id: member.id, label: people.memberLabel(member) });
  const session = await transaction(db, (tx) => people.createSession(tx, member, now));
  people.forgetSessions(db, session.ended);
  return session.answer;
}

/** Signs a session out. Audit entry by trigger sessions_audit, docs/architecture.md#triggers. */
export async function signOut(db: Db, sessionId: string): Promise<void> {
  await transaction(db, (tx) => people.endSession(tx, sessionId));
  people.forgetSessions(db, [sessionId]);
}

/**
 * A member's new role; their keys and sessions reconnect with its scopes. Audit entry by trigger
 * members_audit, docs/architecture.md#triggers.
 */
export async function changeRole(db: Db, auth: AuthContext, id: string, role: Role) {
  const { answer, keys: ended } = await transaction(db, (tx) =>
    people.changeRole(tx, auth, id, role),
  );
  people.forgetSessions(db, ended);
  return answer;
}

/**
 * Removes a member, ends their sessions and revokes the keys they made. Audit entries by
 * triggers members_audit, sessions_audit, api_keys_audit, docs/architecture.md#triggers.
 */
export async function removeMember(db: Db, auth: AuthContext, id: string, now: Date) {
  const ended = await transaction(db, (tx) => people.removeMember(tx, auth, id, now));
  people.forgetSessions(db, ended);
}

/** Builds the link of an invitation from its token (the route knows the service's address). */
export type InvitationLink = (token: string) => string;

/**
 * After the commit: e-mails the link when there is a relay and records what the relay answered
 * (docs/api.md#invitations). Without a relay, `off`.
 */
async function mailInvitation(
  db: Db,
  mailer: InvitationMailer | null,
  invitation: { id: string; email: string; role: Role; invitedBy: string; teamName: string },
  url: string,
  expiresAt: Date,
): Promise<InvitationEmailStatus> {
  if (!mailer) return 'off';
  const status = await mailer.send({
    to: invitation.email,
    teamName: invitation.teamName,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    url,
    expiresAt,
  });
  await transaction(db, (tx) => people.recordInvitationEmail(tx, invitation.id, status));
  return status;
}

/**
 * An invitation (its token only in this answer), e-mailed after the commit when a relay is set.
 * Audit entry by trigger invitations_audit, docs/architecture.md#triggers.
 */
export async function inviteMember(
  db: Db,
  mailer: InvitationMailer | null,
  owner: keys.KeyOwner,
  input: { email: string; role: Role },
  invitedBy: string,
  now: Date,
  visibleTo: AuthContext | 'ops',
  linkFor: InvitationLink,
): Promise<InvitationCreated> {
  const made = await transaction(db, (tx) =>
    people.createInvitation(
      tx,
      owner,
      input,
      invitedBy,
      now,
      visibleTo,
      mailer ? 'sending' : 'off',
    ),
  );
  const url = linkFor(made.token);
  const emailStatus = await mailInvitation(
    db,
    mailer,
    { id: made.id, email: input.email, role: input.role, invitedBy, teamName: made.teamName },
    url,
    made.expiresAt,
  );
  return {
    id: made.id,
    email: input.email,
    role: input.role,
    invitation_url: url,
    expires_at: made.expiresAt.toISOString(),
    email_status: emailStatus,
  };
}

/**
 * A new link for a pending invitation (the old one stops working) and 7 more days, e-mailed again.
 * Audit entry (invitation.updated) by trigger invitations_audit, docs/architecture.md#triggers.
 */
export async function resendInvitation(
  db: Db,
  mailer: InvitationMailer | null,
  auth: AuthContext,
  id: string,
  now: Date,
  linkFor: InvitationLink,
): Promise<InvitationCreated> {
  const renewed = await transaction(db, (tx) =>
    people.renewInvitation(tx, auth, id, now, mailer ? 'sending' : 'off'),
  );
  const url = linkFor(renewed.token);
  const emailStatus = await mailInvitation(db, mailer, renewed, url, renewed.expiresAt);
  return {
    id: renewed.id,
    email: renewed.email,
    role: renewed.role,
    invitation_url: url,
    expires_at: renewed.expiresAt.toISOString(),
    email_status: emailStatus,
  };
}

/**
 * Revokes a pending invitation: its link answers 404 from then on. Audit entry
 * (invitation.deleted) by trigger invitations_audit, docs/architecture.md#triggers.
 */
export const revokeInvitation = inTransaction(people.revokeInvitation);

/**
 * Accepts an invitation: the member is made and signed in. The password is hashed before the
 * transaction, which then holds its lock only for the inserts. Audit entries by triggers
 * invitations_audit, members_audit, sessions_audit, docs/architecture.md#triggers.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: { name: string; password: string },
  now: Date,
) {
  await people.assertInvitationOpen(db, token, now);
  const passwordHash = await hashPassword(input.password);
  const started = await transaction(db, (tx) =>
    people.acceptInvitation(tx, token, { name: input.name, passwordHash }, now),
  ).catch((err: unknown) => {
    throw people.memberEmailTaken(err);
  });
  return started.answer;
}

/** A key for its owner. Audit entry by trigger api_keys_audit, docs/architecture.md#triggers. */
export const createApiKey = inTransaction(keys.insertApiKey);

/**
 * Revokes a key (of `owner`, when given); this instance stops accepting it at once, the others
 * when notified. Audit entry by trigger api_keys_audit, docs/architecture.md#triggers.
 */
export async function revokeApiKey(db: Db, id: string, now: Date, owner?: keys.KeyOwner) {
  const revoked = await transaction(db, (tx) => keys.revokeApiKey(tx, id, now, owner));
  people.forgetSessions(db, [id]);
  return revoked;
}
