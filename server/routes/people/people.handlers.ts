import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { setAuditActor } from '../../db/audit-context.ts';
import { transaction } from '../../db/client.ts';
import { listAuditEvents } from '../../domain/audit.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { insertApiKey, keyOwnerOf, listOwnKeys, revokeApiKey } from '../../domain/keys.ts';
import { dummyPasswordHash, verifyPassword } from '../../domain/passwords.ts';
import {
  acceptInvitation,
  actorOf,
  changeRole,
  createInvitation,
  createSession,
  endSession,
  findMemberByEmail,
  listMembers,
  removeMember,
} from '../../domain/people.ts';
import { hasScope } from '../../domain/tenancy.ts';
import { ApiError, fieldsRefused } from '../../errors.ts';
import { assertBrandManaged, getAuth } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';
import type { ListRouteDeps } from '../../http/paging.ts';
import { MemoryRateLimitStore, type RateLimitStore } from '../../http/rate-limit.ts';
import { clientAddress } from '../../http/throttle.ts';
import { linkBase } from '../../http/public-url.ts';
import {
  acceptInvitationRoute,
  createKeyRoute,
  inviteRoute,
  listAuditEventsRoute,
  listKeysRoute,
  listMembersRoute,
  patchMemberRoute,
  removeMemberRoute,
  revokeKeyRoute,
  signInRoute,
  signOutRoute,
} from './people.routes.ts';

// People (extensions section 11): handlers.

export interface PeopleRouteDeps extends ListRouteDeps {
  now: () => Date;
  /** Where failed sign-ins are counted (shared with the other limits; Redis across instances). */
  store?: RateLimitStore;
  /** Failed sign-ins per e-mail per window before it is refused (default 10). */
  signInFailuresPerEmail?: number;
  /** Failed sign-ins per client address per window before it is refused (default 30). */
  signInFailuresPerAddress?: number;
  /** The window of both, in seconds (default 15 minutes). */
  signInWindowSeconds?: number;
}

const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'Wrong e-mail or password');

/**
 * Failed sign-ins, counted per e-mail and per client address; past a limit in a window both the
 * address or the e-mail are refused (429 with Retry-After) until the window ends, right password
 * or not, before any password is checked.
 */
class SignInThrottle {
  readonly #locked = new Map<string, number>();
  readonly #store: RateLimitStore;
  readonly #windowMs: number;
  readonly #limits: { email: number; address: number };
  readonly #now: () => number;

  constructor(
    store: RateLimitStore,
    windowMs: number,
    limits: { email: number; address: number },
    now: () => number,
  ) {
    this.#store = store;
    this.#windowMs = windowMs;
    this.#limits = limits;
    this.#now = now;
  }

  static counterOf(kind: 'email' | 'address', value: string) {
    // The e-mail is hashed: the counters (possibly in Redis) hold no address in clear.
    const id =
      kind === 'email'
        ? createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32)
        : value;
    return `sign-in-failed:${kind}:${id}`;
  }

  check(counters: string[]): void {
    const t = this.#now();
    for (const counter of counters) {
      const until = this.#locked.get(counter);
      if (until === undefined) continue;
      if (until > t) throw this.#refuse(until - t);
      this.#locked.delete(counter);
    }
  }

  async fail(counters: { key: string; limit: number }[]): Promise<void> {
    const t = this.#now();
    for (const { key, limit } of counters) {
      const { count, resetAt } = await this.#store.hit(key, this.#windowMs, t);
      if (count >= limit) {
        if (this.#locked.size > 100_000) this.#locked.clear();
        this.#locked.set(key, resetAt);
      }
    }
  }

  get limits() {
    return this.#limits;
  }

  #refuse(ms: number) {
    const seconds = String(Math.max(1, Math.ceil(ms / 1000)));
    return new ApiError(429, 'rate_limited', `Too many failed sign-ins; retry in ${seconds} s`, {
      'Retry-After': seconds,
    });
  }
}

function listScope(list: string, filters: Record<string, unknown>): CursorScope {
  return { list, filters };
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

function invitationUrl(c: Context<AppEnv>, token: string): string {
  // The token travels in the fragment: browsers never send it to a server or put it in a Referer.
  // The base is PUBLIC_URL, never a client's Host header (decision 0080).
  return `${linkBase(c)}/accept-invitation#token=${token}`;
}

export function peopleRoutes(deps: PeopleRouteDeps) {
  const { db, now } = deps;
  const windowMs = (deps.signInWindowSeconds ?? 15 * 60) * 1000;
  const throttle = new SignInThrottle(
    deps.store ?? new MemoryRateLimitStore(),
    windowMs,
    { email: deps.signInFailuresPerEmail ?? 10, address: deps.signInFailuresPerAddress ?? 30 },
    () => now().getTime(),
  );

  return createRouter()
    .openapi(signInRoute, async (c) => {
      const { email, password } = c.req.valid('json');
      const counters = {
        email: SignInThrottle.counterOf('email', email),
        address: SignInThrottle.counterOf('address', clientAddress(c)),
      };
      throttle.check([counters.email, counters.address]);
      const member = await findMemberByEmail(db, email);
      // An unknown e-mail costs one scrypt too, against a dummy hash: same answer, same time.
      const ok = await verifyPassword(
        password,
        member?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!member || !ok) {
        await throttle.fail([
          { key: counters.email, limit: throttle.limits.email },
          { key: counters.address, limit: throttle.limits.address },
        ]);
        throw invalidCredentials();
      }
      setAuditActor({ type: 'member', id: member.id, label: `${member.name} (${member.role})` });
      const session = await transaction(db, (tx) => createSession(tx, member, now()));
      return c.json(session, 201);
    })
    .openapi(signOutRoute, async (c) => {
      const auth = getAuth(c);
      if (!auth.member) {
        throw new ApiError(
          400,
          'invalid_request',
          'Authorization: this credential is an API key, not a session; revoke a key with POST /keys/{key_id}/revoke',
        );
      }
      await endSession(db, auth.keyId);
      return c.json({ ended: true as const }, 200);
    })
    .openapi(listMembersRoute, async (c) => {
      const q = c.req.valid('query');
      const scope = listScope('members', {});
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
      const invitation = await createInvitation(
        db,
        owner,
        { email: body.email, role: body.role },
        actorOf(auth).label,
        now(),
      );
      return c.json(
        {
          id: invitation.id,
          email: body.email,
          role: body.role,
          invitation_url: invitationUrl(c, invitation.token),
          expires_at: invitation.expiresAt.toISOString(),
        },
        201,
      );
    })
    .openapi(acceptInvitationRoute, async (c) => {
      const { token } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await acceptInvitation(db, token, body, now()), 201);
    })
    .openapi(patchMemberRoute, async (c) => {
      const { member_id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      return c.json(await changeRole(db, getAuth(c), member_id, role), 200);
    })
    .openapi(removeMemberRoute, async (c) => {
      const { member_id } = c.req.valid('param');
      await removeMember(db, getAuth(c), member_id);
      return c.json({ id: member_id, removed: true as const }, 200);
    })
    .openapi(listKeysRoute, async (c) => {
      const q = c.req.valid('query');
      const scope = listScope('keys', {});
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
      const created = await transaction(db, (tx) =>
        insertApiKey(tx, {
          ...(owner.kind === 'brand'
            ? { kind: 'brand' as const, brandId: owner.brandId }
            : { kind: 'agency' as const, agencyId: owner.agencyId }),
          scopes: body.scopes,
          name: body.name,
          createdBy: actorOf(auth).label,
        }),
      );
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
      const scope = listScope('audit-events', { ...query });
      const secret = await deps.cursorSecret();
      const after = starting_after
        ? (([occurredAt, id]) => ({ occurredAt: String(occurredAt), id: String(id) }))(
            decodeCursor(secret, scope, starting_after, ['string', 'string']),
          )
        : undefined;
      const { data, hasMore } = await listAuditEvents(db, auth, { query, after, limit });
      const last = data.at(-1);
      return c.json(
        {
          data,
          has_more: hasMore,
          next_cursor:
            hasMore && last ? encodeCursor(secret, scope, [last.occurred_at, last.id]) : null,
        },
        200,
      );
    });
}
