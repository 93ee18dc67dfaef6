import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { RateLimitStore } from './rate-limit.ts';

// Fixed windows counted in the database (table auth_counters), for the limits that must hold
// across instances when no Redis is configured: the sign-in limits (decision 0091). One upsert
// per hit, atomic on both drivers, so however many sign-ins arrive at once, on however many
// instances, each gets its own count.

/** Counted hits older than this are swept now and then. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;

export class DbCounterStore implements RateLimitStore {
  readonly #db: Db;
  #hits = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  async hit(key: string, windowMs: number, now: number) {
    const end = now - (now % windowMs) + windowMs;
    const endAt = new Date(end).toISOString();
    const rows = await queryRows<{ count: number }>(
      this.#db,
      sql`
      insert into auth_counters (key, window_end, count) values (${key}, ${endAt}::timestamptz, 1)
      on conflict (key) do update set
        count = case when auth_counters.window_end = excluded.window_end
          then auth_counters.count + 1 else 1 end,
        window_end = excluded.window_end
      returning count`,
    );
    if (++this.#hits % 500 === 0) {
      const before = new Date(now - SWEEP_AFTER_MS).toISOString();
      await this.#db.execute(
        sql`delete from auth_counters where window_end < ${before}::timestamptz`,
      );
    }
    return { count: Number(rows[0]?.count ?? 1), resetAt: end };
  }

  async undo(key: string, windowMs: number, now: number) {
    const endAt = new Date(now - (now % windowMs) + windowMs).toISOString();
    await this.#db.execute(sql`
      update auth_counters set count = count - 1
      where key = ${key} and window_end = ${endAt}::timestamptz and count > 0`);
  }
}
