import type { Server } from 'node:http';
import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandWorld } from '../test/harness.ts';
import { waitUntil } from '../test/sse.ts';
import { listen } from './listen.ts';

// Over a real socket: what Node answers before the app sees a request, and what the connection
// does after a 413.

const { ctx, brand: owner } = await brandWorld();
let server: Server;
let port: number;

beforeAll(async () => {
  await new Promise<void>((ready) => {
    server = listen(ctx.app, { hostname: '127.0.0.1', port: 0 }, (info) => {
      port = info.port;
      ready();
    });
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

/** Writes `raw` on a new connection and reads until the server closes it. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (out += chunk));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => reject(new Error(`no close; got ${out}`)));
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  reusedSocket: boolean;
}

function send(agent: Agent, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          Authorization: `Bearer ${owner.key.key}`,
          ...(body === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

describe('the HTTP server', () => {
  it('answers a header block over 16 KB with 431 and the error body', async () => {
    const answer = await exchange(
      `GET /2026-07/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${owner.key.key}\r\nX-Big: ${'a'.repeat(40 * 1024)}\r\n\r\n`,
    );
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(head).toMatch(/connection: close/i);
    expect(JSON.parse(body ?? '')).toEqual({
      error: 431,
      code: 'headers_too_large',
      message: 'headers: the header block is larger than 16 KB',
    });
  });

  it('answers a request line it cannot parse with 400 and the error body', async () => {
    const answer = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '').code).toBe('invalid_request');
  });

  it('lets a request that asked to close get its own answer when more bytes follow it', async () => {
    const answer = await exchange(
      `GET /2026-07/campaigns/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${owner.key.key}\r\nConnection: close\r\n\r\nstray bytes after the request`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '').code).toBe('not_found');
  });

  it('closes the connection after a 413, so a POST retried on the same agent goes through on a new one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, 'GET', '/2026-07/me');
      expect(first.status).toBe(200);
      const big = await send(
        agent,
        'POST',
        '/2026-07/campaigns',
        JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      );
      expect(big.status).toBe(413);
      expect(big.headers.connection).toBe('close');
      expect(JSON.parse(big.body).code).toBe('payload_too_large');
      const retry = await send(
        agent,
        'POST',
        '/2026-07/campaigns',
        JSON.stringify({ name: 'After a 413' }),
      );
      expect(retry.status, retry.body).toBe(201);
      expect(retry.reusedSocket).toBe(false);
    } finally {
      agent.destroy();
    }
  });
});

describe('a client that aborts its upload', () => {
  // The app again, logging to a buffer, on its own listening server.
  const lines: { level: number; msg: string; status?: number; path?: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let aborting: Server;
  let abortPort: number;
  beforeAll(async () => {
    const app = ctx.makeApp({ logger: pino({ level: 'debug' }, sink) });
    await new Promise<void>((ready) => {
      aborting = listen(app, { hostname: '127.0.0.1', port: 0 }, (info) => {
        abortPort = info.port;
        ready();
      });
    });
  });
  afterAll(async () => {
    aborting.closeAllConnections();
    await new Promise((done) => aborting.close(done));
  });

  /** Sends the head and part of a body declared 900,000 bytes long, then destroys the socket. */
  function abortUpload(method: string, path: string, contentType: string, part: string) {
    return new Promise<void>((resolve, reject) => {
      // Destroyed once the server has the request (its head parsed), not after a guessed pause.
      aborting.once('request', () => {
        socket.destroy();
        resolve();
      });
      const socket = connect(abortPort, '127.0.0.1', () => {
        socket.write(
          [
            `${method} ${path} HTTP/1.1`,
            'Host: 127.0.0.1',
            `Authorization: Bearer ${owner.key.key}`,
            `Content-Type: ${contentType}`,
            'Content-Length: 900000',
            '',
            part,
          ].join('\r\n'),
        );
      });
      socket.on('error', reject);
    });
  }

  it('is logged at info as a client abort with status 499, never as an unhandled error or a 500', async () => {
    const uploads = [
      ['POST', '/2026-07/campaigns', 'application/json', '{"name":"Half a camp'],
      ['PUT', '/2026-07/codes', 'text/csv', 'code,total_uses\nGLOW,5\n'],
    ] as const;
    for (const [method, path, type, part] of uploads) {
      await abortUpload(method, path, type, part);
      await waitUntil(
        () => lines.some((l) => l.path === path),
        `the request line of ${method} ${path}`,
      );
    }
    const aborted = lines.filter((l) => l.msg === 'client aborted');
    expect(aborted.map((l) => [l.path, l.status, l.level])).toEqual([
      ['/2026-07/campaigns', 499, 30],
      ['/2026-07/codes', 499, 30],
    ]);
    expect(
      lines.filter((l) => l.level >= 50 || l.status === 500 || /unhandled/.test(l.msg)),
    ).toEqual([]);
  });
});
