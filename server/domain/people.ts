import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ALL_SCOPES, type Role, type Scope } from '#contract/me';
import {
  ROLE_SCOPES,
  type Invitation,
  type InvitationEmailStatus,
  type Member,
  type MemberSummary,
} from '#contract/people';
import type { AuditActor } from '../db/audit-context.ts';
import { setTransactionActor, type Db, type Tx } from '../db/client.ts';
import { isUniqueViolation, violatedConstraint } from '../db/errors.ts';
import { agencies, apiKeys, brands, invitations, members, sessions } from '../db/schema.ts';
import { ApiError, fieldsRefused, notFound } from '../errors.ts';
import { canonicalEmail } from './emails.ts';
import { apiKeyCacheOf, KEY_REVOKED_CHANNEL } from './key-cache.ts';
import { generateApiKey, hashApiKey, keyPrefix, type KeyOwner } from './keys.ts';
import { hashPassword } from './passwords.ts';
import { isoTimestamp } from './sql.ts';
import type { AuthContext } from './tenancy.ts';

// Members, their sessions and invitations (docs/api.md#people). A session token is a bearer
// credential used exactly like an API key: `ccs_` + 40 base62 characters, stored as its SHA-256,
// resolved at each request (never cached, so a sign-out, a removal or a role change applies to
// the very next request), ending 12 hours after its last use or 7 days after sign-in.

export const SESSION_PREFIX = 'ccs_';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per session (one write per minute, not per request). */
export const SESSION_TOUCH_MS = 60 * 1000;
/** Live sessions a member may hold; signing in once more ends the oldest (decision 0091). */
export const MAX_SESSIONS_PER_MEMBER = 50;

/** When a session last used at `lastUsedAt` and started at `createdAt` ends, unless used again. */
export const sessionEnd = (createdAt: Date, lastUsedAt: Date): Date =>
  new Date(Math.min(lastUsedAt.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));

export const isSessionToken = (token: string) => token.startsWith(SESSION_PREFIX);

/**
 * What the audit trail and "approved by" call a member: "Maya Chen (reviewer)" for a brand's
 * member, "Tom Becker (Brightline Agency reviewer)" for an agency's, so a brand sees who is not
 * its own.
 */
export function memberLabel(member: {
  name: string;
  role: Role;
  agencyName: string | null;
}): string {
  return member.agencyName
    ? `${member.name} (${member.agencyName} ${member.role})`
    : `${member.name} (${member.role})`;
}

/** The audit trail's name for the credential of a request. */
export function actorOf(auth: AuthContext): AuditActor {
  if (auth.member) {
    return { type: 'member', id: auth.member.id, label: memberLabel(auth.member) };
  }
  // A key by its name ("Shop sync (API key)"), which people recognise; an unnamed one by its prefix.
  return {
    type: 'key',
    id: auth.keyId,
    label: auth.keyName ? `${auth.keyName} (API key)` : `API key ${auth.prefix}…`,
  };
}

/** Only the scopes a role carries, in the contract's order. */
export const scopesOfRole = (role: Role): Scope[] =>
  ALL_SCOPES.filter((s) => ROLE_SCOPES[role].includes(s));

const memberBrandIds = sql<(string | null)[]>`case when ${members.agencyId} is not null
  then array(select ab.brand_id::text from agency_brands ab where ab.agency_id = ${members.agencyId} order by ab.brand_id)
  else array[${members.brandId}::text] end`;

/**
 * Resolves a session token's hash to the member's credential, or null when unknown or expired (an
 * expired row is deleted). Touches last_used_at at most once a minute.
 */
export function sessionResolver(
  db: Db,
  now: () => Date,
): (tokenHash: string) => Promise<AuthContext | null> {
  return async (tokenHash) => {
    const [row] = await db
      .select({
        id: sessions.id,
        prefix: sessions.prefix,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        memberId: members.id,
        email: members.email,
        name: members.name,
        role: members.role,
        agencyId: members.agencyId,
        agencyName: agencies.name,
        brandIds: memberBrandIds,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .leftJoin(agencies, eq(agencies.id, members.agencyId))
      .where(eq(sessions.tokenHash, tokenHash));
    if (!row) return null;
    const t = now().getTime();
    if (sessionEnd(row.createdAt, row.lastUsedAt).getTime() <= t) {
      await db.delete(sessions).where(eq(sessions.id, row.id));
      return null;
    }
    let lastUsedAt = row.lastUsedAt;
    if (t - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
      lastUsedAt = now();
      await db.update(sessions).set({ lastUsedAt }).where(eq(sessions.id, row.id));
    }
    return {
      keyId: row.id,
      kind: row.agencyId ? 'agency' : 'brand',
      prefix: row.prefix,
      scopes: scopesOfRole(row.role),
      brandIds: row.brandIds.filter((id): id is string => id !== null),
      agencyId: row.agencyId,
      member: {
        id: row.memberId,
        email: row.email,
        name: row.name,
        role: row.role,
        agencyName: row.agencyName,
      },
      endsAt: sessionEnd(row.createdAt, lastUsedAt),
    };
  };
}

/**
 * When a session ends now, or null when it has ended (unknown, signed out, removed, expired):
 * what an open event stream of the session asks when its known end has passed (streams.ts), since
 * another tab's requests may have moved the end.
 */
export async function sessionEndOf(db: Db, sessionId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  const end = sessionEnd(row.createdAt, row.lastUsedAt);
  return end.getTime() > now.getTime() ? end : null;
}

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  brandId: string | null;
  agencyId: string | null;
  /** The agency's name for an agency's member, null for a brand's. */
  agencyName: string | null;
}

/** The member with this e-mail address, compared in its canonical form (emails.ts). */
export async function findMemberByEmail(db: Db, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select({
      id: members.id,
      email: members.email,
      name: members.name,
      role: members.role,
      passwordHash: members.passwordHash,
      brandId: members.brandId,
      agencyId: members.agencyId,
      agencyName: agencies.name,
    })
    .from(members)
    .leftJoin(agencies, eq(agencies.id, members.agencyId))
    .where(eq(members.email, canonicalEmail(email)));
  return row ?? null;
}

export const memberSummary = (m: {
  id: string;
  email: string;
  name: string;
  role: Role;
}): MemberSummary => ({ id: m.id, email: m.email, name: m.name, role: m.role });

/**
 * Starts a session for a member; the token appears only in this answer. A member holds at most
 * MAX_SESSIONS_PER_MEMBER live sessions: the oldest beyond it end here (announced to the other
 * instances at commit; `ended` for the caller to forget after the commit, see forgetSessions).
 */
export async function createSession(
  tx: Tx,
  member: { id: string; email: string; name: string; role: Role },
  now: Date,
) {
  // The member's row is locked first, so two sign-ins at once count each other's sessions.
  await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update');
  const beyond = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.memberId, member.id))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(MAX_SESSIONS_PER_MEMBER - 1);
  const ended = beyond.map((r) => r.id);
  if (ended.length > 0) {
    await tx.delete(sessions).where(inArray(sessions.id, ended));
    await announceEnded(tx, ended);
  }
  const token = generateApiKey(SESSION_PREFIX);
  await tx.insert(sessions).values({
    memberId: member.id,
    tokenHash: hashApiKey(token),
    prefix: keyPrefix(token),
    createdAt: now,
    lastUsedAt: now,
  });
  return {
    answer: {
      token,
      expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
      member: memberSummary(member),
    },
    ended,
  };
}

/**
 * Ends sessions (sign-out, removal): deleted in `tx`, announced to the other instances at commit;
 * call forgetSessions after the commit for this instance (closes their event streams).
 */
async function announceEnded(tx: Db, ids: readonly string[]) {
  for (const id of ids) await tx.execute(sql`select pg_notify(${KEY_REVOKED_CHANNEL}, ${id})`);
}

export function forgetSessions(db: Db, ids: readonly string[]) {
  const cache = apiKeyCacheOf(db);
  for (const id of ids) cache.forget(id);
}

/** Ends a session (sign-out); the other instances forget it when notified at commit. */
export async function endSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
  await announceEnded(tx, [sessionId]);
}

/** The members a credential sees and manages: its brands' and, for an agency, the agency's own. */
export function visibleMembers(auth: AuthContext): SQL {
  const conditions: SQL[] = [];
  if (auth.brandIds.length > 0) conditions.push(inArray(members.brandId, [...auth.brandIds]));
  if (auth.kind === 'agency' && auth.agencyId) conditions.push(eq(members.agencyId, auth.agencyId));
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

const memberColumns = {
  id: members.id,
  email: members.email,
  name: members.name,
  role: members.role,
  brandId: members.brandId,
  agencyId: members.agencyId,
  createdAt: isoTimestamp(members.createdAt),
};

type MemberListRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  brandId: string | null;
  agencyId: string | null;
  createdAt: string;
};

export const toMember = (r: MemberListRow): Member => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  brand_id: r.brandId,
  agency_id: r.agencyId,
  created_at: r.createdAt,
});

/** GET /members: newest first. */
export async function listMembers(
  db: Db,
  auth: AuthContext,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  const rows = await db
    .select(memberColumns)
    .from(members)
    .where(
      and(
        visibleMembers(auth),
        after
          ? sql`(${members.createdAt}, ${members.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).map(toMember), hasMore: rows.length > limit };
}

const ownerOfMember = (m: { brandId: string | null; agencyId: string | null }) =>
  m.agencyId ? eq(members.agencyId, m.agencyId) : eq(members.brandId, m.brandId!);

/** Locks the member (visible to `auth`) and the admins of its brand or agency. */
async function lockMemberAndAdmins(tx: Tx, auth: AuthContext, id: string) {
  const [member] = await tx
    .select({
      id: members.id,
      brandId: members.brandId,
      agencyId: members.agencyId,
      role: members.role,
    })
    .from(members)
    .where(and(eq(members.id, id), visibleMembers(auth)))
    .for('update');
  if (!member) throw notFound('Member');
  const admins = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(ownerOfMember(member), eq(members.role, 'admin')))
    .for('update');
  return { member, adminCount: admins.length };
}

const lastAdmin = (what: string) =>
  fieldsRefused(409, 'last_admin', [
    {
      field: what,
      message: `this member is the last admin of its brand or agency; make another member admin first`,
    },
  ]);

/** The ids of the keys a member made (POST /keys) that are not revoked. */
async function liveKeysMadeBy(tx: Tx, memberId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.createdByMemberId, memberId), isNull(apiKeys.revokedAt)));
  return rows.map((r) => r.id);
}

/**
 * PATCH /members/{id}: a new role; the last admin cannot be demoted. The keys the member made act
 * within the new role from the next request on: every instance forgets them (key-cache.ts), and
 * their open event streams, and the member's sessions' streams, close and reconnect with the new
 * scopes. Answers the member and the credentials to forget after the commit.
 */
export async function changeRole(tx: Tx, auth: AuthContext, id: string, role: Role) {
  const { member, adminCount } = await lockMemberAndAdmins(tx, auth, id);
  if (member.role === 'admin' && role !== 'admin' && adminCount <= 1) throw lastAdmin('role');
  let keys: string[] = [];
  if (member.role !== role) {
    await tx.update(members).set({ role }).where(eq(members.id, id));
    // The member's sessions stay signed in; their open streams close too, so the dashboard
    // reconnects and reads /me again, showing the new role's controls at once.
    const own = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.memberId, id));
    keys = [...(await liveKeysMadeBy(tx, id)), ...own.map((s) => s.id)];
    await announceEnded(tx, keys);
  }
  const [row] = await tx.select(memberColumns).from(members).where(eq(members.id, id));
  return { answer: toMember(row!), keys };
}

/**
 * DELETE /members/{id}: removes the member, ends their sessions and revokes the keys they made, at
 * once (each revocation is in the audit trail, by whoever removed the member). Answers the
 * credentials to forget after the commit.
 */
export async function removeMember(
  tx: Tx,
  auth: AuthContext,
  id: string,
  now: Date,
): Promise<string[]> {
  const { member, adminCount } = await lockMemberAndAdmins(tx, auth, id);
  if (member.role === 'admin' && adminCount <= 1) throw lastAdmin('member');
  const ids = (
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, id))
  ).map((s) => s.id);
  const keys = await liveKeysMadeBy(tx, id);
  if (keys.length > 0) {
    await tx.update(apiKeys).set({ revokedAt: now }).where(inArray(apiKeys.id, keys));
  }
  await tx.delete(members).where(eq(members.id, id)); // sessions go with it (cascade)
  await announceEnded(tx, [...ids, ...keys]);
  return [...ids, ...keys];
}

const memberExists = (field: string) =>
  fieldsRefused(409, 'member_exists', [
    { field, message: `a member with this e-mail address already exists` },
  ]);

/**
 * Creates an invitation for `owner`; the token appears only in this answer. `member_exists` only
 * for a member the inviter sees (`visibleTo`: its own brands or agency, or every member for
 * /ops): whether an address is a member of another brand or agency is never told.
 */
export async function createInvitation(
  tx: Tx,
  owner: KeyOwner,
  input: { email: string; role: Role },
  invitedBy: string,
  now: Date,
  visibleTo: AuthContext | 'ops',
  emailStatus: 'off' | 'sending' = 'off',
) {
  const email = canonicalEmail(input.email);
  const [seen] = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(eq(members.email, email), visibleTo === 'ops' ? undefined : visibleMembers(visibleTo)),
    );
  if (seen) throw memberExists('email');
  const token = generateApiKey('cci_');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const [row] = await tx
    .insert(invitations)
    .values({
      brandId: owner.kind === 'brand' ? owner.brandId : null,
      agencyId: owner.kind === 'agency' ? owner.agencyId : null,
      email,
      role: input.role,
      tokenHash: hashApiKey(token),
      invitedBy,
      createdAt: now,
      expiresAt,
      emailStatus,
    })
    .returning({ id: invitations.id });
  return { id: row!.id, token, expiresAt, teamName: await teamNameOf(tx, owner) };
}

/** The name of the brand or agency an invitation joins (the e-mail names it). */
async function teamNameOf(
  tx: Db,
  owner: { brandId: string | null; agencyId: string | null } | KeyOwner,
): Promise<string> {
  const brandId = 'kind' in owner ? (owner.kind === 'brand' ? owner.brandId : null) : owner.brandId;
  const agencyId =
    'kind' in owner ? (owner.kind === 'agency' ? owner.agencyId : null) : owner.agencyId;
  const [row] = brandId
    ? await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId))
    : await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId!));
  return row?.name ?? 'Campaign Console';
}

/** The invitations a credential sees and manages: its brands' and, for an agency, the agency's. */
function visibleInvitations(auth: AuthContext): SQL {
  const conditions: SQL[] = [];
  if (auth.brandIds.length > 0) conditions.push(inArray(invitations.brandId, [...auth.brandIds]));
  if (auth.kind === 'agency' && auth.agencyId)
    conditions.push(eq(invitations.agencyId, auth.agencyId));
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

/** Not accepted and not expired (a revoked invitation is deleted). */
const pendingAt = (now: Date) =>
  and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now));

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  brandId: invitations.brandId,
  agencyId: invitations.agencyId,
  invitedBy: invitations.invitedBy,
  createdAt: isoTimestamp(invitations.createdAt),
  expiresAt: isoTimestamp(invitations.expiresAt),
  emailStatus: invitations.emailStatus,
};

const toInvitation = (r: {
  id: string;
  email: string;
  role: Role;
  brandId: string | null;
  agencyId: string | null;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  emailStatus: string;
}): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  brand_id: r.brandId,
  agency_id: r.agencyId,
  invited_by: r.invitedBy,
  created_at: r.createdAt,
  expires_at: r.expiresAt,
  email_status: r.emailStatus as InvitationEmailStatus,
});

/** GET /members/invitations: the pending invitations the credential manages, newest first. */
export async function listInvitations(
  db: Db,
  auth: AuthContext,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
  now: Date,
) {
  const rows = await db
    .select(invitationColumns)
    .from(invitations)
    .where(
      and(
        visibleInvitations(auth),
        pendingAt(now),
        after
          ? sql`(${invitations.createdAt}, ${invitations.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).map(toInvitation), hasMore: rows.length > limit };
}

const invitationNotPending = () =>
  new ApiError(404, 'not_found', 'Invitation not found, already accepted, revoked or expired');

/**
 * DELETE /members/invitations/{id}: the invitation is deleted, so its link answers 404 like an
 * unknown one; the trail keeps `invitation.deleted` ("Invitation revoked").
 */
export async function revokeInvitation(tx: Tx, auth: AuthContext, id: string, now: Date) {
  const [gone] = await tx
    .delete(invitations)
    .where(and(eq(invitations.id, id), visibleInvitations(auth), pendingAt(now)))
    .returning({ id: invitations.id });
  if (!gone) throw invitationNotPending();
  return { id: gone.id, revoked: true as const };
}

/**
 * POST /members/invitations/{id}/resend: a new token (the old link stops working at once) and 7
 * more days; the e-mail goes out again when a relay is set.
 */
export async function renewInvitation(
  tx: Tx,
  auth: AuthContext,
  id: string,
  now: Date,
  emailStatus: 'off' | 'sending',
) {
  const token = generateApiKey('cci_');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const [row] = await tx
    .update(invitations)
    .set({ tokenHash: hashApiKey(token), expiresAt, emailStatus })
    .where(and(eq(invitations.id, id), visibleInvitations(auth), pendingAt(now)))
    .returning({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      brandId: invitations.brandId,
      agencyId: invitations.agencyId,
      invitedBy: invitations.invitedBy,
    });
  if (!row) throw invitationNotPending();
  return { ...row, token, expiresAt, teamName: await teamNameOf(tx, row) };
}

/** What the relay answered for an invitation's e-mail (not in the trail: decision 0160). */
export async function recordInvitationEmail(
  tx: Tx,
  id: string,
  status: 'sent' | 'failed',
): Promise<void> {
  await tx
    .update(invitations)
    .set({ emailStatus: status })
    .where(and(eq(invitations.id, id), eq(invitations.emailStatus, 'sending')));
}

const invitationGone = () =>
  new ApiError(404, 'not_found', 'Invitation not found, already used or expired');

/**
 * A cheap look before accepting (POST /invitations/{token}/accept): an unknown, used or expired
 * token answers 404 and costs no password hash.
 */
export async function assertInvitationOpen(db: Db, token: string, now: Date): Promise<void> {
  const [open] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, hashApiKey(token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  if (!open) throw invitationGone();
}

/**
 * Two invitations of one address accepted at once: the second insert meets the first's unique
 * e-mail, and answers what it would have answered a moment later (409 member_exists).
 */
export const memberEmailTaken = (err: unknown) =>
  isUniqueViolation(err) && violatedConstraint(err) === 'members_email_idx'
    ? memberExists('email')
    : err;

/**
 * Accepts an invitation, one time, before it expires: makes the member (whose password is
 * already hashed, outside the transaction) and signs them in. Unknown, used and expired tokens get
 * the same 404.
 */
export async function acceptInvitation(
  tx: Tx,
  token: string,
  input: { name: string; passwordHash: string },
  now: Date,
) {
  const [inv] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashApiKey(token)))
    .for('update');
  if (!inv || inv.acceptedAt || inv.expiresAt.getTime() <= now.getTime()) throw invitationGone();
  if (await findMemberByEmail(tx, inv.email)) throw memberExists('email');
  const memberId = randomUUID();
  // The new member is the actor of what follows (the trail: invitation.accepted, member.joined).
  const [agency] = inv.agencyId
    ? await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, inv.agencyId))
    : [];
  await setTransactionActor(tx, {
    type: 'member',
    id: memberId,
    label: memberLabel({ name: input.name, role: inv.role, agencyName: agency?.name ?? null }),
  });
  await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, inv.id));
  const [member] = await tx
    .insert(members)
    .values({
      id: memberId,
      brandId: inv.brandId,
      agencyId: inv.agencyId,
      email: inv.email,
      name: input.name,
      role: inv.role,
      passwordHash: input.passwordHash,
      createdAt: now,
    })
    .returning({ id: members.id, email: members.email, name: members.name, role: members.role });
  return createSession(tx, member!, now);
}

/** Makes a member directly (the demo world); the password is hashed here. */
export async function insertMember(
  db: Db,
  input: {
    brandId?: string;
    agencyId?: string;
    email: string;
    name: string;
    role: Role;
    password: string;
  },
) {
  const [row] = await db
    .insert(members)
    .values({
      brandId: input.brandId ?? null,
      agencyId: input.agencyId ?? null,
      email: canonicalEmail(input.email),
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: members.id });
  return row!;
}
