import { transaction, type Db, type Tx } from '../db/client.ts';
import {
  claimKey,
  storeAnswer,
  type IdempotentOutcome,
  type IdempotentRequest,
} from '../domain/idempotency.ts';

// Idempotent writes (docs/api.md#calling-the-api): the claim of the key, the work and its stored
// answer commit in ONE transaction, so of any number of requests with one key exactly one does
// the work; a request that fails stores nothing (its transaction rolls back).

/**
 * Runs `work` at most once per (API key, Idempotency-Key) within the replay window. `work` runs in
 * the claiming transaction and answers a 2xx status and a JSON-serialisable body.
 */
export function runIdempotent(
  db: Db,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentOutcome> {
  return transaction(
    db,
    async (tx) => (await claimKey(tx, request)) ?? storeAnswer(tx, request, await work(tx)),
  );
}
