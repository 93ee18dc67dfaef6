import { createHash } from 'node:crypto';
import { canonicalEmail } from '../domain/emails.ts';
import { ApiError } from '../errors.ts';
import type { RateLimitStore } from './rate-limit.ts';

// The limits of POST /sessions (docs/api.md#sign-in-limits, decision 0091). Every limit reserves
// its try *before* a password is checked, in a store whose hits are atomic (Redis when configured,
// else the database: the one counter that every instance shares), so however many sign-ins
// arrive at once for one e-mail, at most `failuresPerEmail` wrong passwords are checked per window:
//
// - failures per e-mail (its canonical form, hashed) and per client address, per 15 minutes: a
//   try is reserved on both; a sign-in that succeeds gives both back, one that fails keeps them;
// - sign-ins per e-mail per minute (`perMemberPerMinute`), kept whatever the outcome: a member
//   cannot be signed in faster than that, so a crowd of right passwords costs at most that many
//   password hashes a minute.
//
// Past a limit the answer is 429 `rate_limited` with Retry-After, right password or not, and no
// password is checked; the refused try takes back what it reserved.

export interface SignInLimitOptions {
  failuresPerEmail: number;
  failuresPerAddress: number;
  /** The window of both failure limits, in ms. */
  windowMs: number;
  perMemberPerMinute: number;
}

export const SIGN_IN_LIMITS: SignInLimitOptions = {
  failuresPerEmail: 10,
  failuresPerAddress: 30,
  windowMs: 15 * 60 * 1000,
  perMemberPerMinute: 20,
};

interface Reserved {
  key: string;
  windowMs: number;
  at: number;
}

/** A sign-in's reserved tries: say how it went. */
export interface SignInTicket {
  /** The password was right: the failure tries are given back. */
  succeeded(): Promise<void>;
}

// The e-mail is hashed: the counters (in Redis or the database) hold no address in clear.
const emailId = (email: string) =>
  createHash('sha256').update(canonicalEmail(email)).digest('hex').slice(0, 32);

export class SignInLimits {
  readonly #store: RateLimitStore;
  readonly #options: SignInLimitOptions;
  readonly #now: () => number;

  constructor(store: RateLimitStore, options: SignInLimitOptions, now: () => number) {
    this.#store = store;
    this.#options = options;
    this.#now = now;
  }

  /** Reserves this sign-in's tries; 429 when a limit is reached (nothing is then kept). */
  async reserve(email: string, address: string): Promise<SignInTicket> {
    const t = this.#now();
    const id = emailId(email);
    const o = this.#options;
    const limits = [
      { key: `sign-in-failed:email:${id}`, limit: o.failuresPerEmail, windowMs: o.windowMs },
      {
        key: `sign-in-failed:address:${address}`,
        limit: o.failuresPerAddress,
        windowMs: o.windowMs,
      },
      { key: `sign-in:email:${id}`, limit: o.perMemberPerMinute, windowMs: 60_000 },
    ];
    const hits = await Promise.all(
      limits.map(async (l) => ({ ...l, ...(await this.#store.hit(l.key, l.windowMs, t)) })),
    );
    const over = hits.filter((h) => h.count > h.limit);
    if (over.length > 0) {
      await Promise.all(hits.map((h) => this.#store.undo(h.key, h.windowMs, t)));
      const until = Math.max(...over.map((h) => h.resetAt));
      const seconds = String(Math.max(1, Math.ceil((until - t) / 1000)));
      const what = over.some((h) => h.key.startsWith('sign-in-failed:'))
        ? 'Too many failed sign-ins'
        : 'Too many sign-ins for this e-mail address';
      throw new ApiError(429, 'rate_limited', `${what}; retry in ${seconds} s`, {
        'Retry-After': seconds,
      });
    }
    const failures: Reserved[] = hits
      .slice(0, 2)
      .map((h) => ({ key: h.key, windowMs: h.windowMs, at: t }));
    return {
      succeeded: async () => {
        await Promise.all(failures.map((r) => this.#store.undo(r.key, r.windowMs, r.at)));
      },
    };
  }
}
