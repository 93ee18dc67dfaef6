import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMedia, isRefusedAddress, MediaFetchError, type FetchLimits } from './fetch-media.ts';

// The address rules of media fetching: a media URL never reaches a loopback or private address,
// whether named directly, through a name that resolves there, or through a redirect. A local
// listener records every connection it gets, so "never contacted" is measured, not assumed.

interface Recorder {
  server: Server;
  port: number;
  connections: number;
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Recorder> {
  const server = createServer(handler);
  const rec: Recorder = { server, port: 0, connections: 0 };
  server.on('connection', () => rec.connections++);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  rec.port = (server.address() as AddressInfo).port;
  return rec;
}

let inside: Recorder;
let allowed: Recorder;
beforeAll(async () => {
  inside = await listen((_req, res) => res.end('secret'));
  allowed = await listen((req, res) => {
    if (req.url === '/to-inside') {
      res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/x` });
    } else if (req.url === '/to-inside-by-name') {
      res.writeHead(302, { location: `http://inside.test:${inside.port}/x` });
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.end(Buffer.alloc(5_000));
      return;
    } else if (req.url === '/slow') {
      return; // never answers
    } else if (req.url === '/gone') {
      res.writeHead(404);
    } else if (req.url === '/busy') {
      res.writeHead(503);
    } else {
      res.writeHead(200, { 'content-type': 'video/mp4' });
    }
    res.end('media');
  });
});
afterAll(async () => {
  for (const r of [inside, allowed]) {
    r.server.closeAllConnections();
    await new Promise((done) => r.server.close(done));
  }
});

// 127.0.0.1 is a loopback address: only the host named media.allowed may use it here.
const limits = (over: Partial<FetchLimits> = {}): FetchLimits => ({
  maxBytes: 1_000,
  timeoutMs: 2_000,
  maxRedirects: 3,
  allowHosts: new Set(['media.allowed']),
  lookup: (host) =>
    Promise.resolve(
      host === 'media.allowed' || host === 'inside.test'
        ? [{ address: '127.0.0.1', family: 4 }]
        : host === 'public.test'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '10.1.2.3', family: 4 },
            ]
          : [],
    ),
  ...over,
});

async function refusal(url: string, over: Partial<FetchLimits> = {}) {
  const err = await fetchMedia(url, limits(over)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaFetchError);
  return err as MediaFetchError;
}

describe('media fetching: the address rules', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])(
    'accepts the public address %s',
    (address) => {
      expect(isRefusedAddress(address)).toBe(false);
    },
  );

  it('never contacts a loopback address named directly, by a name resolving to it, or by a redirect', async () => {
    expect((await refusal(`http://127.0.0.1:${inside.port}/x`)).message).toContain(
      'private or loopback',
    );
    expect((await refusal(`http://[::1]:${inside.port}/x`)).retryable).toBe(false);
    expect((await refusal(`http://inside.test:${inside.port}/x`)).message).toContain(
      'resolves to a private',
    );
    // The allowed host itself is contacted; the redirects it answers are checked again.
    expect((await refusal(`http://media.allowed:${allowed.port}/to-inside`)).message).toContain(
      'private or loopback',
    );
    expect(
      (await refusal(`http://media.allowed:${allowed.port}/to-inside-by-name`)).message,
    ).toContain('resolves to');
    expect(inside.connections).toBe(0);
    expect(allowed.connections).toBeGreaterThan(0);
  });

  it('refuses a name when any of its addresses is private', async () => {
    expect((await refusal('http://public.test/clip.mp4')).message).toContain(
      'resolves to a private',
    );
  });

  it('refuses other schemes and URLs with credentials', async () => {
    expect((await refusal('ftp://media.allowed/clip.mp4')).message).toContain(
      'only http and https',
    );
    expect((await refusal(`http://u:p@media.allowed:${allowed.port}/`)).message).toContain(
      'credentials',
    );
  });

  it('fetches from an allowed host, within the size and time limits', async () => {
    const media = await fetchMedia(`http://media.allowed:${allowed.port}/clip.mp4`, limits());
    expect(new TextDecoder().decode(media.bytes)).toBe('media');
    expect(media.contentType).toBe('video/mp4');
    const big = await refusal(`http://media.allowed:${allowed.port}/big`);
    expect(big.message).toContain('limit');
    expect(big.retryable).toBe(false);
    const slow = await refusal(`http://media.allowed:${allowed.port}/slow`, { timeoutMs: 200 });
    expect(slow.message).toContain('200 ms');
    expect(slow.retryable).toBe(true);
  });

  it('a 5xx or an unresolvable name can be retried; a 404 cannot', async () => {
    expect((await refusal(`http://media.allowed:${allowed.port}/busy`)).retryable).toBe(true);
    expect((await refusal(`http://media.allowed:${allowed.port}/gone`)).retryable).toBe(false);
    expect((await refusal('http://nowhere.test/clip.mp4')).retryable).toBe(true);
  });
});
