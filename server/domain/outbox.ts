import { sql } from 'drizzle-orm';
import type { EventType, LiveEvent } from '#contract/events';
import { queryRows, type Db } from '../db/client.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';
import { isoTimestampText } from './sql.ts';

// The outbox of live events (docs/api.md#live-events). Triggers write one row per change in the
// changing transaction (migration creator_activity), so every instance on the database sees every
// change. Readers go in (tx_id, id) order and only below the oldest transaction still running
// (pg_snapshot_xmin): a row can never appear behind a reader's position later, whatever order
// concurrent transactions commit in. A position is sent as the SSE id `<tx_id>.<id>`. The hub of
// one instance (event-hub.ts) reads here and hands the events to its streams
// (docs/architecture.md#live-events).

export interface Position {
  txId: number;
  id: number;
}

export interface OutboxEvent {
  position: Position;
  brandId: string;
  event: LiveEvent;
  /** The whole SSE message (`id:` and `data:`), serialized once however many streams send it. */
  frame: string;
}

/** The channel the outbox triggers NOTIFY on. */
export const EVENTS_CHANNEL = 'cc_events';

export const formatPosition = (p: Position) => `${p.txId}.${p.id}`;

/** A Last-Event-ID as a position; null when it is not one of ours (the stream then starts now). */
export function parsePosition(raw: string | undefined | null): Position | null {
  const match = raw ? /^(\d{1,18})\.(\d{1,18})$/.exec(raw.trim()) : null;
  if (!match) return null;
  const txId = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(txId) && Number.isSafeInteger(id) ? { txId, id } : null;
}

export const comparePositions = (a: Position, b: Position) => a.txId - b.txId || a.id - b.id;

const SAFE = sql.raw(`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`);

/** Events of the scope's brands after `after`, oldest first, at most `limit`. */
export async function readEvents(
  db: Db,
  after: Position,
  brandIds: BrandScope,
  limit: number,
): Promise<OutboxEvent[]> {
  if (brandIds !== ALL_BRANDS && brandIds.length === 0) return [];
  const brandFilter =
    brandIds === ALL_BRANDS
      ? sql``
      : sql` and brand_id in (${sql.join(
          brandIds.map((b) => sql`${b}::uuid`),
          sql`, `,
        )})`;
  const rows = await queryRows<{
    tx_id: string | number;
    id: string | number;
    brand_id: string;
    campaign_id: string | null;
    type: string;
    resource_id: string;
    occurred_at: string;
  }>(
    db,
    sql`select tx_id, id, brand_id, campaign_id, type, resource_id, ${sql.raw(isoTimestampText('occurred_at'))} as occurred_at
      from events
      where (tx_id, id) > (${after.txId}::bigint, ${after.id}::bigint) and tx_id < ${SAFE}${brandFilter}
      order by tx_id, id limit ${limit}`,
  );
  return rows.map((r) => {
    const position = { txId: Number(r.tx_id), id: Number(r.id) };
    const event: LiveEvent = {
      type: r.type as EventType,
      id: r.resource_id,
      campaign_id: r.campaign_id,
      brand_id: r.brand_id,
      occurred_at: r.occurred_at,
    };
    return {
      position,
      brandId: r.brand_id,
      event,
      frame: `id: ${formatPosition(position)}\ndata: ${JSON.stringify(event)}\n\n`,
    };
  });
}

/** Events a resuming stream may be behind before it gets a `reset` instead of a replay. */
export const MAX_REPLAY_EVENTS = 1000;

export type ReplayProblem = 'unknown_position' | 'too_old' | 'too_far_behind' | 'ahead';

/**
 * Why a stream resuming after `resume` must start with a `reset` (docs/api.md#live-events), or
 * null when it can replay: a position before the oldest event kept (the ones between may have
 * been pruned), or more than `maxBehind` events of the key's brands behind. Every committed event
 * counts, also one not yet safe to deliver (a concurrent transaction with an older id may still be
 * open): it will be delivered, so the stream is that far behind. Bounded work: at
 * most `maxBehind + 1` index entries are read. (A position ahead of the newest event is found by
 * the caller, which knows where its stream starts: see aheadOfNewest.)
 */
export async function replayProblem(
  db: Db,
  resume: Position,
  brandIds: readonly string[],
  maxBehind = MAX_REPLAY_EVENTS,
): Promise<ReplayProblem | null> {
  const [oldest] = await queryRows<{ tx_id: string | number; id: string | number }>(
    db,
    sql`select tx_id, id from events order by tx_id, id limit 1`,
  );
  if (oldest && comparePositions(resume, { txId: Number(oldest.tx_id), id: Number(oldest.id) }) < 0)
    return 'too_old';
  if (brandIds.length === 0) return null;
  const [behind] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from (
      select 1 from events
      where (tx_id, id) > (${resume.txId}::bigint, ${resume.id}::bigint)
        and brand_id in (${sql.join(
          brandIds.map((b) => sql`${b}::uuid`),
          sql`, `,
        )})
      limit ${maxBehind + 1}) behind`,
  );
  return Number(behind?.n ?? 0) > maxBehind ? 'too_far_behind' : null;
}

/**
 * Whether `resume` is ahead of every event written (a Last-Event-ID from another database, or a
 * made-up one): such a stream would wait silently for events that never come after it, so it
 * starts with a `reset`. `start` is where the hub stands (it may lag the database by one poll);
 * only a position ahead of it is checked against the database.
 */
export async function aheadOfNewest(db: Db, resume: Position, start: Position): Promise<boolean> {
  if (comparePositions(resume, start) <= 0) return false;
  return comparePositions(resume, await currentPosition(db)) > 0;
}

/** The position of the newest event a reader may see now: a stream without Last-Event-ID starts here. */
export async function currentPosition(db: Db): Promise<Position> {
  const [row] = await queryRows<{ tx_id: string | number; id: string | number }>(
    db,
    sql`select tx_id, id from events where tx_id < ${SAFE} order by tx_id desc, id desc limit 1`,
  );
  return row ? { txId: Number(row.tx_id), id: Number(row.id) } : { txId: 0, id: 0 };
}

/** Deletes events older than `maxAgeMs`; a client resuming from before that starts afresh. */
export async function pruneEvents(db: Db, maxAgeMs: number): Promise<void> {
  await db.execute(
    sql`delete from events where occurred_at < now() - make_interval(secs => ${maxAgeMs / 1000})`,
  );
}
