import { ALL_BRANDS } from './brand-scope.ts';
import type { Db } from '../db/client.ts';
import {
  currentPosition,
  pruneEvents,
  readEvents,
  type OutboxEvent,
  type Position,
} from './outbox.ts';

// The hub of one instance (docs/architecture.md#live-events): one reader of the outbox
// (outbox.ts), woken by NOTIFY and by its poll, hands each batch to the streams of this instance
// that follow the events' brands.

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
      const batch = await readEvents(this.db, this.position, ALL_BRANDS, this.options.batch);
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
