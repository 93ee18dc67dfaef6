import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_BASE, OPS_BASE } from '../server/app.ts';
import { listen } from '../server/http/listen.ts';
import { createTestContext, TEST_OPS_TOKEN } from '../server/test/harness.ts';
import { call } from './support/http.ts';
import { operationsOf, type OpenApiDocument, type Operation } from './support/openapi.ts';
import { rawRequest, type RawAnswer, type RawRequest } from './support/raw-http.ts';
import { brandWorld, databaseDigest, digestDiff } from './support/world.ts';

// Structural attacks on every operation of both OpenAPI documents, over a real socket: JSON
// nested 10,000 deep, 10 MB bodies (with Content-Length and chunked), a 40 KB header block,
// wrong content types, and parameters sent twice. Every answer is the interface's error body
// with a 4xx status (never a 5xx, never a dropped connection), and the database is unchanged
// after each operation's probes. Figures: docs/reliability.md.

const ctx = await createTestContext();
const apiDoc = (await call(ctx.app, 'GET', `${API_BASE}/openapi.json`)).json as OpenApiDocument;
const opsDoc = (await call(ctx.app, 'GET', `${OPS_BASE}/openapi.json`)).json as OpenApiDocument;
const world = await brandWorld(ctx, apiDoc);
// The cursor secret is made on first use: make it now, so it is not the one write of a probe.
await call(ctx.app, 'GET', `${API_BASE}/campaigns?limit=1`, { key: world.key.key });

interface Target {
  base: string;
  op: Operation;
  token: string;
}
const targets: Target[] = [
  ...operationsOf(apiDoc).map((op) => ({ base: API_BASE, op, token: world.key.key })),
  ...operationsOf(opsDoc).map((op) => ({ base: OPS_BASE, op, token: TEST_OPS_TOKEN })),
];

let server: Server;
let port = 0;
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
  await ctx.close();
});

/** The operation's path on the brand world's resources (random ids where the world has none). */
function pathOf(t: Target): string {
  return `${t.base}${t.op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(t.base === API_BASE ? (world.params[name] ?? randomUUID()) : randomUUID()),
  )}`;
}

const NESTED = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 0x61);
const TEN_MB_JSON = Buffer.concat([Buffer.from('{"name":"'), TEN_MB, Buffer.from('"}')]);

interface Probe {
  name: string;
  /** Statuses the probe may answer; every one is an error body. */
  expect: number[];
  request: (t: Target, path: string) => RawRequest | null;
}

const writes = (t: Target) => t.op.method !== 'GET';

const PROBES: Probe[] = [
  {
    name: 'JSON nested 10,000 deep',
    expect: [422],
    request: (t, path) =>
      writes(t)
        ? {
            method: t.op.method,
            path,
            headers: { 'Content-Type': 'application/json' },
            body: NESTED,
          }
        : null,
  },
  {
    name: '10 MB body with Content-Length',
    expect: [413],
    request: (t, path) =>
      writes(t)
        ? {
            method: t.op.method,
            path,
            headers: { 'Content-Type': 'application/json' },
            body: TEN_MB_JSON,
          }
        : null,
  },
  {
    name: '10 MB body, chunked',
    expect: [413],
    request: (t, path) =>
      writes(t)
        ? {
            method: t.op.method,
            path,
            headers: { 'Content-Type': 'application/json' },
            body: TEN_MB_JSON,
            chunked: true,
          }
        : null,
  },
  {
    name: '40 KB header block',
    expect: [431],
    request: (t, path) => ({
      method: t.op.method,
      path,
      headers: { 'X-Padding': 'p'.repeat(40 * 1024) },
    }),
  },
  ...[
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
  ].map((type): Probe => ({
    name: `body as ${type.split(';')[0]}`,
    expect: [415],
    request: (t, path) =>
      t.op.bodyTypes.length > 0
        ? { method: t.op.method, path, headers: { 'Content-Type': type }, body: 'a=1' }
        : null,
  })),
  {
    name: 'a query parameter twice',
    expect: [400],
    request: (t, path) => {
      const single = t.op.params.find((p) => p.in === 'query' && p.schema.type !== 'array');
      return single
        ? { method: t.op.method, path: `${path}?${single.name}=1&${single.name}=2` }
        : null;
    },
  },
  {
    name: 'an undeclared query parameter',
    expect: [400],
    request: (t, path) => ({ method: t.op.method, path: `${path}?unexpected=1` }),
  },
];

/** Answers of every probe, for the summary test below. */
const tally = new Map<string, { sent: number; statuses: Map<number, number> }>();

function expectErrorAnswer(answer: RawAnswer, expected: number[], where: string) {
  expect(answer.status, `${where}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  expect(expected, `${where}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(
    answer.status,
  );
  expect(String(answer.headers['content-type']), where).toMatch(/^application\/json/);
  const body = answer.json as { error: number; message: string; code: string };
  expect(body.error, where).toBe(answer.status);
  expect(body.message.length, where).toBeGreaterThan(0);
}

describe('structural attacks', () => {
  test('cover every operation of both documents', () => {
    expect(targets.filter((t) => t.base === API_BASE).length).toBeGreaterThanOrEqual(25);
    expect(targets.filter((t) => t.base === OPS_BASE).length).toBeGreaterThanOrEqual(15);
  });

  test.for(targets.map((t) => [`${t.base} ${t.op.label}`, t] as const))(
    '%s: 4xx error bodies only, database unchanged',
    async ([, t]) => {
      const before = await databaseDigest(ctx.db);
      const path = pathOf(t);
      for (const probe of PROBES) {
        const req = probe.request(t, path);
        if (!req) continue;
        req.headers = { Authorization: `Bearer ${t.token}`, ...req.headers };
        const answer = await rawRequest(port, req);
        const entry = tally.get(probe.name) ?? { sent: 0, statuses: new Map() };
        entry.sent += 1;
        entry.statuses.set(answer.status, (entry.statuses.get(answer.status) ?? 0) + 1);
        tally.set(probe.name, entry);
        expectErrorAnswer(answer, probe.expect, `${t.op.label} ${probe.name}`);
      }
      expect(
        digestDiff(before, await databaseDigest(ctx.db)),
        `${t.op.label} changed the database`,
      ).toEqual([]);
    },
  );

  test('the service still answers normally afterwards', async () => {
    const answer = await rawRequest(port, {
      method: 'GET',
      path: `${API_BASE}/me`,
      headers: { Authorization: `Bearer ${world.key.key}` },
    });
    expect(answer.status).toBe(200);
    const summary = [...tally].map(
      ([name, e]) =>
        `${name}: ${e.sent} sent, ${[...e.statuses].map(([s, n]) => `${n}x${s}`).join(' ')}`,
    );
    console.log(`structural attacks on ${targets.length} operations\n${summary.join('\n')}`);
    expect([...tally.values()].every((e) => [...e.statuses.keys()].every((s) => s < 500))).toBe(
      true,
    );
  });
});
