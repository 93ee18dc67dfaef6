import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ALL_SCOPES, type Role, type Scope, type Side } from '#contract/me';
import { ROLE_SCOPES } from '#contract/people';
import type { Db, Tx } from '../db/client.ts';
import { apiKeys, members } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { readPage } from './paging.ts';
import { isoTimestamp } from './sql.ts';
import { KEY_REVOKED_CHANNEL } from './key-cache.ts';
import type { AuthContext } from './tenancy.ts';

// API keys: `cck_` + 40 base62 characters (~238 bits). Only the SHA-256 of a key is stored; a
// request's key is found by hashing it, so the database never holds anything usable as a key.

export const KEY_PREFIX = 'cck_';
const KEY_BODY_LENGTH = 40;
const SHOWN_PREFIX_LENGTH = 12;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new random credential: `prefix` + 40 base62 characters (API keys; sessions use `ccs_`). */
export function generateApiKey(prefix: string = KEY_PREFIX): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(KEY_BODY_LENGTH)) {
      // 248 = 4 * 62: dropping the bytes above keeps every character equally likely.
      if (byte < 248 && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return prefix + body;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key that is safe to show (in /me, logs and lists). */
export function keyPrefix(key: string): string {
  return key.slice(0, SHOWN_PREFIX_LENGTH);
}

/** Default all scopes; no duplicates; the canonical order of the contract. */
export function normalizeScopes(scopes?: readonly Scope[]): Scope[] {
  if (!scopes) return [...ALL_SCOPES];
  return ALL_SCOPES.filter((s) => scopes.includes(s));
}

const isScope = (s: string): s is Scope => (ALL_SCOPES as readonly string[]).includes(s);

/**
 * The scopes a key acts with: its own, and for a key a member made, only those its maker's
 * current role also carries (docs/api.md#keys-act-within-their-makers-role). A key whose maker is
 * gone acts with none (removing a member revokes their keys; this is the second lock).
 */
export function effectiveScopes(
  scopes: readonly string[],
  maker: { made: boolean; role: Role | null },
): Scope[] {
  const own = scopes.filter(isScope);
  if (!maker.made) return own;
  const role = maker.role;
  return role ? own.filter((s) => ROLE_SCOPES[role].includes(s)) : [];
}

/**
 * Finds the active key with a hash (hashApiKey), with the brands it acts for and, for a key a
 * member made, that member's current role; null when unknown or revoked. It runs before requests,
 * so it is one statement on the unique key_hash index, prepared on first use (a named statement on
 * PostgreSQL, parsed once per connection). An agency's brands and the maker's role come from the
 * same statement, read each time the key is not in the cache (key-cache.ts), so a change of them
 * applies at once.
 */
export function apiKeyResolver(db: Db): (keyHash: string) => Promise<AuthContext | null> {
  const prepare = () =>
    db
      .select({
        id: apiKeys.id,
        kind: apiKeys.kind,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        agencyId: apiKeys.agencyId,
        madeBy: apiKeys.createdByMemberId,
        makerRole: members.role,
        name: apiKeys.name,
        // Qualified by hand: drizzle writes the columns of a one-table select unqualified.
        brandIds: sql<(string | null)[]>`case when api_keys.kind = 'agency'
          then array(select ab.brand_id::text from agency_brands ab where ab.agency_id = api_keys.agency_id order by ab.brand_id)
          else array[api_keys.brand_id::text] end`,
      })
      .from(apiKeys)
      .leftJoin(members, eq(members.id, apiKeys.createdByMemberId))
      .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
      .prepare('resolve_api_key');
  let query: ReturnType<typeof prepare> | undefined;
  return async (keyHash) => {
    query ??= prepare();
    const [row] = await query.execute({ hash: keyHash });
    if (!row) return null;
    return {
      keyId: row.id,
      kind: row.kind,
      prefix: row.prefix,
      scopes: effectiveScopes(row.scopes, { made: row.madeBy !== null, role: row.makerRole }),
      brandIds: row.brandIds.filter((id): id is string => id !== null),
      agencyId: row.agencyId,
      member: null,
      madeBy: row.madeBy,
      keyName: row.name,
    };
  };
}

export interface NewKey {
  kind: Side;
  brandId?: string;
  agencyId?: string;
  scopes?: readonly Scope[];
  /** A fixed key (the demo world's well-known keys); otherwise a random one. */
  key?: string;
  /** What its creator calls it (self-service keys). */
  name?: string;
  /** Who made it (default `ops`). */
  createdBy?: string;
  /** The member who made it (POST /keys by a signed-in member): it acts within their role. */
  createdByMemberId?: string;
}

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  kind: Side;
  scopes: Scope[];
}

/** Stores a new key (its hash); the returned value is the only time the key is visible. */
export async function insertApiKey(tx: Tx, input: NewKey): Promise<CreatedKey> {
  const key = input.key ?? generateApiKey();
  const scopes = normalizeScopes(input.scopes);
  const [row] = await tx
    .insert(apiKeys)
    .values({
      kind: input.kind,
      brandId: input.kind === 'brand' ? input.brandId : null,
      agencyId: input.kind === 'agency' ? input.agencyId : null,
      prefix: keyPrefix(key),
      keyHash: hashApiKey(key),
      scopes,
      name: input.name ?? null,
      createdBy: input.createdBy ?? 'ops',
      createdByMemberId: input.createdByMemberId ?? null,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('insert into api_keys returned no row');
  return { id: row.id, key, prefix: keyPrefix(key), kind: input.kind, scopes };
}

/**
 * Revokes a key in `tx`; revoking a revoked key keeps its first revocation time. The other
 * instances sharing the database drop it from their caches when notified at commit
 * (key-cache.ts); the service makes this instance forget it after the commit.
 */
export async function revokeApiKey(
  tx: Tx,
  id: string,
  now: Date,
  owner?: KeyOwner,
): Promise<{ id: string; revokedAt: Date }> {
  const [row] = await tx
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), owner ? ownedBy(owner) : undefined))
    .for('update');
  if (!row) throw new ApiError(404, 'not_found', 'Key not found');
  if (row.revokedAt) return { id: row.id, revokedAt: row.revokedAt };
  await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
  // Delivered at commit to the other instances, which drop the key from their caches.
  await tx.execute(sql`select pg_notify(${KEY_REVOKED_CHANNEL}, ${id})`);
  return { id: row.id, revokedAt: now };
}

/** The brand or agency whose keys a credential manages itself (docs/api.md#people). */
export type KeyOwner = { kind: 'brand'; brandId: string } | { kind: 'agency'; agencyId: string };

const ownedBy = (owner: KeyOwner) =>
  owner.kind === 'brand'
    ? and(eq(apiKeys.kind, 'brand'), eq(apiKeys.brandId, owner.brandId))
    : and(eq(apiKeys.kind, 'agency'), eq(apiKeys.agencyId, owner.agencyId));

/** The owner a credential creates and lists keys for: its own brand, or its own agency. */
export function keyOwnerOf(auth: AuthContext): KeyOwner {
  if (auth.kind === 'agency' && auth.agencyId) return { kind: 'agency', agencyId: auth.agencyId };
  const brandId = auth.brandIds[0];
  if (!brandId) throw new ApiError(404, 'not_found', 'No brand for this credential');
  return { kind: 'brand', brandId };
}

/** GET /keys: the owner's keys, newest first (revoked ones too, with revoked_at). */
export async function listOwnKeys(
  db: Db,
  owner: KeyOwner,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  const query = db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      kind: apiKeys.kind,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      createdAt: isoTimestamp(apiKeys.createdAt),
      revokedAt: isoTimestamp(apiKeys.revokedAt),
    })
    .from(apiKeys)
    .where(
      and(
        ownedBy(owner),
        after
          ? sql`(${apiKeys.createdAt}, ${apiKeys.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const page = await readPage(query, limit);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      kind: r.kind,
      scopes: r.scopes.filter(isScope),
      created_by: r.createdBy,
      created_at: r.createdAt,
      revoked_at: r.revokedAt as string | null,
    })),
  };
}
