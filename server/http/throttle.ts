import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import type { AppEnv } from './context.ts';
import {
  MemoryRateLimitStore,
  windowRateLimit,
  type RateLimitOptions,
  type RateLimitStore,
} from './rate-limit.ts';

// Limits per client address (docs/api.md#limits): requests that fail authentication (a
// stream of bogus keys costs a key lookup each), and everything under /ops, whose one token
// guards the whole platform side.

/**
 * The address a request came from: the client a trusted proxy names (http/client-info.ts), else
 * the socket's peer; in-process requests (tests) share one.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const client = c.get('client');
  if (client) return client.address;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'in-process';
}

export interface FailedAuthOptions {
  /** Failed authentications an address may make per window before it is refused. */
  limit: number;
  windowSeconds?: number;
  /** How long an address over the limit is refused; default: to the end of the window. */
  lockoutSeconds?: number;
  /** Names the counters (`api`, `ops`), so the two limits count apart. */
  name: string;
  store?: RateLimitStore;
  now?: () => number;
}

const retryIn = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/** Marks the request as one that presented a wrong credential (see failedAuthThrottle). */
export function credentialRefused(c: Context<AppEnv>): void {
  c.set('credentialRefused', true);
}

/**
 * Counts the 401 answers of each address to requests that presented a wrong credential (not those
 * that carried none: a web page or a neighbour behind the same address cannot lock out the right
 * credential by sending nothing); past `limit` in a window the address gets 429
 * `rate_limited` (with Retry-After) for every request of the part, before any credential is
 * looked up, until the lockout ends. Place before the authentication middleware.
 */
export function failedAuthThrottle(options: FailedAuthOptions): MiddlewareHandler<AppEnv> {
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const store = options.store ?? new MemoryRateLimitStore();
  const now = options.now ?? Date.now;
  // Addresses refused until a time; kept in the instance (the counts may be shared in Redis).
  const lockedUntil = new Map<string, number>();
  const refuse = (ms: number) =>
    new ApiError(
      429,
      'rate_limited',
      `Too many failed authentications from this address; retry in ${retryIn(ms)} s`,
      { 'Retry-After': retryIn(ms) },
    );
  return async (c, next) => {
    const address = clientAddress(c);
    const t = now();
    const until = lockedUntil.get(address);
    if (until !== undefined) {
      if (until > t) throw refuse(until - t);
      lockedUntil.delete(address);
    }
    await next();
    if (c.res.status !== 401 || !c.get('credentialRefused')) return;
    const { count, resetAt } = await store.hit(
      `auth-failed:${options.name}:${address}`,
      windowMs,
      t,
    );
    if (count <= options.limit) return;
    const end = options.lockoutSeconds ? t + options.lockoutSeconds * 1000 : resetAt;
    if (lockedUntil.size > 100_000) lockedUntil.clear(); // a flood of addresses: forget, never grow without bound
    lockedUntil.set(address, end);
    throw refuse(end - t);
  };
}

export interface AddressLimitOptions extends RateLimitOptions {
  name: string;
}

/** Every request of an address counts; past `limit` in a window: 429 `rate_limited`. */
export function addressRateLimit(options: AddressLimitOptions): MiddlewareHandler<AppEnv> {
  return windowRateLimit(options, {
    name: options.name,
    counter: (c) => `address:${options.name}:${clientAddress(c)}`,
    whose: ' for this address',
  });
}
