import type { Server } from 'node:http';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { API_BASE, type App } from '../server/app.ts';
import { MAX_STREAMS_PER_CREDENTIAL } from '../server/domain/streams.ts';
import { listen } from '../server/http/listen.ts';
import { createTestContext, TEST_OPS_TOKEN } from '../server/test/harness.ts';
import { campaignIn } from '../server/test/campaigns.ts';
import { rawRequest } from './support/raw-http.ts';

// The protocol conventions of docs/api.md#protocol-conventions over real sockets, on PGlite and PostgreSQL:
// the cap of event streams per key, streams closed on revocation, `reset` instead of a long
// replay, throttling of failed authentication and of /ops, and compressed JSON. Figures:
// docs/reliability.md.

const ctx = await createTestContext();

/** An app with the service's real limits (the harness raises them for other tests). */
const hardened = ctx.makeApp({
  failedAuthPerMinute: 60,
  opsRateLimitPerMinute: 600,
  opsFailedAuthPerMinute: 10,
  events: { pollMs: 50, heartbeatMs: 1000 },
});

const servers: Server[] = [];
async function serve(app: App): Promise<number> {
  return new Promise((ready) => {
    const server = listen(app, { hostname: '127.0.0.1', port: 0 }, (info) => ready(info.port));
    servers.push(server);
  });
}
let port = 0;
beforeAll(async () => {
  port = await serve(hardened);
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((done) => s.close(done));
  }
  await ctx.close();
});

interface OpenStream {
  status: number;
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

/** Opens GET /events on a socket of its own and keeps reading. */
function openStream(
  key: string,
  headers: Record<string, string> = {},
  onPort = port,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let text = '';
    let ended = false;
    const req = request(
      {
        agent: false,
        host: '127.0.0.1',
        port: onPort,
        path: `${API_BASE}/events`,
        headers: { Authorization: `Bearer ${key}`, ...headers },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => (ended = true));
        res.on('error', () => (ended = true));
        res.on('close', () => (ended = true));
        resolve({
          status: res.statusCode ?? 0,
          text: () => text,
          ended: () => ended,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Waits for `check` to hold (polled by vi.waitFor); fails naming `what` after `ms`. */
async function until(check: () => boolean, what: string, ms: number) {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 10 },
  );
}

describe('event streams', () => {
  test(`a key opens at most ${MAX_STREAMS_PER_CREDENTIAL} streams; the next answers 429 too_many_streams`, async () => {
    const { key } = await ctx.ops.brandWithKey();
    const open: OpenStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) open.push(await openStream(key.key));
    expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_CREDENTIAL).fill(200));
    const over = await rawRequest(port, {
      method: 'GET',
      path: `${API_BASE}/events`,
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ error: 429, code: 'too_many_streams' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    for (const s of open) s.close();
  });

  test('revoking a key closes its open streams within 2 s', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const streams = [
      await openStream(key.key),
      await openStream(key.key),
      await openStream(key.key),
    ];
    await until(
      () => streams.every((s) => s.text().includes('retry:')),
      'the streams to start',
      5000,
    );
    const started = Date.now();
    await ctx.ops.revokeKey(key.id);
    await until(() => streams.every((s) => s.ended()), 'every stream to end', 2000);
    const closedMs = Date.now() - started;
    console.log(`revocation closed 3 streams in ${closedMs} ms`);
    expect(closedMs).toBeLessThan(2000);
    const after = await rawRequest(port, {
      method: 'GET',
      path: `${API_BASE}/events`,
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(after.status).toBe(401);
  });

  test('Last-Event-ID: 0 starts the stream with a reset event, not a replay', async () => {
    const { key } = await ctx.ops.brandWithKey();
    await campaignIn(ctx, key.key, 'active');
    const s = await openStream(key.key, { 'Last-Event-ID': '0' });
    await until(
      () => s.text().includes('\n\n', s.text().indexOf('event:')),
      'the reset event',
      5000,
    );
    const firstEvent = s
      .text()
      .split('\n\n')
      .find((block) => block.includes('data:'))!;
    expect(firstEvent).toMatch(
      /^event: reset\nid: \d+\.\d+\ndata: \{"type":"reset","reason":"unknown_position"\}$/,
    );
    expect(s.text().match(/^data:/gm)).toHaveLength(1);
    s.close();
  });
});

describe('throttling', () => {
  test('the 61st failed authentication of a minute from one address answers 429, and then a good key too', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const app = ctx.makeApp({ failedAuthPerMinute: 60 });
    const own = await serve(app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (
          await rawRequest(own, {
            method: 'GET',
            path: `${API_BASE}/me`,
            headers: { Authorization: `Bearer cck_wrong_${i}` },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
    const good = await rawRequest(own, {
      method: 'GET',
      path: `${API_BASE}/me`,
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(good.status).toBe(429);
    expect(good.json).toMatchObject({ code: 'rate_limited' });
  });

  test('/ops locks an address out after 10 wrong tokens, and limits its requests', async () => {
    const lockout = await serve(ctx.makeApp({ opsFailedAuthPerMinute: 10 }));
    const brand = (token: string) =>
      rawRequest(lockout, {
        method: 'POST',
        path: '/ops/brands',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{"name":"Lockout probe"}',
      });
    const wrong: number[] = [];
    await startOfAWindow();
    for (let i = 0; i < 11; i++) wrong.push((await brand(`wrong-token-${i}`)).status);
    expect(wrong).toEqual([...Array(10).fill(401), 429]);
    const right = await brand(TEST_OPS_TOKEN);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);

    const limited = await serve(ctx.makeApp({ opsRateLimitPerMinute: 20 }));
    const statuses: number[] = [];
    await startOfAWindow();
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await rawRequest(limited, {
            method: 'GET',
            path: '/ops/openapi.json',
            headers: { Authorization: `Bearer ${TEST_OPS_TOKEN}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });
});

/**
 * The limits count in fixed clock-minute windows: a burst that straddles a minute's end is counted
 * in two windows and never reaches its limit. When less than `room` is left of the current minute,
 * waits for the next one to begin, so the burst is counted in one.
 */
async function startOfAWindow(room = 20_000, windowMs = 60_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < room) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('compression', () => {
  test('a 100-row campaign list is gzipped when accepted, and identical once unzipped', async () => {
    const agency = await ctx.ops.agencyWithKey(1);
    for (let i = 0; i < 100; i++) {
      const res = await ctx.request('POST', `${API_BASE}/campaigns`, {
        key: agency.key.key,
        body: {
          brand_id: agency.brands[0]!.id,
          name: `Compression ${i}`,
          description: 'A campaign of the compression probe '.repeat(3),
        },
      });
      expect(res.status).toBe(201);
    }
    const path = `${API_BASE}/campaigns?limit=100`;
    const headers = { Authorization: `Bearer ${agency.key.key}` };
    const plain = await rawRequest(port, { method: 'GET', path, headers });
    const zipped = await new Promise<{ bytes: Buffer; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = request(
          {
            agent: false,
            host: '127.0.0.1',
            port,
            path,
            headers: { ...headers, 'Accept-Encoding': 'gzip, br' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ bytes: Buffer.concat(chunks), headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(plain.status).toBe(200);
    expect((plain.json as { data: unknown[] }).data).toHaveLength(100);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('no-store');
    expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(plain.text);
    const ratio = zipped.bytes.length / Buffer.byteLength(plain.text);
    console.log(
      `100-row campaign list: ${Buffer.byteLength(plain.text)} bytes, gzip ${zipped.bytes.length} bytes (${(ratio * 100).toFixed(1)}%)`,
    );
    expect(ratio).toBeLessThan(0.25);
  });
});
