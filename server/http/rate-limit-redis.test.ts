import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { RedisRateLimitStore, redisAnswers } from './rate-limit-redis.ts';

// Against the Redis at REDIS_URL (CI: 127.0.0.1:6379); skipped when none answers there.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const available = await redisAnswers(REDIS_URL);
if (!available)
  console.info(`Redis does not answer at ${REDIS_URL}: skipping the shared rate-limit tests`);

const WINDOW_MS = 60_000;

describe.skipIf(!available)('rate limits shared in Redis', () => {
  let ctx: TestContext;
  const stores: RedisRateLimitStore[] = [];
  /** A store on its own key prefix, so runs and files never count into each other's budgets. */
  const store = async (prefix: string) => {
    const s = new RedisRateLimitStore(REDIS_URL, { prefix });
    stores.push(s);
    expect(await s.connect()).toBe(true);
    return s;
  };
  const newPrefix = () => `cc:test:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await ctx?.close();
  });

  it('two app instances on one Redis share one budget per key: the 4th request of a limit of 3 answers 429 on either', async () => {
    const prefix = newPrefix();
    const now = () => new Date('2026-07-01T10:00:15.000Z');
    const a = ctx.makeApp({ rateLimitPerMinute: 3, rateLimitStore: await store(prefix), now });
    const b = ctx.makeApp({ rateLimitPerMinute: 3, rateLimitStore: await store(prefix), now });
    const { key } = (await ctx.ops.brandWithKey()).key;
    const other = (await ctx.ops.brandWithKey()).key.key;

    const answers = [];
    for (const app of [a, b, a, b])
      answers.push(await ctx.requestTo(app, 'GET', '/2026-07/me', { key }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers.get('RateLimit'))).toEqual([
      '"default";r=2;t=45',
      '"default";r=1;t=45',
      '"default";r=0;t=45',
      '"default";r=0;t=45',
    ]);
    expect(answers[3]!.json).toMatchObject({ error: 429, code: 'rate_limited' });
    expect(answers[3]!.headers.get('Retry-After')).toBe('45');
    expect((await ctx.requestTo(a, 'GET', '/2026-07/me', { key })).status).toBe(429);

    // Another key has its own budget on both instances.
    expect((await ctx.requestTo(b, 'GET', '/2026-07/me', { key: other })).status).toBe(200);
  });

  it('counts every one of many concurrent hits from two instances exactly once (atomic)', async () => {
    const prefix = newPrefix();
    const [a, b] = [await store(prefix), await store(prefix)];
    const now = Date.UTC(2026, 6, 1, 10, 0, 30);
    const counts = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).hit('key-1', WINDOW_MS, now + i)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(new Set(counts.map((c) => c.resetAt))).toEqual(
      new Set([Date.UTC(2026, 6, 1, 10, 1, 0)]),
    );
  });

  it('starts a new window at the minute, and lets the counter expire shortly after its window', async () => {
    const prefix = newPrefix();
    const s = await store(prefix);
    const t = Date.UTC(2026, 6, 1, 10, 0, 59, 500);
    expect((await s.hit('key-1', WINDOW_MS, t)).count).toBe(1);
    expect((await s.hit('key-1', WINDOW_MS, t + 100)).count).toBe(2);
    expect(await s.hit('key-1', WINDOW_MS, t + 500)).toEqual({
      count: 1,
      resetAt: Date.UTC(2026, 6, 1, 10, 2, 0),
    });

    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    try {
      const ttl = await redis.pttl(`${prefix}key-1:${Date.UTC(2026, 6, 1, 10, 0, 0)}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(WINDOW_MS + 5_000);
    } finally {
      redis.disconnect();
    }
  });
});

describe('rate limits when Redis does not answer', () => {
  it('counts in this instance, and says so once', async () => {
    const changes: string[] = [];
    // Port 1: nothing listens there.
    const s = new RedisRateLimitStore('redis://127.0.0.1:1', {
      onStateChange: (state) => changes.push(state),
    });
    try {
      expect(await s.connect()).toBe(false);
      const now = Date.UTC(2026, 6, 1, 10, 0, 15);
      expect(await s.hit('key-1', WINDOW_MS, now)).toEqual({
        count: 1,
        resetAt: Date.UTC(2026, 6, 1, 10, 1, 0),
      });
      expect((await s.hit('key-1', WINDOW_MS, now)).count).toBe(2);
      expect(changes).toEqual(['down']);
    } finally {
      await s.close();
    }
  });
});
