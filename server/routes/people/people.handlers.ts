import type { Context } from 'hono';
import { listAuditEvents } from '../../domain/audit.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { keyOwnerOf, listOwnKeys } from '../../domain/keys.ts';
import { dummyPasswordHash, isCommonPassword, verifyPassword } from '../../domain/passwords.ts';
import { actorOf, findMemberByEmail, listInvitations, listMembers } from '../../domain/people.ts';
import { hasScope, type AuthContext } from '../../domain/tenancy.ts';
import { ApiError, fieldsRefused, validationFailed } from '../../errors.ts';
import { assertBrandManaged, getAuth } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';
import { cursorScopeOf, type ListRouteDeps } from '../../http/paging.ts';
import type { RateLimitStore } from '../../http/rate-limit.ts';
import { SIGN_IN_LIMITS, SignInLimits } from '../../http/sign-in-limits.ts';
import { clientAddress, credentialRefused } from '../../http/throttle.ts';
import { linkBase } from '../../http/public-url.ts';
import type { InvitationMailer } from '../../mail/invitations.ts';
import {
  acceptInvitation,
  changeRole,
  createApiKey,
  inviteMember,
  removeMember,
  resendInvitation,
  revokeInvitation,
  revokeApiKey,
  signIn,
  signOut,
} from '../../services/people.ts';
import {
  acceptInvitationRoute,
  createKeyRoute,
  inviteRoute,
  listAuditEventsRoute,
  listInvitationsRoute,
  listKeysRoute,
  listMembersRoute,
  patchMemberRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  revokeKeyRoute,
  signInRoute,
  signOutRoute,
} from './people.routes.ts';

// People (docs/api.md#people): handlers.

export interface PeopleRouteDeps extends ListRouteDeps {
  now: () => Date;
  /** E-mails invitation links (SMTP_RELAY_URL); null: the inviter copies the link. */
  mailer?: InvitationMailer | null;
  /**
   * Where sign-ins are counted: a store every instance shares (Redis, or the database's
   * DbCounterStore), so the limits hold across instances (http/sign-in-limits.ts).
   */
  store: RateLimitStore;
  /** Failed sign-ins per e-mail per window before it is refused (default 10). */
  signInFailuresPerEmail?: number;
  /** Failed sign-ins per client address per window before it is refused (default 30). */
  signInFailuresPerAddress?: number;
  /** The window of both, in seconds (default 15 minutes). */
  signInWindowSeconds?: number;
  /** Sign-ins per e-mail per minute, right or wrong (default 20). */
  signInsPerMemberPerMinute?: number;
}

const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'Wrong e-mail or password');

function listScope(
  c: Context<AppEnv>,
  list: string,
  filters: Record<string, unknown>,
): CursorScope {
  return cursorScopeOf(c, { list, filters });
}

async function afterOf(
  deps: PeopleRouteDeps,
  scope: CursorScope,
  cursor: string | undefined,
): Promise<{ createdAt: string; id: string } | undefined> {
  if (!cursor) return undefined;
  const [createdAt, id] = decodeCursor(await deps.cursorSecret(), scope, cursor, [
    'string',
    'string',
  ]);
  return { createdAt: String(createdAt), id: String(id) };
}

async function page<T extends { id: string }>(
  deps: PeopleRouteDeps,
  scope: CursorScope,
  result: { rows: T[]; hasMore: boolean },
  sortKey: (row: T) => string,
) {
  const last = result.rows.at(-1);
  return {
    data: result.rows,
    has_more: result.hasMore,
    next_cursor:
      result.hasMore && last
        ? encodeCursor(await deps.cursorSecret(), scope, [sortKey(last), last.id])
        : null,
  };
}

function invitationUrl(base: string, token: string): string {
  // The token travels in the fragment: browsers never send it to a server or put it in a Referer.
  // The base is PUBLIC_URL, never a client's Host header (decision 0080): linkBase(c).
  return `${base}/accept-invitation#token=${token}`;
}

/** The member a new key belongs to: the signed-in member, or the member whose key makes it. */
function makerOf(auth: AuthContext): { createdByMemberId?: string } {
  const maker = auth.member?.id ?? auth.madeBy;
  return maker ? { createdByMemberId: maker } : {};
}

export function peopleRoutes(deps: PeopleRouteDeps) {
  const { db, now } = deps;
  const limits = new SignInLimits(
    deps.store,
    {
      failuresPerEmail: deps.signInFailuresPerEmail ?? SIGN_IN_LIMITS.failuresPerEmail,
      failuresPerAddress: deps.signInFailuresPerAddress ?? SIGN_IN_LIMITS.failuresPerAddress,
      windowMs: deps.signInWindowSeconds
        ? deps.signInWindowSeconds * 1000
        : SIGN_IN_LIMITS.windowMs,
      perMemberPerMinute: deps.signInsPerMemberPerMinute ?? SIGN_IN_LIMITS.perMemberPerMinute,
    },
    () => now().getTime(),
  );

  return createRouter()
    .openapi(signInRoute, async (c) => {
      const { email, password } = c.req.valid('json');
      const ticket = await limits.reserve(email, clientAddress(c));
      const member = await findMemberByEmail(db, email);
      // An unknown e-mail costs one scrypt too, against a dummy hash: same answer, same time.
      const ok = await verifyPassword(
        password,
        member?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!member || !ok) {
        credentialRefused(c);
        throw invalidCredentials();
      }
      await ticket.succeeded();
      return c.json(await signIn(db, member, now()), 201);
    })
    .openapi(signOutRoute, async (c) => {
      const auth = getAuth(c);
      if (!auth.member) {
        throw fieldsRefused(400, 'invalid_request', [
          {
            field: 'Authorization',
            message:
              'this credential is an API key, not a session; revoke a key with POST /keys/{key_id}/revoke',
          },
        ]);
      }
      await signOut(db, auth.keyId);
      return c.json({ ended: true as const }, 200);
    })
    .openapi(listMembersRoute, async (c) => {
      const q = c.req.valid('query');
      const scope = listScope(c, 'members', {});
      const after = await afterOf(deps, scope, q.starting_after);
      const result = await listMembers(db, getAuth(c), after, q.limit);
      return c.json(await page(deps, scope, result, (m) => m.created_at), 200);
    })
    .openapi(inviteRoute, async (c) => {
      const body = c.req.valid('json');
      const auth = getAuth(c);
      let owner = keyOwnerOf(auth);
      if (body.brand_id !== undefined) {
        assertBrandManaged(c, body.brand_id);
        owner = { kind: 'brand', brandId: body.brand_id };
      }
      const base = linkBase(c);
      const invitation = await inviteMember(
        db,
        deps.mailer ?? null,
        owner,
        { email: body.email, role: body.role },
        actorOf(auth).label,
        now(),
        auth,
        (token) => invitationUrl(base, token),
      );
      return c.json(invitation, 201);
    })
    .openapi(listInvitationsRoute, async (c) => {
      const q = c.req.valid('query');
      const scope = listScope(c, 'invitations', {});
      const after = await afterOf(deps, scope, q.starting_after);
      const result = await listInvitations(db, getAuth(c), after, q.limit, now());
      return c.json(await page(deps, scope, result, (i) => i.created_at), 200);
    })
    .openapi(resendInvitationRoute, async (c) => {
      const { invitation_id } = c.req.valid('param');
      const base = linkBase(c);
      const invitation = await resendInvitation(
        db,
        deps.mailer ?? null,
        getAuth(c),
        invitation_id,
        now(),
        (token) => invitationUrl(base, token),
      );
      return c.json(invitation, 200);
    })
    .openapi(revokeInvitationRoute, async (c) => {
      const { invitation_id } = c.req.valid('param');
      return c.json(await revokeInvitation(db, getAuth(c), invitation_id, now()), 200);
    })
    .openapi(acceptInvitationRoute, async (c) => {
      const { token } = c.req.valid('param');
      const body = c.req.valid('json');
      if (isCommonPassword(body.password)) {
        throw validationFailed(
          'password',
          'is one of the most common passwords; choose one that is hard to guess',
        );
      }
      return c.json(await acceptInvitation(db, token, body, now()), 201);
    })
    .openapi(patchMemberRoute, async (c) => {
      const { member_id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      return c.json(await changeRole(db, getAuth(c), member_id, role), 200);
    })
    .openapi(removeMemberRoute, async (c) => {
      const { member_id } = c.req.valid('param');
      await removeMember(db, getAuth(c), member_id, now());
      return c.json({ id: member_id, removed: true as const }, 200);
    })
    .openapi(listKeysRoute, async (c) => {
      const q = c.req.valid('query');
      const scope = listScope(c, 'keys', {});
      const after = await afterOf(deps, scope, q.starting_after);
      const result = await listOwnKeys(db, keyOwnerOf(getAuth(c)), after, q.limit);
      return c.json(await page(deps, scope, result, (k) => k.created_at), 200);
    })
    .openapi(createKeyRoute, async (c) => {
      const body = c.req.valid('json');
      const auth = getAuth(c);
      const beyond = body.scopes
        .map((scope, index) => ({ scope, index }))
        .filter(({ scope }) => !hasScope(auth, scope));
      if (beyond.length > 0) {
        throw fieldsRefused(
          403,
          'missing_scope',
          beyond.map(({ scope, index }) => ({
            field: `scopes[${index}]`,
            message: `${scope} is beyond your own scopes; a key never has more than its creator`,
          })),
        );
      }
      const owner = keyOwnerOf(auth);
      const created = await createApiKey(db, {
        ...(owner.kind === 'brand'
          ? { kind: 'brand' as const, brandId: owner.brandId }
          : { kind: 'agency' as const, agencyId: owner.agencyId }),
        scopes: body.scopes,
        name: body.name,
        createdBy: actorOf(auth).label,
        // The key is its maker's: a member's, or the member whose key made it.
        ...makerOf(auth),
      });
      return c.json({ ...created, name: body.name }, 201);
    })
    .openapi(revokeKeyRoute, async (c) => {
      const { key_id } = c.req.valid('param');
      const revoked = await revokeApiKey(db, key_id, now(), keyOwnerOf(getAuth(c)));
      return c.json({ id: revoked.id, revoked_at: revoked.revokedAt.toISOString() }, 200);
    })
    .openapi(listAuditEventsRoute, async (c) => {
      const { limit, starting_after, ...query } = c.req.valid('query');
      const auth = getAuth(c);
      if (query.campaign_id) await getCampaignRow(db, query.campaign_id, auth.brandIds);
      const scope = listScope(c, 'audit-events', { ...query });
      const secret = await deps.cursorSecret();
      const after = starting_after
        ? (([occurredAt, seq]) => ({ occurredAt: String(occurredAt), seq: Number(seq) }))(
            decodeCursor(secret, scope, starting_after, ['string', 'number']),
          )
        : undefined;
      const { data, hasMore, next } = await listAuditEvents(db, auth, { query, after, limit });
      return c.json(
        {
          data,
          has_more: hasMore,
          next_cursor:
            hasMore && next ? encodeCursor(secret, scope, [next.occurredAt, next.seq]) : null,
        },
        200,
      );
    });
}
