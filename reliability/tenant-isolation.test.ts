import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import type { Scope } from '#contract/me';
import { API_BASE } from '../server/app.ts';
import { createTestContext, TEST_OPS_TOKEN } from '../server/test/harness.ts';
import { readSseBlocks, waitUntil } from '../server/test/sse.ts';
import { call, type CallOptions } from './support/http.ts';
import {
  fillPath,
  operationsOf,
  pathParamsOf,
  sample,
  type OpenApiDocument,
  type Operation,
} from './support/openapi.ts';
import {
  ALL_SCOPES,
  brandWorld,
  databaseDigest,
  digestDiff,
  expectErrorBody,
  leakedMarkers,
  rows,
  type BrandWorld,
} from './support/world.ts';

// Tenant isolation, for every operation of the OpenAPI document the service serves: a key of
// brand A on brand B's resources, an agency key on a brand it does not manage, a revoked key and
// a key without the operation's scope get the expected refusal, no answer holds a byte of B's
// data, and the refusals change nothing in the database.

const ctx = await createTestContext();
const doc = (await call(ctx.app, 'GET', `${API_BASE}/openapi.json`)).json as OpenApiDocument;
const operations = operationsOf(doc).filter((op) => !op.isPublic);

const victim = await brandWorld(ctx, doc);
const own = await brandWorld(ctx, doc);
const agencyBrand = await ctx.ops.createBrand();
const agency = await ctx.ops.createAgency([own.brand.id, agencyBrand.id]);
const agencyKey = await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id });
const revoked = await ctx.ops.createKey({ kind: 'brand', brand_id: victim.brand.id });
await ctx.ops.revokeKey(revoked.id);
// Keys acting for B that lack one scope each: brand keys, and keys of an agency managing B (a
// scope check skipped for either kind must fail the matrix below).
const victimAgency = await ctx.ops.createAgency([victim.brand.id]);
const withoutScope = { brand: new Map<string, string>(), agency: new Map<string, string>() };
for (const scope of ALL_SCOPES) {
  const scopes = ALL_SCOPES.filter((s) => s !== scope) as Scope[];
  const brandKey = await ctx.ops.createKey({ kind: 'brand', brand_id: victim.brand.id, scopes });
  withoutScope.brand.set(scope, brandKey.key);
  const agencyKey = await ctx.ops.createKey({ kind: 'agency', agency_id: victimAgency.id, scopes });
  withoutScope.agency.set(scope, agencyKey.key);
}

afterAll(() => ctx.close());

/**
 * Operations that, naming nothing of B, write in the caller's own tenant (a self-service key):
 * their success changes the database, the caller's own part of it.
 */
const OWN_WRITES = new Set(['POST /keys']);
/**
 * Operations whose refusals are recorded by design (docs/usage-reports.md: every usage report,
 * refused ones too, is kept for the brand that sent it): a refusal may add the caller's own
 * record and its event, and nothing of B.
 */
const RECORDED_REFUSALS = new Set(['PUT /codes']);
/** Operations only a session may call (docs/api.md#people): an API key gets 400 invalid_request. */
const SESSION_ONLY = new Set(['DELETE /sessions/current']);
const opKey = (op: Operation) => `${op.method} ${op.path}`;

/** Path parameters that name a brand's resource (targeting properties are the platform's). */
const tenantParams = (op: Operation) => pathParamsOf(op).filter((p) => p !== 'property_id');

/** Field names whose values point at a brand's resource. */
const REFERENCES: Record<string, (w: BrandWorld) => string | undefined> = {
  brand_id: (w) => w.brand.id,
  campaign_id: (w) => w.params.campaign_id,
  task_id: (w) => w.params.task_id,
  group_id: (w) => w.params.group_id,
  code: (w) => w.params.code,
};

/** `value` with every field named in REFERENCES pointing at `target`'s resource. */
function aimAt(value: unknown, target: BrandWorld, found: { any: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => aimAt(v, target, found));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => {
      const ref = REFERENCES[name]?.(target);
      if (ref !== undefined) {
        found.any = true;
        return [name, ref];
      }
      return [name, aimAt(v, target, found)];
    }),
  );
}

/** A brand that does not exist: what an answer about a missing resource looks like. */
const ghost: BrandWorld = {
  ...victim,
  brand: { id: randomUUID(), name: 'ghost' },
  params: {
    ...Object.fromEntries(Object.keys(victim.params).map((k) => [k, randomUUID()])),
    creator_id: 'cr_nosuchcreator',
    code: 'NOSUCHCODE404',
    property_id: victim.params.property_id!,
  },
  markers: [],
};

/** A request of `op` aimed at `target`'s resources: its path, brand_id filter and a valid body. */
function requestFor(
  op: Operation,
  target: BrandWorld,
): { path: string; options: CallOptions; namesTarget: boolean } {
  let path = `${API_BASE}${fillPath(op, target.params)}`;
  let namesTarget = tenantParams(op).length > 0;
  const query = new URLSearchParams();
  for (const p of op.params.filter((p) => p.in === 'query')) {
    const ref = REFERENCES[p.name]?.(target);
    if (ref !== undefined) {
      query.set(p.name, ref);
      namesTarget = true;
    }
  }
  if (query.size > 0) path += `?${query}`;
  const options: CallOptions = {};
  if (op.body) {
    const found = { any: false };
    // Optional top-level references too (brand_id of a create), then every one in the sample.
    const base = sample(doc, op.body) as Record<string, unknown>;
    for (const name of Object.keys(op.body.properties ?? {})) if (REFERENCES[name]) base[name] = '';
    options.body = aimAt(base, target, found);
    if (found.any) namesTarget = true;
  }
  return { path, options, namesTarget };
}

/** Sends the request with `key` and checks that nothing of `target` leaks into the answer. */
async function sendAs(op: Operation, target: BrandWorld, key: string) {
  const { path, options, namesTarget } = requestFor(op, target);
  const res = await call(ctx.app, op.method, path, { ...options, key });
  const sent = path + JSON.stringify(options.body ?? '');
  const leaks = leakedMarkers(target, res.text + [...res.headers.values()].join('\n'), sent);
  expect(
    leaks,
    `${op.label} answered ${res.status} with brand data of another tenant: ${res.text.slice(0, 300)}`,
  ).toEqual([]);
  return { res, namesTarget };
}

/** B's usage reports and events, counted: a recorded refusal must not add to them. */
async function victimRecords() {
  const [counted] = await rows<{ reports: number; events: number }>(
    ctx.db,
    sql`select
          (select count(*)::int from usage_reports where ${victim.brand.id}::uuid = any(brand_ids)) as reports,
          (select count(*)::int from events where brand_id = ${victim.brand.id}::uuid) as events`,
  );
  return counted;
}

/** Like `unchanged`, for a refusal the service records for its caller: only that record moves. */
async function onlyOwnRecord(label: string, fn: () => Promise<void>) {
  const before = { digest: await databaseDigest(ctx.db), victim: await victimRecords() };
  await fn();
  const changed = digestDiff(before.digest, await databaseDigest(ctx.db));
  expect(
    changed.filter((t) => t !== 'usage_reports' && t !== 'events'),
    `${label} changed the database`,
  ).toEqual([]);
  expect(await victimRecords(), `${label} recorded something for the other brand`).toEqual(
    before.victim,
  );
}

/** Runs `fn` and fails unless every table is exactly as before. */
async function unchanged(label: string, fn: () => Promise<void>) {
  const before = await databaseDigest(ctx.db);
  await fn();
  const after = await databaseDigest(ctx.db);
  expect(digestDiff(before, after), `${label} changed the database`).toEqual([]);
}

describe('the operations under test', () => {
  test('the OpenAPI document lists every route the service registers under /2026-07', () => {
    const documented = new Set(
      operationsOf(doc).map((op) => `${op.method} ${op.path.replace(/\{[^}]+\}/g, ':p')}`),
    );
    const registered = ctx.app.routes
      .filter(
        (r) => r.path.startsWith(`${API_BASE}/`) && r.method !== 'ALL' && !r.path.includes('*'),
      )
      .map((r) => `${r.method} ${r.path.slice(API_BASE.length).replace(/:[^/]+/g, ':p')}`);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(25);
  });

  test("the owner's own key reads each of its resources (the checks below are not vacuous)", async () => {
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const { res } = await sendOwner(op);
      expect(res.status, `${op.label}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    // And an owner's answer does carry its markers, so a leak would be seen.
    const res = await call(ctx.app, 'GET', `${API_BASE}/campaigns/${victim.params.campaign_id}`, {
      key: victim.key.key,
    });
    expect(leakedMarkers(victim, res.text, '').length).toBeGreaterThan(3);
  });
});

async function sendOwner(op: Operation) {
  const { path, options } = requestFor(op, victim);
  return { res: await call(ctx.app, op.method, path, { ...options, key: victim.key.key }) };
}

describe.each([
  { who: "a key of brand A on brand B's resources", key: () => own.key.key },
  { who: 'an agency key on a brand it does not manage', key: () => agencyKey.key },
])('$who', ({ key }) => {
  test.for(operations.map((op) => [op.label, op] as const))('%s', async ([, op]) => {
    const check = OWN_WRITES.has(opKey(op))
      ? async (_label: string, fn: () => Promise<void>) => fn()
      : RECORDED_REFUSALS.has(opKey(op))
        ? onlyOwnRecord
        : unchanged;
    await check(op.label, async () => {
      const { res, namesTarget } = await sendAs(op, victim, key());
      if (SESSION_ONLY.has(opKey(op))) {
        expectErrorBody(res, 400, 'invalid_request', op.label);
        return;
      }
      if (tenantParams(op).length > 0) expectErrorBody(res, 404, 'not_found', op.label);
      else if (namesTarget) {
        // Naming B's resources in a body or filter gets the very answer naming missing ones gets.
        expectErrorBody(res, [403, 404, 422], undefined, op.label);
        const { path, options } = requestFor(op, ghost);
        const missing = await call(ctx.app, op.method, path, { ...options, key: key() });
        expect(
          { status: res.status, code: res.json.code },
          `${op.label} vs a missing resource: ${missing.text}`,
        ).toEqual({
          status: missing.status,
          code: missing.json?.code,
        });
      } else {
        // Nothing of B named: the caller's own view (lists, /me, the stream), without B in it.
        expect(res.status, `${op.label}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
      }
    });
  });
});

describe('a revoked key', () => {
  test.for(operations.map((op) => [op.label, op] as const))('%s answers 401', async ([, op]) => {
    await unchanged(op.label, async () => {
      const { res } = await sendAs(op, victim, revoked.key);
      expectErrorBody(res, 401, 'unauthenticated', op.label);
      expect(res.text).not.toContain(revoked.key);
    });
  });
});

describe('the ops token is not an API key', () => {
  test.for(operations.map((op) => [op.label, op] as const))('%s answers 401', async ([, op]) => {
    await unchanged(op.label, async () => {
      const { res } = await sendAs(op, victim, TEST_OPS_TOKEN);
      expectErrorBody(res, 401, 'unauthenticated', op.label);
    });
  });

  test('and no API key opens any operation of /ops', async () => {
    const opsDoc = (await call(ctx.app, 'GET', '/ops/openapi.json')).json as OpenApiDocument;
    const opsOperations = operationsOf(opsDoc).filter((op) => !op.isPublic);
    expect(opsOperations.length).toBeGreaterThan(10);
    await unchanged('/ops with API keys', async () => {
      for (const op of opsOperations) {
        const path = `/ops${op.path.replace(/\{[^}]+\}/g, randomUUID())}`;
        for (const key of [victim.key.key, agencyKey.key]) {
          const res = await call(ctx.app, op.method, path, {
            key,
            ...(op.body ? { body: sample(opsDoc, op.body) } : {}),
          });
          expectErrorBody(res, 401, 'unauthenticated', `${op.label} with an API key`);
        }
      }
    });
  });
});

describe.each(['brand', 'agency'] as const)('a %s key without the scope', (kind) => {
  const scoped = operations.filter((op) => op.scope !== null);
  test.for(scoped.map((op) => [`${op.label} (${op.scope})`, op] as const))(
    '%s answers 403 missing_scope',
    async ([, op]) => {
      await unchanged(op.label, async () => {
        const { res } = await sendAs(op, victim, withoutScope[kind].get(op.scope!)!);
        // The key acts for B, so its own data may appear; the refusal is what matters here.
        expectErrorBody(res, 403, 'missing_scope', op.label);
      });
    },
  );
});

/** An event stream read in the background: its raw text so far, and whether it began. */
async function listen(key: string) {
  const res = await ctx.app.request(`${API_BASE}/events`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  const state = { text: '', blocks: [] as string[][] };
  const close = readSseBlocks(
    res.body!,
    (lines) => {
      state.blocks.push(lines);
      state.text += `${lines.join('\n')}\n\n`;
    },
    () => {},
  );
  const has = (fragment: string) => state.text.includes(fragment);
  return { state, has, close };
}

test("the live event stream of brand A carries nothing of brand B's changes", async () => {
  const streamOp = operations.find((op) => op.path === '/events');
  expect(streamOp).toBeDefined();
  const mine = await listen(own.key.key);
  // The positive control: B's own stream, open over the same time, hears B's change.
  const theirs = await listen(victim.key.key);
  await waitUntil(() => mine.has('retry: ') && theirs.has('retry: '), 'both streams to begin');
  // B changes its campaign while A listens.
  const patched = await call(
    ctx.app,
    'PATCH',
    `${API_BASE}/campaigns/${victim.params.campaign_id}`,
    {
      key: victim.key.key,
      body: { description: 'changed while brand A listens' },
    },
  );
  expect(patched.status, patched.text).toBe(200);
  await waitUntil(() => theirs.has(victim.params.campaign_id!), "B's change on B's stream");
  // Then A changes its own: the stream is ordered, so once A hears its own later change, B's
  // change would have come before it had it leaked. No fixed wait decides the absence.
  const ownPatch = await call(ctx.app, 'PATCH', `${API_BASE}/campaigns/${own.params.campaign_id}`, {
    key: own.key.key,
    body: { description: 'changed after brand B' },
  });
  expect(ownPatch.status, ownPatch.text).toBe(200);
  await waitUntil(() => mine.has(own.params.campaign_id!), "A's own later change on A's stream");
  await Promise.all([mine.close(), theirs.close()]);
  expect(leakedMarkers(victim, mine.state.text, '')).toEqual([]);
  // And the control is not vacuous: B's stream does carry B's markers.
  expect(leakedMarkers(victim, theirs.state.text, '')).not.toEqual([]);
});
