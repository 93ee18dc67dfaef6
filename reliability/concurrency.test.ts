import { afterAll, describe, expect, test } from 'vitest';
import { API_BASE } from '../server/app.ts';
import { activeWorld, submit } from '../server/test/activity.ts';
import { campaignIn, expectStatus, ops } from '../server/test/campaigns.ts';
import { createTestContext, uniqueName, type TestResponse } from '../server/test/harness.ts';
import { newCreator, apply } from '../server/test/activity.ts';
import { call } from './support/http.ts';
import type { OpenApiDocument } from './support/openapi.ts';

// Races, on the database TEST_DATABASE_URL names (real PostgreSQL in CI; PGlite, which runs one
// query at a time, otherwise): whatever the interleaving, exactly one request wins and the
// others get a 409, and no counter loses an update.

const ctx = await createTestContext();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const { key } = await ctx.ops.brandWithKey();
const doc = (await call(ctx.app, 'GET', `${API_BASE}/openapi.json`)).json as OpenApiDocument;

afterAll(() => ctx.close());

const codes = (res: TestResponse[]) =>
  res.map((r) => (r.status < 300 ? r.status : `${r.status} ${r.json?.code}`));
const tally = (res: TestResponse[]) =>
  codes(res).reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe(`races on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  test('100 concurrent creates with one Idempotency-Key make one campaign', async () => {
    const name = uniqueName('Idempotent race');
    const body = { name, tasks: [{ title: 'T', instructions: 'I', platforms: ['tiktok'] }] };
    const idem = `race-${name}`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        ctx.request('POST', `${API_BASE}/campaigns`, {
          key: key.key,
          body,
          headers: { 'Idempotency-Key': idem },
        }),
      ),
    );
    const t = tally(answers);
    expect(
      Object.keys(t).every((k) => k === '201' || k === '409 idempotency_in_progress'),
      JSON.stringify(t),
    ).toBe(true);
    const created = answers.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.json.id)).size).toBe(1);
    expect(created.filter((r) => r.headers.get('Idempotent-Replay') === 'false')).toHaveLength(1);
    for (const r of answers.filter((a) => a.status === 409))
      expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Retrying the ones told to wait replays the same campaign.
    const retry = await ctx.request('POST', `${API_BASE}/campaigns`, {
      key: key.key,
      body,
      headers: { 'Idempotency-Key': idem },
    });
    expect(retry.status).toBe(201);
    expect(retry.json.id).toBe(created[0]!.json.id);
    const list = await ctx.request('GET', `${API_BASE}/campaigns?limit=100`, { key: key.key });
    expect(list.json.data.filter((c: { name: string }) => c.name === name)).toHaveLength(1);
    expect(list.json.data.find((c: { name: string }) => c.name === name).tasks_count).toBe(1);
  });

  test('two reviewers racing on one submission: one decision, the other 409 already_reviewed', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, key.key, 1);
    for (let round = 0; round < 8; round++) {
      const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
      const base = `${API_BASE}/campaigns/${campaign.id}/submissions/${s.id}`;
      const [a, b] = await Promise.all([
        ctx.request('POST', `${base}/approve`, { key: key.key }),
        ctx.request('POST', `${base}/${round % 2 ? 'reject' : 'approve'}`, {
          key: key.key,
          ...(round % 2 ? { body: { feedback: 'Redo' } } : {}),
        }),
      ]);
      expect(codes([a, b]).sort(), `round ${round}`).toEqual([200, '409 already_reviewed']);
      const winner = a.status === 200 ? a : b;
      const final = await ctx.request('GET', base, { key: key.key });
      expect(final.json.status).toBe(winner.json.status);
    }
    // The totals agree with the rows after the races.
    const creator = await ctx.request(
      'GET',
      `${API_BASE}/campaigns/${campaign.id}/creators/${creators[0]!.id}`,
      { key: key.key },
    );
    const list = await ctx.request(
      'GET',
      `${API_BASE}/campaigns/${campaign.id}/submissions?limit=100`,
      { key: key.key },
    );
    const byStatus = (st: string) =>
      list.json.data.filter((s: { status: string }) => s.status === st).length;
    expect(creator.json.content).toMatchObject({
      submitted: 8,
      approved: byStatus('approved'),
      rejected: byStatus('rejected'),
      in_review: 0,
    });
  });

  test('two approvals racing on one creator: one approval, the other 409 already_decided', async () => {
    const campaign = await campaignIn(ctx, key.key, 'active', {
      settings: { creator_approval_required: true },
    });
    for (let round = 0; round < 8; round++) {
      const creator = await newCreator(ctx);
      await apply(ctx, campaign.id, creator.id);
      const base = `${API_BASE}/campaigns/${campaign.id}/creators/${creator.id}`;
      const answers = await Promise.all([
        ctx.request('POST', `${base}/approve`, { key: key.key }),
        ctx.request('POST', `${base}/approve`, { key: key.key }),
        ctx.request('POST', `${base}/reject`, { key: key.key, body: { reason: 'no' } }),
      ]);
      expect(codes(answers).sort(), `round ${round}`).toEqual([
        200,
        '409 already_decided',
        '409 already_decided',
      ]);
    }
  });

  test('a pause racing a resume: one transition per state, the others 409 invalid_state_transition', async () => {
    const campaign = await campaignIn(ctx, key.key, 'active');
    const path = (what: string) => `${API_BASE}/campaigns/${campaign.id}/${what}`;
    // Several pauses of an active campaign: exactly one wins.
    const pauses = await Promise.all(
      Array.from({ length: 6 }, () => ctx.request('POST', path('pause'), { key: key.key })),
    );
    expect(tally(pauses)).toEqual({ 200: 1, '409 invalid_state_transition': 5 });
    // Pauses and resumes together: the winners alternate, and the end state agrees with them.
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        ['resume', 'pause', 'resume', 'pause', 'resume'].map((w) =>
          ctx.request('POST', path(w), { key: key.key }).then((r) => ({ w, r })),
        ),
      );
      for (const { r } of answers)
        expect(r.status === 200 || r.json?.code === 'invalid_state_transition', r.text).toBe(true);
      const resumed = answers.filter((a) => a.w === 'resume' && a.r.status === 200).length;
      const paused = answers.filter((a) => a.w === 'pause' && a.r.status === 200).length;
      // Started paused: every successful pause needs a successful resume before it.
      expect(
        resumed - paused,
        `round ${round}: ${JSON.stringify(answers.map((a) => [a.w, a.r.status]))}`,
      ).toBeGreaterThanOrEqual(0);
      expect(resumed - paused).toBeLessThanOrEqual(1);
      const now = expectStatus(
        await ctx.request('GET', path('').slice(0, -1), { key: key.key }),
        200,
      );
      expect(now.status).toBe(resumed - paused === 1 ? 'active' : 'paused');
      expect(now.accepting_submissions).toBe(now.status === 'active');
      if (now.status === 'active')
        expectStatus(await ctx.request('POST', path('pause'), { key: key.key }), 200);
    }
  });

  test('concurrent usage reports never lose an increase and never decrease', async () => {
    // The operations this race uses: a renamed route fails here instead of skipping the test.
    expect(
      doc.paths['/codes/{code}']?.put,
      'PUT /codes/{code} in the OpenAPI document',
    ).toBeDefined();
    expect(doc.paths['/codes']?.put, 'PUT /codes in the OpenAPI document').toBeDefined();
    const { campaign, creators } = await activeWorld(ctx, key.key, 1);
    const me = await ctx.request('GET', `${API_BASE}/me`, { key: key.key });
    const brandId = me.json.brands[0].id as string;
    const group = expectStatus(
      await ops(ctx, 'POST', '/ops/code-groups', {
        brand_id: brandId,
        name: uniqueName('Group'),
        user_description: '10% off',
        commission_cents: 7,
      }),
      201,
    );
    const code = `RACE${Date.now().toString(36).toUpperCase()}`;
    expectStatus(
      await ctx.request('POST', `${API_BASE}/codes`, {
        key: key.key,
        body: { group_id: group.id, codes: [code] },
      }),
      201,
    );
    expectStatus(
      await ops(ctx, 'POST', `/ops/codes/${code}/assign`, {
        creator_id: creators[0]!.id,
        campaign_id: campaign.id,
      }),
      200,
    );
    // Reports 1..40 arrive at once, in a shuffled order (each the running total at its time).
    const totals = Array.from({ length: 40 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      totals.map((total_uses) =>
        ctx.request('PUT', `${API_BASE}/codes/${code}`, { key: key.key, body: { total_uses } }),
      ),
    );
    for (const r of answers)
      expect(
        r.status === 200 || (r.status === 422 && r.json.code === 'usage_decrease'),
        r.text,
      ).toBe(true);
    // Bulk reports at the same time, some lower than what is stored.
    const bulk = await Promise.all(
      [10, 45, 30].map((n) =>
        ctx.request('PUT', `${API_BASE}/codes`, {
          key: key.key,
          body: { usage: [{ code, total_uses: n }] },
        }),
      ),
    );
    for (const r of bulk)
      expect(
        r.status === 200 || (r.status === 422 && r.json.code === 'usage_decrease'),
        r.text,
      ).toBe(true);
    const stored = await ctx.request('GET', `${API_BASE}/codes?code=${code}`, { key: key.key });
    expect(stored.json.data[0].total_uses).toBe(45);
    expect(stored.json.data[0].earnings_cents).toBe(45 * 7);
    const after = await ctx.request('GET', `${API_BASE}/campaigns/${campaign.id}`, {
      key: key.key,
    });
    expect(after.json.spent_cents).toBe(campaign.spent_cents + 45 * 7);
  });
});
