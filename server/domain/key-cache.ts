import type { Db } from '../db/client.ts';
import type { AuthContext } from './tenancy.ts';

// Resolved brand keys, kept a short while so most requests skip the key lookup (one database
// round trip on every request otherwise). What a brand key may do changes only when it is revoked:
// the instance that revokes forgets the key at once (revokeApiKey), the other instances sharing
// the database when the revocation's notification reaches them (PostgreSQL LISTEN on
// KEY_REVOKED_CHANNEL, wired at boot), and in any case once API_KEY_TTL_MS has passed. Agency keys
// are never kept: their brands are read at each request, so a change of them applies at once.

/** The channel on which a revocation is announced, with the key's id as payload. */
export const KEY_REVOKED_CHANNEL = 'cc_api_key_revoked';

/** The longest a revoked key can still be accepted by an instance that missed the notification. */
export const API_KEY_TTL_MS = 2_000;

interface Entry {
  expires: number;
  /** Resolves the key; shared by the requests that arrive while it runs. */
  promise: Promise<AuthContext | null>;
  /** Set once resolved to an active brand key; null while pending. */
  keyId: string | null;
}

export interface ApiKeyCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** A monotonic clock in milliseconds. */
  now?: () => number;
}

/** Told when a key is forgotten (revoked), or with null when everything is (notifications lost). */
export type ForgetListener = (keyId: string | null) => void;

export class ApiKeyCache {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<ForgetListener>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: ApiKeyCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? API_KEY_TTL_MS;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? (() => performance.now());
  }

  /** The key with this hash: kept if fresh, else `lookup` (whose answer is kept for a brand key). */
  resolve(keyHash: string, lookup: () => Promise<AuthContext | null>): Promise<AuthContext | null> {
    const now = this.#now();
    const hit = this.#entries.get(keyHash);
    if (hit && hit.expires > now) return hit.promise;
    this.#entries.delete(keyHash);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    const entry: Entry = { expires: now + this.#ttlMs, promise: lookup(), keyId: null };
    this.#entries.set(keyHash, entry);
    entry.promise.then(
      (auth) => {
        if (this.#entries.get(keyHash) !== entry) return; // forgotten meanwhile: not kept
        if (auth?.kind === 'brand') entry.keyId = auth.keyId;
        else this.#entries.delete(keyHash); // unknown, revoked or agency: not kept
      },
      () => {
        if (this.#entries.get(keyHash) === entry) this.#entries.delete(keyHash);
      },
    );
    return entry.promise;
  }

  /** Drops a key (revoked), and every lookup still running, which may have read it active. */
  forget(keyId: string): void {
    for (const [hash, entry] of this.#entries) {
      if (entry.keyId === keyId || entry.keyId === null) this.#entries.delete(hash);
    }
    for (const listener of this.#listeners) listener(keyId);
  }

  /** Drops everything (e.g. notifications may have been missed). */
  clear(): void {
    this.#entries.clear();
    for (const listener of this.#listeners) listener(null);
  }

  /**
   * Calls `listener` on every forget and clear (what holds a key open beyond one request, such as
   * an event stream, closes with it); returns the way to stop.
   */
  onForget(listener: ForgetListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

const caches = new WeakMap<Db, ApiKeyCache>();

/** The cache of every app on this database handle (one per instance). */
export function apiKeyCacheOf(db: Db): ApiKeyCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ApiKeyCache();
    caches.set(db, cache);
  }
  return cache;
}
