import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestContext, TEST_OPS_TOKEN, type TestContext } from '../test/harness.ts';
import { clientResolver, isLoopbackAddress } from './client-info.ts';

// TRUST_PROXY and PUBLIC_URL (decision 0080): the client a trusted proxy names, never one a
// client names itself; invitation links from PUBLIC_URL, never from a client's Host header.

/** What @hono/node-server passes as c.env.incoming, for a request from `peer`. */
const incoming = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe('the client address', () => {
  it('is the socket peer without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    const resolve = clientResolver(null);
    expect(
      resolve(
        incoming('10.0.0.5', { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' }),
      ),
    ).toEqual({ address: '10.0.0.5', proto: 'http' });
    expect(resolve(undefined)).toEqual({ address: 'in-process', proto: 'http' });
  });

  it('is the client past the trusted hops, with the scheme the proxy saw', () => {
    const one = clientResolver(1);
    expect(
      one(
        incoming('10.0.0.5', {
          'x-forwarded-for': '6.6.6.6, 198.51.100.7',
          'x-forwarded-proto': 'https',
        }),
      ),
    ).toEqual({ address: '198.51.100.7', proto: 'https' });
    const two = clientResolver(2);
    expect(two(incoming('10.0.0.5', { 'x-forwarded-for': '198.51.100.7, 10.0.0.9' })).address).toBe(
      '198.51.100.7',
    );
  });

  it('is taken from the header only when the peer is a listed proxy', () => {
    const resolve = clientResolver(['10.0.0.0/8', 'loopback']);
    const headers = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' };
    expect(resolve(incoming('10.1.2.3', headers))).toEqual({
      address: '198.51.100.7',
      proto: 'https',
    });
    expect(resolve(incoming('127.0.0.1', headers)).address).toBe('198.51.100.7');
    expect(resolve(incoming('192.0.2.1', headers))).toEqual({
      address: '192.0.2.1',
      proto: 'http',
    });
    // A forged entry before the proxy's own is skipped only while its hops are trusted.
    expect(
      resolve(incoming('10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.9.9.9' }))
        .address,
    ).toBe('203.0.113.9');
  });

  it('counts loopback and in-process requests as this machine', () => {
    for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', 'in-process']) {
      expect(isLoopbackAddress(a)).toBe(true);
    }
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '198.51.100.7']) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
  });
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const get = (app: App, path: string, env: { incoming: IncomingMessage }) =>
  app.request(path, {}, env);

describe('per-address limits behind a proxy', () => {
  it('count each forwarded client apart with TRUST_PROXY, and the proxy as one client without', async () => {
    const behind = ctx.makeApp({ trustProxy: 1, opsRateLimitPerMinute: 2 });
    const from = (client: string) => ({
      incoming: incoming('10.0.0.5', { 'x-forwarded-for': client }),
    });
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      expect((await get(behind, '/ops/openapi.json', from(client))).status).toBe(200);
      expect((await get(behind, '/ops/openapi.json', from(client))).status).toBe(200);
      expect((await get(behind, '/ops/openapi.json', from(client))).status).toBe(429);
    }
    const direct = ctx.makeApp({ opsRateLimitPerMinute: 2 });
    expect((await get(direct, '/ops/openapi.json', from('198.51.100.1'))).status).toBe(200);
    expect((await get(direct, '/ops/openapi.json', from('198.51.100.2'))).status).toBe(200);
    expect((await get(direct, '/ops/openapi.json', from('198.51.100.3'))).status).toBe(429);
  });
});

describe('invitation links', () => {
  const invite = async (app: App, env: { incoming: IncomingMessage } | undefined, host: string) => {
    const brand = await ctx.ops.createBrand();
    return app.request(
      `http://${host}/ops/invitations`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${TEST_OPS_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: `${brand.id}@example.com`,
          role: 'admin',
          brand_id: brand.id,
        }),
      },
      env,
    );
  };

  it('start with PUBLIC_URL whatever Host the client sent', async () => {
    const app = ctx.makeApp({ trustProxy: 1, publicUrl: 'https://console.example.com' });
    const res = await invite(
      app,
      { incoming: incoming('10.0.0.5', { 'x-forwarded-for': '198.51.100.7' }) },
      'evil.example.net',
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { invitation_url: string };
    expect(body.invitation_url).toMatch(
      /^https:\/\/console\.example\.com\/accept-invitation#token=cci_/,
    );
  });

  it("use the request's origin without PUBLIC_URL only for a client on this machine", async () => {
    const app = ctx.makeApp({ trustProxy: 1 });
    const local = await invite(app, { incoming: incoming('127.0.0.1') }, 'localhost:8080');
    expect(local.status).toBe(201);
    expect(((await local.json()) as { invitation_url: string }).invitation_url).toMatch(
      /^http:\/\/localhost:8080\/accept-invitation#token=/,
    );
    const far = await invite(
      app,
      { incoming: incoming('10.0.0.5', { 'x-forwarded-for': '198.51.100.7' }) },
      'evil.example.net',
    );
    expect(far.status).toBe(500);
    expect(await far.json()).toMatchObject({
      code: 'internal',
      message: expect.stringMatching(/PUBLIC_URL/),
    });
  });
});
