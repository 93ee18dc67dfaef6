import { sql } from 'drizzle-orm';
import type { EventType, LiveEvent } from '#contract/events';
import { queryRows, type Db } from '../db/client.ts';
import { isoTimestampText } from './sql.ts';

// The outbox of live events (extensions section 6). Triggers write one row per change in the
// changing transaction (migration creator_activity), so every instance on the database sees every
// change. Readers go in (tx_id, id) order and only below the oldest transaction still running
// (pg_snapshot_xmin): a row can never appear behind a reader's position later, whatever order
// concurrent transactions commit in. A position is sent as the SSE id `<tx_id>.<id>`.

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

/** Events after `after` (every brand when brandIds is null), oldest first, at most `limit`. */
export async function readEvents(
  db: Db,
  after: Position,
  brandIds: readonly string[] | null,
  limit: number,
): Promise<OutboxEvent[]> {
  if (brandIds !== null && brandIds.length === 0) return [];
  const brandFilter =
    brandIds === null
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
 * been pruned), or more than `maxBehind` events of the key's brands behind. Bounded work: at
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
      where (tx_id, id) > (${resume.txId}::bigint, ${resume.id}::bigint) and tx_id < ${SAFE}
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

// ---------------------------------------------------------------- the hub of one instance

export interface EventHubOptions {
  /** How often the shared poller reads the outbox while anyone listens. */
  pollMs?: number;
  /**
   * The shortest time between two reads when woken (NOTIFY): under a stream of writes each read
   * then carries the events of many, and each stream gets them in one write (decision 0074).
   */
  minIntervalMs?: number;
  /**
   * After handing out a batch, the next read waits at least this many times as long as the
   * handing out took (bounded by maxIntervalMs): with thousands of streams, fan-out then takes at
   * most 1 / (1 + ratio) of the instance's time, and the writers keep the rest.
   */
  deliveryRatio?: number;
  /** The longest a woken read waits, whatever the fan-out costs (latency bound). */
  maxIntervalMs?: number;
  /** Streams woken per turn of the event loop when handing out a batch. */
  wakeSlice?: number;
  /** Rows per read. */
  batch?: number;
  /**
   * Events a slow connection may have waiting; past it the connection is closed (it resumes). The
   * hub never waits for a connection: the streams hold what their connections have not taken.
   */
  queueLimit?: number;
  /** Events older than this are pruned (checked every pruneEveryMs). */
  retainMs?: number;
  pruneEveryMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * What one read of the outbox hands a stream: its events (those of its brands), and their frames
 * already encoded. Every stream following the same brands gets the same Delivery: the bytes are
 * built once per read, however many streams write them (decision 0078).
 */
export interface Delivery {
  events: readonly OutboxEvent[];
  /** The position of the first and of the last event. */
  first: Position;
  last: Position;
  /** The events' frames, one after the other, as UTF-8. */
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

/** The Delivery of `events` (at least one). */
export function deliveryOf(events: readonly OutboxEvent[]): Delivery {
  let frames = '';
  for (const e of events) frames += e.frame;
  return {
    events,
    first: events[0]!.position,
    last: events.at(-1)!.position,
    bytes: encoder.encode(frames),
  };
}

export interface Subscription {
  /** Where the shared stream stood when this subscription began. */
  start: Position;
  close(): void;
}

interface Subscriber {
  brandIds: ReadonlySet<string>;
  /** The brands, sorted: subscribers with the same key share a read's Delivery. */
  key: string;
  deliver: (delivery: Delivery) => void;
  closed: boolean;
}

/**
 * One poller per instance, shared by all its SSE connections: one query per tick whatever the
 * number of listeners, and it runs only while someone listens. Each connection has a bounded queue.
 */
export class EventHub {
  private readonly db: Db;
  private readonly options: Required<Omit<EventHubOptions, 'onError'>> &
    Pick<EventHubOptions, 'onError'>;
  private readonly subscribers = new Set<Subscriber>();
  /** The subscribers of each brand: an event visits only its brand's streams. */
  private readonly byBrand = new Map<string, Set<Subscriber>>();
  /** Events read, and (event, subscriber) pairs handed out (see the fan-out test). */
  readonly stats = { events: 0, visits: 0 };
  private position: Position | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending timer fires (ms since the epoch). */
  private timerDue = 0;
  /** When the last read began, and how long after it the next may begin. */
  private lastPoll = 0;
  private gap = 0;
  private polling: Promise<void> | null = null;
  private lastPrune = 0;

  constructor(db: Db, options: EventHubOptions = {}) {
    this.db = db;
    this.options = {
      pollMs: options.pollMs ?? 1000,
      minIntervalMs: options.minIntervalMs ?? 100,
      deliveryRatio: options.deliveryRatio ?? 4,
      maxIntervalMs: options.maxIntervalMs ?? 500,
      wakeSlice: options.wakeSlice ?? 500,
      batch: options.batch ?? 500,
      queueLimit: options.queueLimit ?? 1000,
      retainMs: options.retainMs ?? 24 * 3600_000,
      pruneEveryMs: options.pruneEveryMs ?? 10 * 60_000,
      onError: options.onError,
    };
  }

  get listeners(): number {
    return this.subscribers.size;
  }

  /** Events a connection may have waiting before it is closed (EventHubOptions.queueLimit). */
  get queueLimit(): number {
    return this.options.queueLimit;
  }

  /** Subscriptions begin one at a time, so each one's `start` is exact. */
  private opening: Promise<unknown> = Promise.resolve();

  /**
   * Follows the events of `brandIds`: `deliver` is called, synchronously from the hub's read, with
   * each read's events of those brands. It must not throw, and must not wait for its connection.
   */
  subscribe(
    brandIds: readonly string[],
    deliver: (delivery: Delivery) => void,
  ): Promise<Subscription> {
    const next = this.opening.then(() => this.begin(brandIds, deliver));
    this.opening = next.catch(() => undefined);
    return next;
  }

  private async begin(
    brandIds: readonly string[],
    deliver: (delivery: Delivery) => void,
  ): Promise<Subscription> {
    // Wait for a poll in flight, so `start` is a position every later delivery comes after.
    if (this.polling) await this.polling;
    // An idle hub's position is stale (nobody polled since): a new stream starts now.
    if (this.subscribers.size === 0 || this.position === null)
      this.position = await currentPosition(this.db);
    const sub: Subscriber = {
      brandIds: new Set(brandIds),
      key: [...new Set(brandIds)].sort().join(','),
      deliver,
      closed: false,
    };
    this.subscribers.add(sub);
    for (const brandId of sub.brandIds) {
      let set = this.byBrand.get(brandId);
      if (!set) {
        set = new Set();
        this.byBrand.set(brandId, set);
      }
      set.add(sub);
    }
    this.schedule();
    const close = () => {
      if (sub.closed) return;
      sub.closed = true;
      this.subscribers.delete(sub);
      for (const brandId of sub.brandIds) {
        const set = this.byBrand.get(brandId);
        set?.delete(sub);
        if (set?.size === 0) this.byBrand.delete(brandId);
      }
      if (this.subscribers.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
    };
    return { start: this.position, close };
  }

  /**
   * Hands each subscriber its Delivery, `wakeSlice` subscribers at a time with a turn of the event
   * loop between slices: thousands of streams writing at once must not hold up the requests in
   * between.
   */
  private async handOut(deliveries: readonly [Subscriber, Delivery][]): Promise<void> {
    const slice = this.options.wakeSlice;
    for (let i = 0; i < deliveries.length; i += slice) {
      const started = performance.now();
      for (const [sub, delivery] of deliveries.slice(i, i + slice))
        if (!sub.closed) sub.deliver(delivery);
      // Their connections write in the microtasks that run before this.
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.delivering += performance.now() - started;
    }
  }

  /** Milliseconds spent handing out the current read's events (its streams writing them). */
  private delivering = 0;

  /**
   * Polls soon rather than at the next tick (a NOTIFY on `EVENTS_CHANNEL` says something
   * committed): never in the caller's path (a timer, at once when the last read began at least
   * `minIntervalMs` ago), so the writer that notified goes on; does nothing while nobody listens.
   */
  wake(): void {
    if (this.subscribers.size === 0) return;
    if (this.polling) {
      this.wakeAgain = true;
      return;
    }
    const due = Math.max(Date.now(), this.lastPoll + this.gap);
    if (this.timer) {
      if (this.timerDue <= due) return;
      clearTimeout(this.timer);
    }
    this.startTimer(due);
  }

  private wakeAgain = false;

  private startTimer(due: number) {
    this.timerDue = due;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.runPoll();
      },
      Math.max(0, due - Date.now()),
    );
    this.timer.unref?.();
  }

  private runPoll() {
    this.lastPoll = Date.now();
    this.polling = this.poll()
      .catch((err: unknown) => this.options.onError?.(err))
      .finally(() => {
        this.polling = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
        this.schedule();
      });
  }

  private schedule() {
    if (this.timer || this.polling || this.subscribers.size === 0) return;
    this.startTimer(Date.now() + this.options.pollMs);
  }

  /** One tick: read what is new (in batches), hand each event to the connections of its brand. */
  async poll(): Promise<void> {
    this.delivering = 0;
    const started = performance.now();
    try {
      await this.read();
    } finally {
      // The wait before the next woken read: fan-out's share of the time stays bounded.
      const { minIntervalMs, maxIntervalMs, deliveryRatio } = this.options;
      const took = performance.now() - started;
      this.gap = Math.min(
        maxIntervalMs,
        Math.max(minIntervalMs, took + this.delivering * deliveryRatio),
      );
    }
  }

  private async read(): Promise<void> {
    this.position ??= await currentPosition(this.db);
    for (;;) {
      const batch = await readEvents(this.db, this.position, null, this.options.batch);
      this.stats.events += batch.length;
      // The subscribers of the brands that have events, each with the Delivery of its brands'
      // events, built once per set of brands.
      const shared = new Map<string, Delivery>();
      const visited = new Set<Subscriber>();
      const deliveries: [Subscriber, Delivery][] = [];
      for (const brandId of new Set(batch.map((e) => e.brandId))) {
        for (const sub of this.byBrand.get(brandId) ?? []) {
          if (visited.has(sub)) continue;
          visited.add(sub);
          let delivery = shared.get(sub.key);
          if (!delivery) {
            delivery = deliveryOf(batch.filter((e) => sub.brandIds.has(e.brandId)));
            shared.set(sub.key, delivery);
          }
          this.stats.visits += delivery.events.length;
          deliveries.push([sub, delivery]);
        }
      }
      const last = batch.at(-1);
      if (last) this.position = last.position;
      await this.handOut(deliveries);
      if (batch.length < this.options.batch) break;
    }
    const now = Date.now();
    if (now - this.lastPrune >= this.options.pruneEveryMs) {
      this.lastPrune = now;
      await pruneEvents(this.db, this.options.retainMs);
    }
  }
}
