import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { fieldsRefused } from '../errors.ts';
import { canonicalJson } from './json.ts';

// Idempotent creates (docs/api.md#calling-the-api). Everything happens in ONE transaction: a
// transaction-scoped advisory lock on (API key, Idempotency-Key) claims the key, the stored answer
// is looked up, and the work and the stored answer commit together. So of any number of requests
// with one key, exactly one does the work; a concurrent one answers 409 idempotency_in_progress,
// a later one replays the stored answer. A request that fails stores nothing (its transaction
// rolls back), so a corrected retry with the same key does the work.

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Hex SHA-256 of the method, the path and the body as canonical JSON (key order does not matter). */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** The advisory lock of one key of one API key: 64 bits of SHA-256, as a signed bigint text. */
export function advisoryLockId(apiKeyId: string, key: string): string {
  const digest = createHash('sha256').update(`idempotency\n${apiKeyId}\n${key}`).digest();
  return BigInt.asIntN(64, digest.readBigUInt64BE(0)).toString();
}

export interface IdempotentRequest {
  apiKeyId: string;
  key: string;
  hash: string;
  now: Date;
}

export interface IdempotentOutcome {
  replay: boolean;
  status: number;
  /** The JSON answer as text. */
  body: string;
}

// Each keyed create also removes up to this many rows past the replay window.
const PURGE_BATCH = 50;

/**
 * Claims (API key, Idempotency-Key) for the rest of `tx` and answers the stored answer of an
 * earlier request with this key and body within the replay window (null: do the work, then
 * storeAnswer). A request still running with this key answers 409 idempotency_in_progress, one
 * with another body 409 idempotency_conflict. The transaction is the caller's: the service's
 * runIdempotent (services/idempotency.ts) runs the claim, the work and the stored answer in one.
 */
export async function claimKey(
  tx: Tx,
  request: IdempotentRequest,
): Promise<IdempotentOutcome | null> {
  const [claim] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${advisoryLockId(request.apiKeyId, request.key)}::bigint) as locked`,
  );
  if (!claim?.locked) {
    throw fieldsRefused(
      409,
      'idempotency_in_progress',
      [
        {
          field: 'Idempotency-Key',
          message: 'a request with this key is still running; retry after a second',
        },
      ],
      { 'Retry-After': '1' },
    );
  }
  const where = and(
    eq(idempotencyKeys.apiKeyId, request.apiKeyId),
    eq(idempotencyKeys.key, request.key),
  );
  const [stored] = await tx.select().from(idempotencyKeys).where(where);
  if (!stored) return null;
  const expiredBefore = replayWindowStart(request);
  if (stored.createdAt > expiredBefore) {
    if (stored.requestHash !== request.hash) {
      throw fieldsRefused(409, 'idempotency_conflict', [
        {
          field: 'Idempotency-Key',
          message: 'already used with a different request within the last 24 hours; use a new key',
        },
      ]);
    }
    return { replay: true, status: stored.responseStatus, body: stored.responseBody };
  }
  await tx.delete(idempotencyKeys).where(where);
  return null;
}

/** Stores the answer of the work done under a claimed key (claimKey), and answers it as text. */
export async function storeAnswer(
  tx: Tx,
  request: IdempotentRequest,
  result: { status: number; body: unknown },
): Promise<IdempotentOutcome> {
  const body = JSON.stringify(result.body);
  await tx.insert(idempotencyKeys).values({
    apiKeyId: request.apiKeyId,
    key: request.key,
    requestHash: request.hash,
    responseStatus: result.status,
    responseBody: body,
    createdAt: request.now,
  });
  // Keeps the table to about a day of keys without a background job; rows another
  // transaction holds are skipped, not waited for.
  await tx.execute(sql`
    delete from ${idempotencyKeys} where ctid in (
      select ctid from ${idempotencyKeys}
      where ${lt(idempotencyKeys.createdAt, replayWindowStart(request))}
      limit ${PURGE_BATCH} for update skip locked)`);
  return { replay: false, status: result.status, body };
}

const replayWindowStart = (request: IdempotentRequest) =>
  new Date(request.now.getTime() - REPLAY_WINDOW_MS);
