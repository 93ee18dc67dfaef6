import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKeys, sessions } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { ApiKeyCache } from './key-cache.ts';
import { sessionEndOf } from './people.ts';
import type { AuthContext } from './tenancy.ts';

// The open event streams of one instance, by credential (docs/api.md#live-events, decision 0091):
// at most MAX_STREAMS_PER_CREDENTIAL each and MAX_STREAMS_PER_MEMBER across a member's sessions;
// all of a credential's streams close when it is revoked (the key cache says so at once on the
// revoking instance, and on the others when PostgreSQL's notification arrives; when notifications
// may have been lost every credential is checked again), and a session's when it expires (checked
// every EXPIRY_CHECK_MS once its known end has passed, since another tab may have moved the end).

export const MAX_STREAMS_PER_CREDENTIAL = 10;
export const MAX_STREAMS_PER_MEMBER = 50;
/** How often the streams of sessions whose known end has passed are checked. */
export const EXPIRY_CHECK_MS = 1_000;

export interface StreamSlot {
  /** Gives the slot back; safe to call more than once. */
  release(): void;
}

interface Credential {
  closers: Set<(reason: StreamEnd) => void>;
  memberId: string | null;
  /** A session's known end (ms on the registry's clock); null for a key. */
  endsAt: number | null;
}

export interface StreamRegistryOptions {
  limit?: number;
  memberLimit?: number;
  /** The clock sessions expire on (the app's). */
  now?: () => Date;
}

/** Why a stream is being ended from outside. */
export type StreamEnd = 'revoked' | 'shutdown';

export class StreamRegistry {
  readonly #open = new Map<string, Credential>();
  /** Open streams by member, across their sessions. */
  readonly #byMember = new Map<string, number>();
  readonly #limit: number;
  readonly #memberLimit: number;
  readonly #now: () => Date;
  readonly #db: Db;
  #expiryTimer: ReturnType<typeof setInterval> | undefined;
  #checking = false;

  constructor(db: Db, cache: ApiKeyCache, options: StreamRegistryOptions = {}) {
    this.#db = db;
    this.#limit = options.limit ?? MAX_STREAMS_PER_CREDENTIAL;
    this.#memberLimit = options.memberLimit ?? MAX_STREAMS_PER_MEMBER;
    this.#now = options.now ?? (() => new Date());
    cache.onForget((keyId) => {
      if (keyId === null) void this.#recheck();
      else this.closeCredential(keyId);
    });
  }

  /** Streams open now for `credentialId`. */
  count(credentialId: string): number {
    return this.#open.get(credentialId)?.closers.size ?? 0;
  }

  /**
   * Takes a slot for a new stream of `auth`'s credential; `close` ends that stream. Past a limit:
   * 429 `too_many_streams`.
   */
  open(auth: AuthContext, close: (reason: StreamEnd) => void): StreamSlot {
    const credentialId = auth.keyId;
    const memberId = auth.member?.id ?? null;
    let entry = this.#open.get(credentialId);
    if ((entry?.closers.size ?? 0) >= this.#limit) {
      throw tooMany(`At most ${this.#limit} event streams may be open per key or session`);
    }
    if (memberId && (this.#byMember.get(memberId) ?? 0) >= this.#memberLimit) {
      throw tooMany(
        `At most ${this.#memberLimit} event streams may be open per member across their sessions`,
      );
    }
    if (!entry) {
      entry = { closers: new Set(), memberId, endsAt: auth.endsAt?.getTime() ?? null };
      this.#open.set(credentialId, entry);
    }
    const closer = (reason: StreamEnd) => close(reason);
    entry.closers.add(closer);
    if (memberId) this.#byMember.set(memberId, (this.#byMember.get(memberId) ?? 0) + 1);
    if (entry.endsAt !== null) this.#watchExpiry();
    return {
      release: () => {
        const current = this.#open.get(credentialId);
        if (!current?.closers.delete(closer)) return;
        this.#memberLeft(current.memberId);
        if (current.closers.size === 0) this.#open.delete(credentialId);
      },
    };
  }

  /**
   * Ends every open stream of a credential: revoked, its session ended or expired (`revoked`), or
   * this instance shutting down (`shutdown`: each stream first suggests a short, spread-out
   * reconnection delay, so clients move to the other instances at once but not all together).
   */
  closeCredential(credentialId: string, reason: StreamEnd = 'revoked'): void {
    const entry = this.#open.get(credentialId);
    if (!entry) return;
    this.#open.delete(credentialId);
    for (const close of entry.closers) {
      this.#memberLeft(entry.memberId);
      close(reason);
    }
  }

  #memberLeft(memberId: string | null) {
    if (!memberId) return;
    const n = (this.#byMember.get(memberId) ?? 1) - 1;
    if (n > 0) this.#byMember.set(memberId, n);
    else this.#byMember.delete(memberId);
  }

  /** Checks, every EXPIRY_CHECK_MS while a session's stream is open, the sessions past their end. */
  #watchExpiry() {
    if (this.#expiryTimer) return;
    this.#expiryTimer = setInterval(() => void this.#checkExpiry(), EXPIRY_CHECK_MS);
    this.#expiryTimer.unref?.();
  }

  async #checkExpiry() {
    if (this.#checking) return;
    this.#checking = true;
    try {
      const now = this.#now();
      let sessionsOpen = 0;
      for (const [id, entry] of [...this.#open]) {
        if (entry.endsAt === null) continue;
        sessionsOpen++;
        if (entry.endsAt > now.getTime()) continue;
        const end = await sessionEndOf(this.#db, id, now);
        if (end) entry.endsAt = end.getTime();
        else this.closeCredential(id);
      }
      if (sessionsOpen === 0) {
        clearInterval(this.#expiryTimer);
        this.#expiryTimer = undefined;
      }
    } catch {
      // The database is away: the streams' own reads fail and close them.
    } finally {
      this.#checking = false;
    }
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
        // Sessions are credentials too: one ended meanwhile has no row.
        this.#db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids)),
      ]);
      const still = new Set([...active, ...live].map((r) => r.id));
      for (const id of ids) if (!still.has(id)) this.closeCredential(id);
    } catch {
      // The database is away: the streams' own reads fail and close them.
    }
  }
}

const tooMany = (message: string) =>
  new ApiError(429, 'too_many_streams', `${message}; close one before opening another`, {
    'Retry-After': '5',
  });
