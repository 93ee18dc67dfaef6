import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { API_BASE, type App } from '../server/app.ts';
import { queryRows } from '../server/db/client.ts';
import { MAX_SESSIONS_PER_MEMBER } from '../server/domain/people.ts';
import { MAX_STREAMS_PER_CREDENTIAL, MAX_STREAMS_PER_MEMBER } from '../server/domain/streams.ts';
import { SIGN_IN_LIMITS } from '../server/http/sign-in-limits.ts';
import { RedisRateLimitStore, redisAnswers } from '../server/http/rate-limit-redis.ts';
import { randomBytes } from 'node:crypto';
import { createTestContext, TEST_OPS_TOKEN } from '../server/test/harness.ts';
import { memberWithSession, TEST_PASSWORD, uniqueEmail } from '../server/test/people.ts';

// Every limit under a burst (decision 0091; docs/api.md#limits): requests that arrive at once,
// spread over two app instances on one database where the limit is the service's and not one
// instance's, never get past it. On the database of TEST_DATABASE_URL (PostgreSQL in CI); with
// REDIS_URL answering, each instance counts in Redis (its own connection, as separate processes
// would), else the sign-in limits count in the database.

const ctx = await createTestContext();
afterAll(() => ctx.close());
const redisUrl = process.env.REDIS_URL;
const useRedis = redisUrl !== undefined && (await redisAnswers(redisUrl));
const prefix = `cc:test:${randomBytes(4).toString('hex')}:`;
const stores: RedisRateLimitStore[] = [];
afterAll(() => Promise.all(stores.map((s) => s.close())));
/** An instance as deployed: counting in Redis when it answers (connected, as at boot). */
const instance = async (overrides: Parameters<typeof ctx.makeApp>[0] = {}) => {
  if (!useRedis) return ctx.makeApp(overrides);
  const store = new RedisRateLimitStore(redisUrl!, { prefix });
  stores.push(store);
  expect(await store.connect(), 'Redis answers').toBe(true);
  return ctx.makeApp({ rateLimitStore: store, ...overrides });
};
const brand = await ctx.ops.createBrand();

const figures: string[] = [];
afterAll(() =>
  console.info(
    `limits under bursts (${useRedis ? 'Redis' : 'database'} counters):\n  ${figures.join('\n  ')}`,
  ),
);

const signIn = (app: App, email: string, password: string) =>
  ctx.requestTo(app, 'POST', `${API_BASE}/sessions`, { body: { email, password } });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
/** A burst of `n` at once, spread over `apps` in turn: the statuses. */
const burst = async (
  n: number,
  apps: App[],
  send: (app: App, i: number) => Promise<{ status: number }>,
) =>
  (await Promise.all(Array.from({ length: n }, (_, i) => send(apps[i % apps.length]!, i)))).map(
    (r) => r.status,
  );

describe('sign-in', () => {
  test('100 wrong passwords at once for one e-mail, on two instances: at most 10 checked', async () => {
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const apps = [await instance(), await instance()];
    const statuses = await burst(100, apps, (app, i) =>
      signIn(app, m.email, `wrong ${i} password`),
    );
    const checked = count(statuses, 401);
    figures.push(
      `wrong passwords for one e-mail: ${checked} of 100 checked (limit ${SIGN_IN_LIMITS.failuresPerEmail})`,
    );
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerEmail);
    expect(checked).toBeGreaterThan(0);
    expect(count(statuses, 429)).toBe(100 - checked);
  });

  test('100 wrong passwords at once from one address for 100 e-mails: at most 30 checked', async () => {
    // The service's own limit per address (the test harness lifts it: every in-process request
    // shares one address).
    const limit = { signIn: { signInFailuresPerAddress: SIGN_IN_LIMITS.failuresPerAddress } };
    const apps = [await instance(limit), await instance(limit)];
    const statuses = await burst(100, apps, (app, i) =>
      signIn(app, uniqueEmail(), `wrong ${i} password`),
    );
    const checked = count(statuses, 401);
    figures.push(
      `wrong passwords from one address: ${checked} of 100 checked (limit ${SIGN_IN_LIMITS.failuresPerAddress})`,
    );
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAddress);
    expect(count(statuses, 429)).toBe(100 - checked);
  });

  test('60 right passwords at once for one member: at most 20 sessions a minute (and at most 10 checks in flight)', async () => {
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    // Another address's budget: this file's earlier bursts spent this one's.
    const apps = [
      await instance({ signIn: { signInFailuresPerAddress: 10_000 } }),
      await instance({ signIn: { signInFailuresPerAddress: 10_000 } }),
    ];
    const statuses = await burst(60, apps, (app) => signIn(app, m.email, TEST_PASSWORD));
    const made = count(statuses, 201);
    figures.push(
      `right passwords for one member: ${made} of 60 signed in (limit ${SIGN_IN_LIMITS.perMemberPerMinute})`,
    );
    expect(made).toBeLessThanOrEqual(SIGN_IN_LIMITS.perMemberPerMinute);
    expect(made).toBeGreaterThan(0);
    expect(count(statuses, 429)).toBe(60 - made);
  });

  test('80 sign-ins at once for one member (minute limit lifted): 50 live sessions', async () => {
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    // Every try of a sign-in is reserved before its password is checked, so one e-mail has at
    // most 10 checks in flight; lifted here to make 80 sessions at once.
    const lifted = {
      signIn: {
        signInsPerMemberPerMinute: 1_000,
        signInFailuresPerEmail: 1_000,
        signInFailuresPerAddress: 10_000,
      },
    };
    const apps = [await instance(lifted), await instance(lifted)];
    const statuses = await burst(80, apps, (app) => signIn(app, m.email, TEST_PASSWORD));
    expect(count(statuses, 201)).toBe(80);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sessions where member_id = ${m.id}::uuid`,
    );
    figures.push(
      `sessions of one member after 80 sign-ins at once: ${row!.n} (limit ${MAX_SESSIONS_PER_MEMBER})`,
    );
    expect(Number(row!.n)).toBe(MAX_SESSIONS_PER_MEMBER);
  }, 180_000);
});

describe('event streams', () => {
  const openAt = async (app: App, token: string) => {
    const res = await app.request(`${API_BASE}/events`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: res.status, close: () => res.body?.cancel() };
  };

  test(`30 streams opened at once by one key: ${MAX_STREAMS_PER_CREDENTIAL} open`, async () => {
    const { key } = await ctx.ops.brandWithKey();
    const app = await instance();
    const opened = await Promise.all(Array.from({ length: 30 }, () => openAt(app, key.key)));
    const ok = count(
      opened.map((o) => o.status),
      200,
    );
    figures.push(
      `streams of one key opened at once: ${ok} of 30 (limit ${MAX_STREAMS_PER_CREDENTIAL})`,
    );
    expect(ok).toBe(MAX_STREAMS_PER_CREDENTIAL);
    expect(
      count(
        opened.map((o) => o.status),
        429,
      ),
    ).toBe(30 - ok);
    await Promise.all(opened.map((o) => o.close()));
  });

  test(`70 streams opened at once over 7 sessions of one member: ${MAX_STREAMS_PER_MEMBER} open`, async () => {
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const app = await instance({ signIn: { signInFailuresPerAddress: 10_000 } });
    const tokens: string[] = [];
    for (let i = 0; i < 7; i++)
      tokens.push((await signIn(app, m.email, TEST_PASSWORD)).json?.token);
    const opened = await Promise.all(
      Array.from({ length: 70 }, (_, i) => openAt(app, tokens[i % 7]!)),
    );
    const ok = count(
      opened.map((o) => o.status),
      200,
    );
    figures.push(
      `streams of one member opened at once: ${ok} of 70 (limit ${MAX_STREAMS_PER_MEMBER})`,
    );
    expect(ok).toBe(MAX_STREAMS_PER_MEMBER);
    await Promise.all(opened.map((o) => o.close()));
  });
});

describe('requests', () => {
  test('100 requests at once by one key with a limit of 20 a minute: 20 served', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const app = await instance({ rateLimitPerMinute: 20 });
    const statuses = await burst(100, [app], (a) =>
      ctx.requestTo(a, 'GET', `${API_BASE}/campaigns`, { key: key.key }),
    );
    figures.push(`requests of one key at once: ${count(statuses, 200)} of 100 served (limit 20)`);
    expect(count(statuses, 200)).toBe(20);
    expect(count(statuses, 429)).toBe(80);
  });

  test('wrong keys and ops tokens at once lock the address out; credential-less requests never do', async () => {
    const app = await instance({ failedAuthPerMinute: 10, opsFailedAuthPerMinute: 10 });
    const { key } = await ctx.ops.brandWithKey();
    const none = await burst(100, [app], (a, i) =>
      ctx.requestTo(a, i % 2 ? 'GET' : 'POST', i % 2 ? `${API_BASE}/campaigns` : '/ops/brands', {
        ...(i % 2 ? {} : { body: { name: 'x' } }),
      }),
    );
    expect(count(none, 401)).toBe(100);
    expect(
      (await ctx.requestTo(app, 'GET', `${API_BASE}/campaigns`, { key: key.key })).status,
    ).toBe(200);
    expect(
      (
        await ctx.requestTo(app, 'POST', '/ops/brands', {
          key: TEST_OPS_TOKEN,
          body: { name: 'ok' },
        })
      ).status,
    ).toBe(201);
    const wrong = await burst(100, [app], (a, i) =>
      ctx.requestTo(a, 'GET', `${API_BASE}/campaigns`, { key: `cck_wrong${i}` }),
    );
    // A wrong key is looked up before it is counted (a cheap hash and one indexed read; nothing
    // like a password hash): a burst may have more looked up than the limit, then the address is out.
    figures.push(
      `wrong keys at once from one address: ${count(wrong, 401)} of 100 looked up, ${count(wrong, 429)} refused, then locked out (limit 10 a minute)`,
    );
    expect(count(wrong, 401) + count(wrong, 429)).toBe(100);
    expect(
      (await ctx.requestTo(app, 'GET', `${API_BASE}/campaigns`, { key: key.key })).status,
    ).toBe(429);
  });
});
