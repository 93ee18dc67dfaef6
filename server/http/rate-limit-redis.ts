import { Redis } from 'ioredis';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit.ts';

// One budget per key across every instance: the fixed window's counter lives in Redis. INCR and
// the first PEXPIRE run as one Lua script, so two instances counting the same key at the same
// moment can neither lose a hit nor leave a counter without expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisRateLimitStoreOptions {
  /** Prefix of the counters' keys (tests use a random one). */
  prefix?: string;
  /** A command slower than this counts in-process instead (ms). */
  commandTimeoutMs?: number;
  /** Told when Redis stops answering and when it answers again; at most once per change. */
  onStateChange?: (state: 'down' | 'up', err?: unknown) => void;
}

/**
 * Fixed windows counted in Redis (key `<prefix><api key id>:<window start>`, expiring with the
 * window). When Redis does not answer, each instance counts in its own memory until it does again,
 * so an outage of Redis loosens the limit (each instance allows the whole budget) rather than
 * failing requests.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #fallback = new MemoryRateLimitStore();
  readonly #onStateChange: RedisRateLimitStoreOptions['onStateChange'];
  #down = false;

  constructor(url: string, options: RedisRateLimitStoreOptions = {}) {
    this.#prefix = options.prefix ?? 'cc:rate:';
    this.#onStateChange = options.onStateChange;
    this.#redis = new Redis(url, {
      lazyConnect: true,
      // Fail fast while disconnected (counted in-process), reconnect in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 250,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.#redis.defineCommand('ccRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.#redis.defineCommand('ccRateUndo', { numberOfKeys: 1, lua: UNDO_SCRIPT });
    // Connection errors also reject the command that met them; this only keeps them off stderr.
    this.#redis.on('error', () => {});
  }

  /** Connects; resolves false (and counts in-process until Redis answers) when it does not answer. */
  async connect(): Promise<boolean> {
    try {
      await this.#redis.connect();
      await this.#redis.ping();
      return true;
    } catch (err) {
      this.#state('down', err);
      return false;
    }
  }

  async hit(key: string, windowMs: number, now: number) {
    const start = now - (now % windowMs);
    // Never connected (connect() not called): start now; this hit counts in-process meanwhile.
    if (this.#redis.status === 'wait') void this.connect();
    try {
      const redis = this.#redis as Redis & {
        ccRateHit(key: string, ttlMs: number): Promise<number>;
      };
      // Expire a little after the window ends, so clocks of instances a moment apart agree.
      const count = await redis.ccRateHit(`${this.#prefix}${key}:${start}`, windowMs + 5_000);
      this.#state('up');
      return { count: Number(count), resetAt: start + windowMs };
    } catch (err) {
      this.#state('down', err);
      return this.#fallback.hit(key, windowMs, now);
    }
  }

  async undo(key: string, windowMs: number, now: number) {
    const start = now - (now % windowMs);
    try {
      // DECR only an existing counter: one that expired meanwhile is not made again at -1.
      const redis = this.#redis as Redis & { ccRateUndo(key: string): Promise<number> };
      await redis.ccRateUndo(`${this.#prefix}${key}:${start}`);
    } catch {
      await this.#fallback.undo(key, windowMs, now);
    }
  }

  async close(): Promise<void> {
    try {
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }

  #state(state: 'down' | 'up', err?: unknown) {
    if ((state === 'down') === this.#down) return;
    this.#down = state === 'down';
    this.#onStateChange?.(state, err);
  }
}

/**
 * Probes `url` once (a PING within `timeoutMs`): true when a Redis answers there. For tests and the
 * benchmark, which skip their Redis parts when none answers.
 */
export async function redisAnswers(url: string, timeoutMs = 1_000): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
