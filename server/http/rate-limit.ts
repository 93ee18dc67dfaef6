import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import type { AppEnv } from './context.ts';

/**
 * Where hits are counted: in this process (MemoryRateLimitStore) or in Redis (RedisRateLimitStore),
 * which several instances share for one budget per key.
 */
export interface RateLimitStore {
  /** Counts one hit of `key` in the fixed window containing `now`; returns the count and the window's end. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /**
   * Takes back one hit of `key` counted at `now` (a try reserved before a check that then passed,
   * see sign-in-limits.ts); nothing when that window has ended.
   */
  undo(key: string, windowMs: number, now: number): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { start: number; end: number; count: number }>();
  #nextSweep = 0;

  async hit(key: string, windowMs: number, now: number) {
    const start = now - (now % windowMs);
    if (now >= this.#nextSweep) {
      // Now and then, forget the windows that have ended. Each entry keeps its own end: limits of
      // different windows (a minute, 15 minutes) share the store.
      for (const [k, w] of this.#windows) if (w.end <= now) this.#windows.delete(k);
      this.#nextSweep = now + 60_000;
    }
    let w = this.#windows.get(key);
    if (!w || w.start !== start) {
      w = { start, end: start + windowMs, count: 0 };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetAt: w.end };
  }

  async undo(key: string, windowMs: number, now: number) {
    const w = this.#windows.get(key);
    if (w && w.start === now - (now % windowMs) && w.count > 0) w.count -= 1;
  }
}

export interface RateLimitOptions {
  limit: number;
  windowSeconds?: number;
  store?: RateLimitStore;
  now?: () => number;
}

/** What a fixed-window limit counts and how its refusal names who is limited. */
export interface WindowLimit {
  /** The limit's name in the RateLimit headers. */
  name: string;
  /** The counter a request counts on; undefined: the request is not counted. */
  counter(c: Context<AppEnv>): string | undefined;
  /** Who is limited, as the refusal says it after the limit ('' or ' for this address'). */
  whose: string;
}

/**
 * A limit per fixed window, with the IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers)
 * on every answer it counts; over the limit: 429 `rate_limited` with Retry-After.
 */
export function windowRateLimit(
  options: RateLimitOptions,
  limit: WindowLimit,
): MiddlewareHandler<AppEnv> {
  const windowSeconds = options.windowSeconds ?? 60;
  const windowMs = windowSeconds * 1000;
  const store = options.store ?? new MemoryRateLimitStore();
  const now = options.now ?? Date.now;
  const policy = `"${limit.name}";q=${options.limit};w=${windowSeconds}`;
  return async (c, next) => {
    const counter = limit.counter(c);
    if (counter === undefined) return next();
    const t = now();
    const { count, resetAt } = await store.hit(counter, windowMs, t);
    const remaining = Math.max(0, options.limit - count);
    const reset = Math.max(1, Math.ceil((resetAt - t) / 1000));
    c.header('RateLimit-Policy', policy);
    c.header('RateLimit', `"${limit.name}";r=${remaining};t=${reset}`);
    if (count > options.limit) {
      throw new ApiError(
        429,
        'rate_limited',
        `Rate limit of ${options.limit} requests per ${windowSeconds} s${limit.whose} exceeded; retry in ${reset} s`,
        {
          'Retry-After': String(reset),
        },
      );
    }
    await next();
  };
}

/**
 * Per-key limit with the RateLimit headers on every answer to a key (see windowRateLimit).
 * Requests without a key (public routes) are not counted.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return windowRateLimit(options, {
    name: 'default',
    counter: (c) => c.get('auth')?.keyId,
    whose: '',
  });
}
