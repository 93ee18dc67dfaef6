import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKeys, sessions } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { ApiKeyCache } from './key-cache.ts';

// The open event streams of one instance, by credential (extensions section 12): at most
// MAX_STREAMS_PER_CREDENTIAL each, and all of a credential's streams close when it is revoked
// (the key cache says so at once on the revoking instance, and on the others when PostgreSQL's
// notification arrives; when notifications may have been lost every credential is checked again).

export const MAX_STREAMS_PER_CREDENTIAL = 10;

export interface StreamSlot {
  /** Gives the slot back; safe to call more than once. */
  release(): void;
}

export class StreamRegistry {
  readonly #open = new Map<string, Set<() => void>>();
  readonly #limit: number;
  readonly #db: Db;

  constructor(db: Db, cache: ApiKeyCache, options: { limit?: number } = {}) {
    this.#db = db;
    this.#limit = options.limit ?? MAX_STREAMS_PER_CREDENTIAL;
    cache.onForget((keyId) => {
      if (keyId === null) void this.#recheck();
      else this.closeCredential(keyId);
    });
  }

  /** Streams open now for `credentialId`. */
  count(credentialId: string): number {
    return this.#open.get(credentialId)?.size ?? 0;
  }

  /**
   * Takes a slot for a new stream of `credentialId`; `close` ends that stream. Past the limit:
   * 429 `too_many_streams`.
   */
  open(credentialId: string, close: () => void): StreamSlot {
    let set = this.#open.get(credentialId);
    if ((set?.size ?? 0) >= this.#limit) {
      throw new ApiError(
        429,
        'too_many_streams',
        `At most ${this.#limit} event streams may be open per key; close one before opening another`,
        { 'Retry-After': '5' },
      );
    }
    if (!set) {
      set = new Set();
      this.#open.set(credentialId, set);
    }
    const entry = () => close();
    set.add(entry);
    return {
      release: () => {
        const current = this.#open.get(credentialId);
        if (!current?.delete(entry)) return;
        if (current.size === 0) this.#open.delete(credentialId);
      },
    };
  }

  /** Ends every open stream of a credential (revoked, or its session ended). */
  closeCredential(credentialId: string): void {
    const set = this.#open.get(credentialId);
    if (!set) return;
    this.#open.delete(credentialId);
    for (const close of set) close();
  }

  async #recheck(): Promise<void> {
    const ids = [...this.#open.keys()];
    if (ids.length === 0) return;
    try {
      const [active, live] = await Promise.all([
        this.#db
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(and(inArray(apiKeys.id, ids), isNull(apiKeys.revokedAt))),
        // Sessions (section 11) are credentials too: one ended meanwhile has no row.
        this.#db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids)),
      ]);
      const still = new Set([...active, ...live].map((r) => r.id));
      for (const id of ids) if (!still.has(id)) this.closeCredential(id);
    } catch {
      // The database is away: the streams' own reads fail and close them.
    }
  }
}
