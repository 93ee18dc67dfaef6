import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { brandWorld, TEST_OPS_TOKEN } from '../test/harness.ts';

// docs/api.md#limits: requests failing authentication are limited per client address, and /ops
// has its own limit and locks out an address that keeps sending wrong tokens.

const { ctx, brand: owner } = await brandWorld();

/** A request from `address`, as @hono/node-server hands it to the app. */
const from = (app: App, address: string, path: string, token: string, init: RequestInit = {}) =>
  app.request(
    path,
    {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    },
    { incoming: { socket: { remoteAddress: address } } },
  );

describe('failed authentication on /2026-07', () => {
  it('answers 429 with Retry-After after 60 failures a minute from one address, for every request of that address; other addresses go on', async () => {
    let clock = Date.parse('2026-07-01T12:00:00Z');
    const app = ctx.makeApp({ failedAuthPerMinute: 60, now: () => new Date(clock) });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await from(app, '10.0.0.1', '/2026-07/me', `cck_bogus_${i}`)).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
    const blocked = await from(app, '10.0.0.1', '/2026-07/me', owner.key.key);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: 429, code: 'rate_limited' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('cache-control')).toBe('no-store');
    // Another address, with a good key or a bad one, is not affected.
    expect((await from(app, '10.0.0.2', '/2026-07/me', owner.key.key)).status).toBe(200);
    expect((await from(app, '10.0.0.2', '/2026-07/me', 'cck_bogus')).status).toBe(401);
    // The next window: the address is heard again.
    clock += 61_000;
    expect((await from(app, '10.0.0.1', '/2026-07/me', owner.key.key)).status).toBe(200);
  });

  it('never counts requests that authenticate', async () => {
    const app = ctx.makeApp({ failedAuthPerMinute: 3 });
    for (let i = 0; i < 10; i++)
      expect((await from(app, '10.0.1.1', '/2026-07/me', owner.key.key)).status).toBe(200);
  });
});

describe('/ops', () => {
  it('locks out an address for 15 minutes after 10 wrong tokens in a minute, even with the right token', async () => {
    let clock = Date.parse('2026-07-01T12:00:00Z');
    const app = ctx.makeApp({ opsFailedAuthPerMinute: 10, now: () => new Date(clock) });
    const body = {
      method: 'POST',
      body: '{"name":"Lockout"}',
      headers: { 'Content-Type': 'application/json' },
    };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await from(app, '10.0.2.1', '/ops/brands', `wrong-${i}`, body)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const right = await from(app, '10.0.2.1', '/ops/brands', TEST_OPS_TOKEN, body);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await from(app, '10.0.2.2', '/ops/brands', TEST_OPS_TOKEN, body)).status).toBe(201);
    clock += 5 * 60_000; // a new window, still locked out
    expect((await from(app, '10.0.2.1', '/ops/brands', TEST_OPS_TOKEN, body)).status).toBe(429);
    clock += 11 * 60_000;
    expect((await from(app, '10.0.2.1', '/ops/brands', TEST_OPS_TOKEN, body)).status).toBe(201);
  });

  it('has its own request limit per address, with the RateLimit headers', async () => {
    const app = ctx.makeApp({ opsRateLimitPerMinute: 5 });
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await from(app, '10.0.3.1', '/ops/openapi.json', TEST_OPS_TOKEN));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"ops";q=5;w=60');
    expect(await answers[5]!.json()).toMatchObject({ code: 'rate_limited' });
    expect((await from(app, '10.0.3.2', '/ops/openapi.json', TEST_OPS_TOKEN)).status).toBe(200);
  });
});
