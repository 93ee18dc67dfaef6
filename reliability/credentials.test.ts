import { afterAll, describe, expect, test } from 'vitest';
import type { Role, Scope } from '#contract/me';
import { ROLE_SCOPES } from '#contract/people';
import { API_BASE } from '../server/app.ts';
import { SESSION_IDLE_MS } from '../server/domain/people.ts';
import { createTestContext } from '../server/test/harness.ts';
import { memberWithSession, TEST_PASSWORD } from '../server/test/people.ts';
import { readSseBlocks, waitUntil } from '../server/test/sse.ts';
import { call } from './support/http.ts';
import { fillPath, operationsOf, sample, type OpenApiDocument } from './support/openapi.ts';
import { brandWorld, expectErrorBody } from './support/world.ts';

// Credentials keep their word over their whole life (docs/api.md#keys-act-within-their-makers-role,
// decision 0091): for every kind of credential (a brand key and an agency key from /ops, a key a
// member made, a brand member's and an agency member's session) and every end of its life that
// applies to it (revoked, signed out, expired, removed, demoted), every operation of the OpenAPI
// document the service serves answers as the credential now stands, at the HTTP answer and on an
// event stream that was open when its life changed.

const ctx = await createTestContext();
afterAll(() => ctx.close());
const clock = { now: Date.now() };
const app = ctx.makeApp({ now: () => new Date(clock.now) });
const doc = (await call(app, 'GET', `${API_BASE}/openapi.json`)).json as OpenApiDocument;
// Signing out last: sent with a session it ends it, and the operations after it would see that.
const operations = operationsOf(doc)
  .filter((op) => !op.isPublic)
  .sort(
    (a, b) =>
      Number(a.label === 'DELETE /sessions/current') -
      Number(b.label === 'DELETE /sessions/current'),
  );
const world = await brandWorld(ctx, doc);
const brandId = world.brand.id;
const agency = await ctx.ops.createAgency([brandId]);

/** Every operation sent with `token` (valid paths and sample bodies of the brand's world). */
async function everyOperation(token: string) {
  const answers = [];
  for (const op of operations) {
    const path = `${API_BASE}${fillPath(op, world.params)}`;
    const body = op.body ? sample(doc, op.body) : undefined;
    const res = await call(app, op.method.toUpperCase(), path, {
      key: token,
      ...(body !== undefined ? { body } : {}),
      streamMs: 50,
    });
    answers.push({ op, res });
  }
  return answers;
}

/** An event stream of `token` opened now: whether it has ended. */
async function openStream(token: string) {
  const res = await app.request(`${API_BASE}/events`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status, 'the stream opens while the credential is good').toBe(200);
  const state = { ended: false };
  const close = readSseBlocks(
    res.body!,
    () => {},
    () => (state.ended = true),
  );
  return { state, close };
}

async function expectClosedWithin2s(stream: Awaited<ReturnType<typeof openStream>>, what: string) {
  const t = performance.now();
  await waitUntil(() => stream.state.ended, `${what}: the open stream to close`, 4_000);
  const ms = performance.now() - t;
  expect(ms, `${what}: closed in ${Math.round(ms)} ms`).toBeLessThan(2_000);
  figures.closeMs.push(ms);
}

async function expectEveryOperation401(token: string, what: string) {
  for (const { op, res } of await everyOperation(token)) {
    expectErrorBody(res, 401, 'unauthenticated', `${what}: ${op.label}`);
    figures.tries++;
  }
}

/** After a demotion to `role`: what the role lacks answers 403, what it carries is served. */
async function expectEveryOperationWithin(token: string, role: Role, what: string) {
  const carried = new Set<Scope>(ROLE_SCOPES[role]);
  for (const { op, res } of await everyOperation(token)) {
    const where = `${what}: ${op.label} -> ${res.status} ${res.text.slice(0, 200)}`;
    if (op.scope && !carried.has(op.scope as Scope)) {
      expectErrorBody(res, 403, 'missing_scope', where);
    } else {
      expect([401, 403], where).not.toContain(res.status);
    }
    figures.tries++;
  }
}

const figures = { tries: 0, closeMs: [] as number[] };

const signIn = async (email: string) => {
  const res = await call(app, 'POST', `${API_BASE}/sessions`, {
    body: { email, password: TEST_PASSWORD },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.token as string;
};

/**
 * A member of `owner` with `role`, signed in on the clock of `app`, and a second admin (signed in
 * the same way) to act on them.
 */
async function member(owner: { brand_id: string } | { agency_id: string }, role: Role) {
  const admin = await memberWithSession(ctx, owner, 'admin');
  const m = await memberWithSession(ctx, owner, role);
  return { admin: { token: await signIn(admin.email) }, m, token: await signIn(m.email) };
}

describe('keys issued by /ops', () => {
  test.for(['brand', 'agency'] as const)(
    'a revoked %s key: every operation answers 401 and its open stream closes',
    async (kind) => {
      const key =
        kind === 'brand'
          ? await ctx.ops.createKey({ kind: 'brand', brand_id: brandId })
          : await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id });
      const stream = await openStream(key.key);
      await ctx.ops.revokeKey(key.id);
      await expectClosedWithin2s(stream, `revoked ${kind} key`);
      await expectEveryOperation401(key.key, `revoked ${kind} key`);
    },
  );
});

describe('a key a member made', () => {
  async function memberKey() {
    const { admin, m, token } = await member({ brand_id: brandId }, 'admin');
    const made = await call(app, 'POST', `${API_BASE}/keys`, {
      key: token,
      body: { name: 'made', scopes: [...ROLE_SCOPES.admin] },
    });
    expect(made.status, made.text).toBe(201);
    return { admin, m, key: made.json.key as string };
  }

  test('its maker demoted to each lesser role: every operation answers as that role allows', async () => {
    const { admin, m, key } = await memberKey();
    for (const role of ['manager', 'reviewer', 'viewer'] as const) {
      const stream = await openStream(key);
      const changed = await call(app, 'PATCH', `${API_BASE}/members/${m.id}`, {
        key: admin.token,
        body: { role },
      });
      expect(changed.status, changed.text).toBe(200);
      // Its stream reconnects with the new scopes.
      await expectClosedWithin2s(stream, `maker demoted to ${role}`);
      await expectEveryOperationWithin(key, role, `key of a maker demoted to ${role}`);
    }
  });

  test('its maker removed: every operation answers 401 and its open stream closes', async () => {
    const { admin, m, key } = await memberKey();
    const stream = await openStream(key);
    const removed = await call(app, 'DELETE', `${API_BASE}/members/${m.id}`, { key: admin.token });
    expect(removed.status, removed.text).toBe(200);
    await expectClosedWithin2s(stream, 'maker removed');
    await expectEveryOperation401(key, 'key of a removed maker');
  });
});

describe('sessions', () => {
  const owners = {
    'a brand member': () => ({ brand_id: brandId }),
    'an agency member': () => ({ agency_id: agency.id }),
  };
  for (const [who, owner] of Object.entries(owners)) {
    test(`${who} demoted to viewer: every operation answers as a viewer may`, async () => {
      const { admin, m, token } = await member(owner(), 'manager');
      const stream = await openStream(token);
      const changed = await call(app, 'PATCH', `${API_BASE}/members/${m.id}`, {
        key: admin.token,
        body: { role: 'viewer' },
      });
      expect(changed.status, changed.text).toBe(200);
      await expectClosedWithin2s(stream, `${who} demoted`);
      await expectEveryOperationWithin(token, 'viewer', `${who} demoted`);
    });

    test(`${who} removed: every operation answers 401 and the open stream closes`, async () => {
      const { admin, m, token } = await member(owner(), 'reviewer');
      const stream = await openStream(token);
      const removed = await call(app, 'DELETE', `${API_BASE}/members/${m.id}`, {
        key: admin.token,
      });
      expect(removed.status, removed.text).toBe(200);
      await expectClosedWithin2s(stream, `${who} removed`);
      await expectEveryOperation401(token, `${who} removed`);
    });

    test(`${who} signed out: every operation answers 401 and the open stream closes`, async () => {
      const { token } = await member(owner(), 'reviewer');
      const stream = await openStream(token);
      const out = await call(app, 'DELETE', `${API_BASE}/sessions/current`, { key: token });
      expect(out.status, out.text).toBe(200);
      await expectClosedWithin2s(stream, `${who} signed out`);
      await expectEveryOperation401(token, `${who} signed out`);
    });

    test(`${who}'s session expired: every operation answers 401 and the open stream closes`, async () => {
      const { token } = await member(owner(), 'reviewer');
      const stream = await openStream(token);
      // Later tests sign in afresh at the moved clock.
      clock.now += SESSION_IDLE_MS + 1_000;
      await expectClosedWithin2s(stream, `${who}'s session expired`);
      await expectEveryOperation401(token, `${who}'s session expired`);
    });
  }
});

afterAll(() => {
  const sorted = [...figures.closeMs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
  console.info(
    `credentials: ${figures.tries} requests after a change of life, 0 defects; ` +
      `${sorted.length} open streams closed in ${at(0)}-${at(1)} ms (median ${at(0.5)} ms)`,
  );
});
