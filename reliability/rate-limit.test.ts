import { afterAll, describe, expect, test } from 'vitest';
import { API_BASE } from '../server/app.ts';
import { createTestContext } from '../server/test/harness.ts';
import { call } from './support/http.ts';
import { databaseDigest, digestDiff, expectErrorBody } from './support/world.ts';

// Rate limits, in-process with a clock the test moves: past the limit every answer is 429
// `rate_limited` with Retry-After and RateLimit headers that say when the window ends, a refused
// write writes nothing, other keys are not affected, and the next window serves again.

const LIMIT = 5;
const ctx = await createTestContext();
let clock = Math.floor(Date.now() / 60_000) * 60_000 + 15_000; // 15 s into a window
const app = ctx.makeApp({ rateLimitPerMinute: LIMIT, now: () => new Date(clock) });
const a = await ctx.ops.brandWithKey();
const b = await ctx.ops.brandWithKey();

afterAll(() => ctx.close());

const parseRateLimit = (h: string | null) => {
  const m = /^"default";r=(\d+);t=(\d+)$/.exec(h ?? '');
  return m ? { r: Number(m[1]), t: Number(m[2]) } : null;
};

describe('past the limit', () => {
  test('every answer is 429 with correct Retry-After and RateLimit headers; other keys go on; the next window serves', async () => {
    for (let i = 1; i <= LIMIT; i++) {
      const res = await call(app, 'GET', `${API_BASE}/me`, { key: a.key.key });
      expect(res.status).toBe(200);
      expect(parseRateLimit(res.headers.get('RateLimit'))).toEqual({ r: LIMIT - i, t: 45 });
      expect(res.headers.get('RateLimit-Policy')).toBe(`"default";q=${LIMIT};w=60`);
    }
    clock += 10_000; // 25 s into the window: 35 s left
    const before = await databaseDigest(ctx.db);
    const attempts = [
      ['GET', `${API_BASE}/me`],
      ['GET', `${API_BASE}/campaigns`],
      ['POST', `${API_BASE}/campaigns`],
      ['GET', `${API_BASE}/openapi.json`],
      ['GET', `${API_BASE}/events`],
      ['DELETE', `${API_BASE}/campaigns/00000000-0000-4000-8000-000000000000`],
      ['GET', `${API_BASE}/no-such-route`],
    ] as const;
    for (const [method, path] of attempts) {
      const res = await call(app, method, path, {
        key: a.key.key,
        ...(method === 'POST' ? { body: { name: 'over the limit' } } : {}),
      });
      if (path.endsWith('openapi.json')) {
        // The public document is not counted (no key needed).
        expect(res.status).toBe(200);
        continue;
      }
      expectErrorBody(res, 429, 'rate_limited', `${method} ${path}`);
      expect(res.headers.get('Retry-After'), `${method} ${path}`).toBe('35');
      expect(parseRateLimit(res.headers.get('RateLimit'))).toEqual({ r: 0, t: 35 });
      expect(res.headers.get('RateLimit-Policy')).toBe(`"default";q=${LIMIT};w=60`);
    }
    expect(digestDiff(before, await databaseDigest(ctx.db)), 'a refused write wrote').toEqual([]);

    // Another key of another brand is not affected.
    const other = await call(app, 'GET', `${API_BASE}/campaigns`, { key: b.key.key });
    expect(other.status).toBe(200);
    expect(parseRateLimit(other.headers.get('RateLimit'))?.r).toBe(LIMIT - 1);

    // One second before the window ends: still refused, Retry-After 1 (never 0).
    clock += 34_000;
    const last = await call(app, 'GET', `${API_BASE}/me`, { key: a.key.key });
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBe('1');

    // The next window serves again, with a full budget.
    clock += 1_000;
    const again = await call(app, 'GET', `${API_BASE}/me`, { key: a.key.key });
    expect(again.status).toBe(200);
    expect(parseRateLimit(again.headers.get('RateLimit'))).toEqual({ r: LIMIT - 1, t: 60 });
  });

  test('a key with a wrong secret is refused before it can use up anyone’s budget', async () => {
    // The key with its last character changed (to one it does not already have).
    const wrong = `${b.key.key.slice(0, -1)}${b.key.key.endsWith('Z') ? 'Y' : 'Z'}`;
    for (let i = 0; i < LIMIT * 2; i++) {
      const res = await call(app, 'GET', `${API_BASE}/me`, { key: wrong });
      expect(res.status).toBe(401);
    }
    const res = await call(app, 'GET', `${API_BASE}/me`, { key: b.key.key });
    expect(res.status).toBe(200);
  });
});
