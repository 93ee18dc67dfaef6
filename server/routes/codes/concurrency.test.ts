import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { CodeGroup, CodesAdded, DiscountCodePage } from '#contract/codes';
import { CreatorPage } from '#contract/creators';
import { activeWorld } from '../../test/activity.ts';
import { expectStatus, ops } from '../../test/campaigns.ts';
import {
  createTestContext,
  uniqueName,
  type BrandWithKey,
  type TestContext,
} from '../../test/harness.ts';

// Usage reports arriving at the same moment must never lose an increase nor pay a use twice.
// Only real PostgreSQL runs requests truly at once (PGlite runs one query at a time), so these
// run with TEST_DATABASE_URL and are skipped without it.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
let brand: BrandWithKey;
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  brand = await ctx.ops.brandWithKey();
});
afterAll(() => ctx?.close());

const COMMISSION = 7;

async function assignedCodes(count: number) {
  const world = await activeWorld(ctx, brand.key.key, count);
  const group = CodeGroup.parse(
    expectStatus(
      await ops(ctx, 'POST', '/ops/code-groups', {
        brand_id: brand.brand.id,
        name: uniqueName('G'),
        user_description: 'x',
        commission_cents: COMMISSION,
      }),
      201,
    ),
  );
  // In upper case, as codes are kept (docs/decisions/0169-codes-in-upper-case.md).
  const names = world.creators.map((_, i) => `RACE-${group.id.slice(0, 8).toUpperCase()}-${i}`);
  const added = CodesAdded.parse(
    expectStatus(
      await ctx.request('POST', '/2026-07/codes', {
        key: brand.key.key,
        body: { group_id: group.id, codes: names },
      }),
      201,
    ),
  ).data;
  for (const [i, code] of added.entries()) {
    expectStatus(
      await ops(ctx, 'POST', `/ops/codes/${code.code}/assign`, {
        creator_id: world.creators[i]!.id,
        campaign_id: world.campaign.id,
      }),
      200,
    );
  }
  return { world, codes: names };
}

async function totals(campaignId: string, codes: string[]) {
  const key = brand.key.key;
  const campaign = Campaign.parse(
    expectStatus(await ctx.request('GET', `/2026-07/campaigns/${campaignId}`, { key }), 200),
  );
  const creators = CreatorPage.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/creators?limit=100`, { key }),
      200,
    ),
  ).data;
  const list = DiscountCodePage.parse(
    expectStatus(
      await ctx.request(
        'GET',
        `/2026-07/codes?${codes.map((c) => `code=${c}`).join('&')}&limit=100`,
        { key },
      ),
      200,
    ),
  ).data;
  return {
    spent: campaign.spent_cents,
    creatorSpend: creators.reduce((n, c) => n + c.spend_cents, 0),
    earnings: list.reduce((n, c) => n + c.earnings_cents, 0),
    uses: Object.fromEntries(list.map((c) => [c.code, c.total_uses])),
  };
}

describe.skipIf(!onPostgres)('concurrent usage reports (PostgreSQL)', () => {
  it('single-code reports at once: the highest total wins, no increase is lost or paid twice', async () => {
    const { world, codes } = await assignedCodes(1);
    const code = codes[0]!;
    const N = 12;
    // Reported totals 1..N arriving at once in scrambled order: each either raises the total or
    // finds a higher one stored (422 usage_decrease); the end total is N and exactly N uses are paid.
    const order = Array.from({ length: N }, (_, i) => ((i * 5) % N) + 1);
    const answers = await Promise.all(
      order.map((total_uses) =>
        ctx.request('PUT', `/2026-07/codes/${code}`, { key: brand.key.key, body: { total_uses } }),
      ),
    );
    for (const a of answers) {
      expect([200, 422], a.text).toContain(a.status);
      if (a.status === 422) expect(a.json.code).toBe('usage_decrease');
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const t = await totals(world.campaign.id, codes);
    expect(t.uses[code]).toBe(N);
    expect(t.earnings).toBe(N * COMMISSION);
    expect(t.spent).toBe(N * COMMISSION);
    expect(t.creatorSpend).toBe(N * COMMISSION);
  });

  it('bulk and single reports over the same codes at once keep earnings, creator spend and campaign spend equal', async () => {
    const { world, codes } = await assignedCodes(4);
    const requests = [];
    for (let round = 1; round <= 6; round++) {
      // Bulk reports list the codes in different orders, so lock order matters (no deadlock).
      const usage = (round % 2 === 0 ? [...codes].reverse() : codes).map((code) => ({
        code,
        total_uses: round * 10,
      }));
      requests.push(ctx.request('PUT', '/2026-07/codes', { key: brand.key.key, body: { usage } }));
      const csv = `code,total_uses\n${codes.map((c) => `${c},${round * 10 + 5}`).join('\n')}\n`;
      requests.push(
        ctx.request('PUT', '/2026-07/codes', {
          key: brand.key.key,
          rawBody: csv,
          headers: { 'Content-Type': 'text/csv' },
        }),
      );
      for (const code of codes) {
        requests.push(
          ctx.request('PUT', `/2026-07/codes/${code}`, {
            key: brand.key.key,
            body: { total_uses: round * 10 + 1 },
          }),
        );
      }
    }
    const answers = await Promise.all(requests);
    for (const a of answers) {
      expect([200, 422], a.text).toContain(a.status);
      if (a.status === 422) expect(a.json.code).toBe('usage_decrease');
    }
    const t = await totals(world.campaign.id, codes);
    const uses = Object.values(t.uses).reduce((a, b) => a + b, 0);
    expect(t.earnings).toBe(uses * COMMISSION);
    expect(t.spent).toBe(t.earnings);
    expect(t.creatorSpend).toBe(t.earnings);
    // The highest total of every code arrived in some request; whether it won depends on order, but
    // no total can be below what a successful report set.
    for (const code of codes) expect(t.uses[code]).toBeGreaterThanOrEqual(10);
  });
});
