import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyCacheOf } from './domain/key-cache.ts';
import { StreamRegistry } from './domain/streams.ts';
import { Lifecycle } from './http/lifecycle.ts';
import { listen } from './http/listen.ts';
import { gracefulShutdown } from './shutdown.ts';
import { createTestContext, type TestContext } from './test/harness.ts';

// SIGTERM's steps (decision 0082) on a real HTTP server: readiness 503 at once while requests are
// still served for the drain, then event streams end (their `retry:` sent), in-flight requests
// finish, and it is over well before the timeout.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('graceful shutdown', () => {
  it('drains, ends event streams and exits 0 before the timeout', async () => {
    const lifecycle = new Lifecycle();
    const streams = new StreamRegistry(ctx.db, apiKeyCacheOf(ctx.db));
    const app = ctx.makeApp({ lifecycle, streams, events: { retryMs: 700 } });
    const server: Server = await new Promise((done) => {
      const s = listen(app, { hostname: '127.0.0.1', port: 0 }, () => done(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { key } = await ctx.ops.brandWithKey();

    const stream = await fetch(`${base}/2026-07/events`, {
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = '';
    const decoder = new TextDecoder();
    const ended = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return Date.now();
        received += decoder.decode(value);
      }
    })();
    await expect.poll(() => lifecycle.openStreams).toBe(1);

    const started = Date.now();
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((done) => (exited = done));
    let jobsStopped = false;
    let restClosed = false;
    void gracefulShutdown({
      server,
      lifecycle,
      logger: pino({ level: 'silent' }),
      drainMs: 400,
      timeoutMs: 4000,
      endStreams: () => {
        for (const credential of lifecycle.streamCredentials()) streams.closeCredential(credential);
      },
      stopJobs: async () => {
        jobsStopped = true;
      },
      closeRest: async () => {
        restClosed = true;
      },
      exit: (code) => exited(code),
    });

    // At once: not ready, but still serving.
    const ready = await fetch(`${base}/healthz/ready`);
    expect(ready.status).toBe(503);
    const me = await fetch(`${base}/2026-07/me`, {
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('Connection')).toBe('close');

    const endedAt = await ended;
    expect(endedAt - started).toBeGreaterThanOrEqual(350);
    expect(received).toContain('retry: 700');
    expect(await exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(jobsStopped && restClosed).toBe(true);
    expect(server.listening).toBe(false);
  });

  it('cuts what still runs at the timeout and exits 1', async () => {
    const lifecycle = new Lifecycle();
    const app = ctx.makeApp({ lifecycle });
    const server: Server = await new Promise((done) => {
      const s = listen(app, { hostname: '127.0.0.1', port: 0 }, () => done(s));
    });
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((done) => (exited = done));
    const started = Date.now();
    void gracefulShutdown({
      server,
      lifecycle,
      logger: pino({ level: 'silent' }),
      drainMs: 50,
      timeoutMs: 500,
      endStreams: () => {},
      stopJobs: () => new Promise(() => {}),
      closeRest: async () => {},
      exit: (code) => exited(code),
    });
    expect(await exit).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
