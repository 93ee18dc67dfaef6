import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { API_BASE, MAX_BODY_BYTES } from '../server/app.ts';
import { createTestContext } from '../server/test/harness.ts';
import { badCases, type BaseRequest } from './support/bad-input.ts';
import { call } from './support/http.ts';
import {
  branches,
  operationsOf,
  sample,
  typesOf,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './support/openapi.ts';
import { brandWorld, databaseDigest, digestDiff, expectErrorBody } from './support/world.ts';

// Bad input against every operation of the OpenAPI document: property-based requests (wrong
// types, huge strings and arrays, unknown fields, bad enums and dates, non-http URIs, invalid
// JSON and UTF-8, wrong content types, bad cursors, limits out of range) all get the interface's
// error body with a 4xx status, and the database is byte-for-byte unchanged after each of them.

/** Fixed by default so a run is repeatable; RELIABILITY_SEED=<n> explores other cases. */
const SEED = Number(process.env.RELIABILITY_SEED ?? 20260701);
const RUNS = Number(process.env.RELIABILITY_RUNS ?? 30);

const ctx = await createTestContext();
const doc = (await call(ctx.app, 'GET', `${API_BASE}/openapi.json`)).json as OpenApiDocument;
const operations = operationsOf(doc).filter((op) => !op.isPublic);
const world = await brandWorld(ctx, doc);
// The cursor secret is made on first use: make it now, so it is not the one write of a refusal.
await call(ctx.app, 'GET', `${API_BASE}/campaigns?limit=1`, { key: world.key.key });

afterAll(() => ctx.close());

function baseRequest(op: Operation): BaseRequest {
  return {
    path: op.path.replace(/\{([^}]+)\}/g, '__$1__'),
    query: [],
    headers: {},
    ...(op.body && op.bodyRequired ? { body: { json: sample(doc, op.body) } } : {}),
  };
}

async function send(op: Operation, req: BaseRequest) {
  const path = req.path.replace(/__([a-z_]+)__/g, (_, name: string) =>
    encodeURIComponent(world.params[name] ?? name),
  );
  const qs = new URLSearchParams(req.query).toString();
  const url = `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
  const body = req.body;
  return call(ctx.app, op.method, url, {
    key: world.key.key,
    headers: req.headers,
    streamMs: 100,
    ...(body === undefined
      ? {}
      : 'json' in body
        ? { body: body.json }
        : { rawBody: body.raw, contentType: body.contentType }),
  });
}

describe(`every operation refuses bad input (fast-check seed ${SEED}, ${RUNS} runs each)`, () => {
  test.for(operations.map((op) => [op.label, op] as const))('%s', async ([, op]) => {
    const before = await databaseDigest(ctx.db);
    await fc.assert(
      fc.asyncProperty(badCases(doc, op), async (bad) => {
        const res = await send(op, bad.apply(baseRequest(op)));
        const context = `${op.label} with ${bad.what}`;
        expect(res.status, `${context} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(
          500,
        );
        expectErrorBody(res, bad.expect.statuses, bad.expect.code, context);
        if (bad.expect.names) expect(res.json.message, context).toContain(bad.expect.names);
        const after = await databaseDigest(ctx.db);
        expect(digestDiff(before, after), `${context} changed the database`).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('bounded sizes', () => {
  const bodyOps = operations.filter((op) => op.bodyTypes.length > 0);

  test('every string and array of every request body has a documented bound', () => {
    const unbounded: string[] = [];
    const seen = new Set<JsonSchema>();
    const walk = (schema: JsonSchema, where: string) => {
      for (const s of branches(doc, schema)) {
        if (seen.has(s)) continue;
        seen.add(s);
        const types = typesOf(s);
        if (
          types.includes('string') &&
          !s.enum &&
          s.maxLength === undefined &&
          !['uuid', 'date', 'date-time'].includes(s.format) &&
          !/\{\d+,\d+\}\$$/.test(s.pattern ?? '')
        ) {
          unbounded.push(`${where}: string without maxLength`);
        }
        if (types.includes('array')) {
          if (s.maxItems === undefined) unbounded.push(`${where}: array without maxItems`);
          if (s.items) walk(s.items, `${where}[]`);
        }
        for (const [name, child] of Object.entries<JsonSchema>(s.properties ?? {}))
          walk(child, `${where}.${name}`);
        if (s.additionalProperties && typeof s.additionalProperties === 'object')
          walk(s.additionalProperties, `${where}.*`);
      }
    };
    for (const op of bodyOps) if (op.body) walk(op.body, `${op.label} body`);
    for (const op of operations)
      for (const p of op.params) walk(p.schema, `${op.label} ${p.in} ${p.name}`);
    expect(unbounded).toEqual([]);
  });

  test.for(bodyOps.map((op) => [op.label, op] as const))(
    '%s documents 413 and answers it past 1 MiB',
    async ([, op]) => {
      expect(Object.keys(op.responses)).toContain('413');
      expect(Object.keys(op.responses)).toContain('422');
      const before = await databaseDigest(ctx.db);
      const filler = 'x'.repeat(MAX_BODY_BYTES + 10);
      const res = await send(op, {
        ...baseRequest(op),
        body: { raw: JSON.stringify({ name: filler }), contentType: 'application/json' },
      });
      expectErrorBody(res, 413, 'payload_too_large', op.label);
      // The same without a length the server can trust up front (chunked, no Content-Length).
      const stream = new Blob([JSON.stringify({ name: filler })]).stream();
      const chunked = await ctx.app.request(
        `${API_BASE}${baseRequest(op).path.replace(/__([a-z_]+)__/g, (_, n: string) => world.params[n] ?? n)}`,
        {
          method: op.method,
          headers: { Authorization: `Bearer ${world.key.key}`, 'Content-Type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit,
      );
      expect(chunked.status).toBe(413);
      expect(digestDiff(before, await databaseDigest(ctx.db))).toEqual([]);
    },
  );

  test('a valid write does change the digest (the comparison above is not vacuous)', async () => {
    const before = await databaseDigest(ctx.db);
    const res = await call(ctx.app, 'POST', `${API_BASE}/campaigns`, {
      key: world.key.key,
      body: { name: 'digest control' },
    });
    expect(res.status).toBe(201);
    expect(digestDiff(before, await databaseDigest(ctx.db))).toContain('campaigns');
  });
});
