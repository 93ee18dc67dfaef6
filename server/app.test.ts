import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/common';
import { MemoryRateLimitStore } from './http/rate-limit.ts';
import { expectExactError } from './test/campaigns.ts';
import { fileContext, TEST_OPS_TOKEN } from './test/harness.ts';

const ctx = await fileContext();
const key = (await ctx.ops.brandWithKey()).key.key;

const ops = { key: TEST_OPS_TOKEN };

/** An app whose request log (info level) is collected as one string per JSON line. */
function appWithLogLines() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { app: ctx.makeApp({ logger: pino({ level: 'info' }, sink) }), lines };
}

describe('errors', () => {
  it.each<{
    what: string;
    rawBody: string;
    headers: Record<string, string>;
    error: [status: number, code: string, message: string];
  }>([
    {
      what: '400 invalid_request for a body that is not JSON',
      rawBody: '{"name": ',
      headers: {},
      error: [400, 'invalid_request', 'body: not valid JSON'],
    },
    {
      what: '415 unsupported_media_type for a body that is not declared as JSON',
      rawBody: 'name=Acme',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      error: [415, 'unsupported_media_type', 'Content-Type must be application/json'],
    },
  ])('answers $what', async ({ rawBody, headers, error }) => {
    const res = await ctx.request('POST', '/ops/brands', { ...ops, rawBody, headers });
    expectExactError(res, ...error);
  });

  it('accepts application/json with a charset', async () => {
    const res = await ctx.request('POST', '/ops/brands', {
      ...ops,
      rawBody: JSON.stringify({ name: 'Charset Co' }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });

  it('answers 404 not_found for an unknown route under /2026-07', async () => {
    const res = await ctx.request('GET', '/2026-07/campaignz', { key });
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.json)).toEqual({
      error: 404,
      code: 'not_found',
      message: 'No route for GET /2026-07/campaignz',
    });
  });

  it('answers 404 not_found in JSON for an unknown non-GET path outside the API', async () => {
    const res = await ctx.request('POST', '/somewhere');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });

  it('answers 405 method_not_allowed with Allow for a known path', async () => {
    const res = await ctx.request('DELETE', '/2026-07/targeting/properties', { key });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
    expect(res.json).toMatchObject({ error: 405, code: 'method_not_allowed' });
  });

  it('answers 405 with Allow for a path with a parameter', async () => {
    const res = await ctx.request(
      'GET',
      '/ops/keys/00000000-0000-4000-8000-000000000000/revoke',
      ops,
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
  });

  it('answers 413 payload_too_large for a body over 1 MiB', async () => {
    const res = await ctx.request('POST', '/ops/brands', {
      ...ops,
      body: { name: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: 413, code: 'payload_too_large' });
  });

  it('answers 413 from the Content-Length alone', async () => {
    const res = await ctx.request('POST', '/2026-07/me', {
      key,
      rawBody: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'Content-Length': String(1024 * 1024 + 1) },
    });
    expect(res.status).toBe(413);
  });

  it('answers 500 internal without a stack or SQL, naming the request id', async () => {
    const app = ctx.makeApp();
    app.get('/2026-07/test-only/throws', () => {
      throw new Error('relation "secret_table" does not exist');
    });
    app.get('/2026-07/test-only/sql', async (c) => {
      await ctx.db.execute(sql`select * from secret_table_that_does_not_exist`);
      return c.json({});
    });
    for (const path of ['/2026-07/test-only/throws', '/2026-07/test-only/sql']) {
      const res = await ctx.requestTo(app, 'GET', path, { key });
      expect(res.status).toBe(500);
      const requestId = res.headers.get('X-Request-Id');
      expect(res.json).toEqual({
        error: 500,
        code: 'internal',
        message: `Internal error (request id ${requestId})`,
      });
      expect(res.text).not.toMatch(/secret|select|at \w+ \(/i);
    }
  });
});

describe('request ids', () => {
  it('sends a generated X-Request-Id on every answer, errors included', async () => {
    const ok = await ctx.request('GET', '/2026-07/me', { key });
    const bad = await ctx.request('GET', '/2026-07/me');
    const health = await ctx.request('GET', '/healthz');
    const ids = [ok, bad, health].map((r) => r.headers.get('X-Request-Id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps a sane incoming X-Request-Id', async () => {
    const res = await ctx.request('GET', '/2026-07/me', {
      key,
      headers: { 'X-Request-Id': 'edge-7f3a.42' },
    });
    expect(res.headers.get('X-Request-Id')).toBe('edge-7f3a.42');
  });

  it('replaces an incoming X-Request-Id that is too long or has odd characters', async () => {
    for (const incoming of ['x'.repeat(200), 'two words', '<script>']) {
      const res = await ctx.request('GET', '/healthz', { headers: { 'X-Request-Id': incoming } });
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('request log', () => {
  it('writes one JSON line per request with the request id and key prefix, never the key or the query', async () => {
    const { app, lines } = appWithLogLines();
    // An unknown query parameter: 400, and the value still never reaches the log.
    const res = await ctx.requestTo(app, 'GET', '/2026-07/me?token=s3cr3t', { key });
    expect(res.status).toBe(400);
    await ctx.requestTo(app, 'GET', '/2026-07/me', {
      key: 'cck_not_a_real_key_000000000000000000000000',
    });
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/2026-07/me',
      status: 400,
      request_id: res.headers.get('X-Request-Id'),
      key_prefix: key.slice(0, 12),
    });
    expect(first.ms).toEqual(expect.any(Number));
    expect(JSON.parse(lines[1]!)).toMatchObject({ status: 401 });
    const all = lines.join('\n');
    expect(all).not.toContain(key);
    expect(all).not.toContain('cck_not_a_real_key');
    expect(all).not.toContain('s3cr3t');
    expect(all.toLowerCase()).not.toContain('authorization');
  });

  it('logs the error behind a 500 with the request id', async () => {
    const { app, lines } = appWithLogLines();
    app.get('/2026-07/test-only/boom', () => {
      throw new Error('kaboom');
    });
    const res = await ctx.requestTo(app, 'GET', '/2026-07/test-only/boom', { key });
    const entries = lines.map((l) => JSON.parse(l));
    const error = entries.find((e) => e.msg === 'unhandled error');
    expect(error).toMatchObject({
      request_id: res.headers.get('X-Request-Id'),
      err: { message: 'kaboom' },
    });
    expect(entries.find((e) => e.msg === 'request')).toMatchObject({ status: 500, level: 50 });
  });
});

describe('rate limit', () => {
  const fixedClock = () => new Date('2026-07-01T10:00:15.000Z');

  it('answers 429 rate_limited with Retry-After and RateLimit headers over the limit; other keys are unaffected', async () => {
    const app = ctx.makeApp({
      rateLimitPerMinute: 3,
      rateLimitStore: new MemoryRateLimitStore(),
      now: fixedClock,
    });
    const a = (await ctx.ops.brandWithKey()).key.key;
    const b = (await ctx.ops.brandWithKey()).key.key;
    for (const remaining of [2, 1, 0]) {
      const res = await ctx.requestTo(app, 'GET', '/2026-07/me', { key: a });
      expect(res.status).toBe(200);
      expect(res.headers.get('RateLimit-Policy')).toBe('"default";q=3;w=60');
      expect(res.headers.get('RateLimit')).toBe(`"default";r=${remaining};t=45`);
    }
    const limited = await ctx.requestTo(app, 'GET', '/2026-07/me', { key: a });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ error: 429, code: 'rate_limited' });
    expect(limited.headers.get('Retry-After')).toBe('45');
    expect(limited.headers.get('RateLimit')).toBe('"default";r=0;t=45');

    const other = await ctx.requestTo(app, 'GET', '/2026-07/me', { key: b });
    expect(other.status).toBe(200);
    expect(other.headers.get('RateLimit')).toBe('"default";r=2;t=45');
  });

  it('counts error answers and sends the headers on them', async () => {
    const app = ctx.makeApp({
      rateLimitPerMinute: 1,
      rateLimitStore: new MemoryRateLimitStore(),
      now: fixedClock,
    });
    const noScope = (await ctx.ops.brandWithKey([])).key.key;
    const first = await ctx.requestTo(app, 'GET', '/2026-07/targeting/properties', {
      key: noScope,
    });
    expect(first.status).toBe(403);
    expect(first.headers.get('RateLimit')).toBe('"default";r=0;t=45');
    expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: noScope })).status).toBe(429);
  });

  it('does not apply to /healthz, /2026-07/openapi.json or requests without a key', async () => {
    const app = ctx.makeApp({
      rateLimitPerMinute: 1,
      rateLimitStore: new MemoryRateLimitStore(),
      now: fixedClock,
    });
    for (let i = 0; i < 3; i++) {
      for (const path of ['/healthz', '/2026-07/openapi.json']) {
        const res = await ctx.requestTo(app, 'GET', path);
        expect(res.status).toBe(200);
        expect(res.headers.get('RateLimit')).toBeNull();
      }
    }
  });

  it('starts a new window after a minute', async () => {
    let now = new Date('2026-07-01T10:00:59.500Z');
    const app = ctx.makeApp({
      rateLimitPerMinute: 1,
      rateLimitStore: new MemoryRateLimitStore(),
      now: () => now,
    });
    const k = (await ctx.ops.brandWithKey()).key.key;
    expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: k })).status).toBe(200);
    const limited = await ctx.requestTo(app, 'GET', '/2026-07/me', { key: k });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('1');
    now = new Date('2026-07-01T10:01:00.000Z');
    expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: k })).status).toBe(200);
  });
});

describe('CORS', () => {
  const origin = 'https://app.example.com';

  it('answers a preflight from an allowed origin without a key', async () => {
    const app = ctx.makeApp({ corsOrigins: [origin] });
    const res = await ctx.requestTo(app, 'OPTIONS', '/2026-07/me', {
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization,Content-Type,Idempotency-Key,Last-Event-ID,Usage-Report-Channel',
    );
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('exposes the rate-limit and request-id headers to an allowed origin', async () => {
    const app = ctx.makeApp({ corsOrigins: [origin] });
    const res = await ctx.requestTo(app, 'GET', '/2026-07/me', {
      key,
      headers: { Origin: origin },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(res.headers.get('Access-Control-Expose-Headers')).toBe(
      'RateLimit,RateLimit-Policy,Retry-After,X-Request-Id,Idempotent-Replay',
    );
  });

  it('allows no other origin, and none at all by default', async () => {
    const app = ctx.makeApp({ corsOrigins: [origin] });
    const other = await ctx.requestTo(app, 'GET', '/2026-07/me', {
      key,
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const byDefault = await ctx.request('GET', '/2026-07/me', { key, headers: { Origin: origin } });
    expect(byDefault.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
