import { describe, expect, it } from 'vitest';
import { CreatorPage } from '#contract/creators';
import { Campaign } from '#contract/campaigns';
import { PayoutEntryPage, PayoutPage, type PayoutTotal } from '#contract/payouts';
import { activeWorld, approvedCreator } from '../../test/activity.ts';
import { expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';
import { addCodes, newCode, newGroup, usageReports } from '../../test/usage.ts';

// Payouts (docs/api.md#payouts): the ledger of earnings written with every code payment and
// payout (docs/decisions/0161), read as totals per creator or campaign and as their entries. Runs
// on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const { ctx, brand, api } = await brandWorld();
const key = brand.key.key;

const payouts = async (query: string, k = key) =>
  PayoutPage.parse(expectStatus(await api('GET', `/payouts?${query}`, undefined, k), 200));
const entries = async (query: string, k = key) =>
  PayoutEntryPage.parse(
    expectStatus(await api('GET', `/payouts/entries?${query}`, undefined, k), 200),
  );

async function assign(code: string, creatorId: string, campaignId: string) {
  expectStatus(
    await ops(ctx, 'POST', `/ops/codes/${code}/assign`, {
      creator_id: creatorId,
      campaign_id: campaignId,
    }),
    200,
  );
}

async function pay(campaignId: string, creatorId: string, cents: number) {
  expectStatus(
    await ops(ctx, 'POST', '/ops/payouts', {
      campaign_id: campaignId,
      creator_id: creatorId,
      amount_cents: cents,
    }),
    201,
  );
}

const report = async (usage: { code: string; total_uses: number }[], k = key) =>
  expectStatus(await api('PUT', '/codes', { usage }, k), 200);

/** A deterministic generator (mulberry32), so a failing sequence can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('GET /payouts and /payouts/entries', () => {
  it('totals what each creator earned from codes and payouts, and lists the entries behind them with the code and the report', async () => {
    const own = await ctx.ops.brandWithKey();
    const k = own.key.key;
    const world = await activeWorld(ctx, k, 2);
    const [ann, ben] = [world.creators[0]!, world.creators[1]!];
    const group = await newGroup(ctx, own.brand.id, 40);
    const [a, b] = (await addCodes(ctx, k, group.id, [newCode(), newCode()])).map((c) => c.code);
    await assign(a!, ann.id, world.campaign.id);
    await assign(b!, ben.id, world.campaign.id);

    await report(
      [
        { code: a!, total_uses: 3 },
        { code: b!, total_uses: 1 },
      ],
      k,
    );
    await report([{ code: a!, total_uses: 5 }], k);
    await pay(world.campaign.id, ben.id, 10_000);

    const byCreator = await payouts('group_by=creator', k);
    expect(byCreator.data.map((r) => [r.creator?.id, r.earned_cents])).toEqual([
      [ben.id, 10_040],
      [ann.id, 200],
    ]);
    expect(byCreator.data[1]).toMatchObject({
      creator: { id: ann.id, username: ann.username },
      campaign: null,
      code_cents: 200,
      payout_cents: 0,
      uses: 5,
      codes: 1,
      campaigns: 1,
    });
    expect(byCreator.summary).toEqual({
      earned_cents: 10_240,
      code_cents: 240,
      payout_cents: 10_000,
      uses: 6,
      codes: 2,
      creators: 2,
      campaigns: 1,
    });

    const byCampaign = await payouts('group_by=campaign', k);
    expect(byCampaign.data).toHaveLength(1);
    expect(byCampaign.data[0]).toMatchObject({
      creator: null,
      campaign: { id: world.campaign.id, name: world.campaign.name },
      earned_cents: 10_240,
      creators: 2,
    });

    const annEntries = await entries(`creator_id=${ann.id}`, k);
    expect(annEntries.data.map((e) => [e.source, e.code, e.uses, e.cents])).toEqual([
      ['code', a, 2, 80],
      ['code', a, 3, 120],
    ]);
    const reports = await usageReports(ctx, k, `group_id=${group.id}`);
    expect(annEntries.data.map((e) => e.usage_report?.id)).toEqual(reports.map((r) => r.id));
    expect(annEntries.data[0]!.usage_report).toMatchObject({ channel: 'api', group_id: group.id });

    const benEntries = await entries(`creator_id=${ben.id}`, k);
    expect(benEntries.data[0]).toMatchObject({
      source: 'payout',
      code: null,
      usage_report: null,
      cents: 10_000,
      campaign: { id: world.campaign.id },
    });
    expect(benEntries.data[0]!.payout_id).toEqual(expect.any(String));
  });

  it('agrees exactly with the campaigns’ spent_cents and the creators’ spend_cents after a random sequence of reports and payouts', async () => {
    const own = await ctx.ops.brandWithKey();
    const k = own.key.key;
    const one = await activeWorld(ctx, k, 3);
    const two = await activeWorld(ctx, k, 1);
    const extra = await approvedCreator(ctx, two.campaign, k);
    const participations = [
      ...one.creators.map((c) => ({ campaign: one.campaign.id, creator: c.id })),
      { campaign: two.campaign.id, creator: two.creators[0]!.id },
      { campaign: two.campaign.id, creator: extra.id },
    ];
    const group = await newGroup(ctx, own.brand.id, 35);
    const codes = (
      await addCodes(
        ctx,
        k,
        group.id,
        participations.map(() => newCode()),
      )
    ).map((c) => c.code);
    for (const [i, p] of participations.entries()) await assign(codes[i]!, p.creator, p.campaign);
    // One more code, never assigned: its uses pay nobody.
    const [spare] = (await addCodes(ctx, k, group.id, [newCode()])).map((c) => c.code);

    const random = seeded(20261129);
    const totals = new Map<string, number>([...codes, spare!].map((c) => [c, 0]));
    for (let step = 0; step < 24; step++) {
      if (random() < 0.35) {
        const p = participations[Math.floor(random() * participations.length)]!;
        await pay(p.campaign, p.creator, 1 + Math.floor(random() * 5_000));
      } else {
        const usage = [...totals.keys()]
          .filter(() => random() < 0.4)
          .map((code) => {
            const total = totals.get(code)! + Math.floor(random() * 4);
            totals.set(code, total);
            return { code, total_uses: total };
          });
        if (usage.length > 0) await report(usage, k);
      }
    }

    const byCampaign = await payouts('group_by=campaign', k);
    const byCreatorSum = (await payouts('group_by=creator', k)).summary.earned_cents;
    let spent = 0;
    for (const campaignId of [one.campaign.id, two.campaign.id]) {
      const campaign = Campaign.parse(
        expectStatus(await api('GET', `/campaigns/${campaignId}`, undefined, k), 200),
      );
      spent += campaign.spent_cents;
      const row = byCampaign.data.find((r) => r.campaign?.id === campaignId);
      expect(row?.earned_cents ?? 0).toBe(campaign.spent_cents);

      const creators = CreatorPage.parse(
        expectStatus(
          await api('GET', `/campaigns/${campaignId}/creators?limit=100`, undefined, k),
          200,
        ),
      ).data;
      const perCreator = await payouts(`group_by=creator&campaign_id=${campaignId}`, k);
      for (const c of creators) {
        const earned = perCreator.data.find((r) => r.creator?.id === c.creator_id);
        expect(earned?.earned_cents ?? 0, c.creator_id).toBe(c.spend_cents);
      }
    }
    expect(spent).toBeGreaterThan(0);
    expect(byCampaign.summary.earned_cents).toBe(spent);
    expect(byCreatorSum).toBe(spent);
  });

  it('pages largest earned first, binds cursors to the filters, and filters by period', async () => {
    const own = await ctx.ops.brandWithKey();
    const k = own.key.key;
    const world = await activeWorld(ctx, k, 3);
    const amounts = [300, 900, 600];
    for (const [i, c] of world.creators.entries()) await pay(world.campaign.id, c.id, amounts[i]!);

    const first = await payouts('limit=2', k);
    expect(first.data.map((r) => r.earned_cents)).toEqual([900, 600]);
    expect(first.has_more).toBe(true);
    expect(first.summary.earned_cents).toBe(1_800);
    const second = await payouts(`limit=2&starting_after=${first.next_cursor}`, k);
    expect(second.data.map((r) => r.earned_cents)).toEqual([300]);
    expect(second.has_more).toBe(false);
    expectError(
      await api(
        'GET',
        `/payouts?group_by=campaign&starting_after=${first.next_cursor}`,
        undefined,
        k,
      ),
      400,
      'invalid_request',
    );

    const page1 = await entries('limit=2', k);
    const page2 = await entries(`limit=2&starting_after=${page1.next_cursor}`, k);
    expect([...page1.data, ...page2.data].map((e) => e.cents).sort()).toEqual([300, 600, 900]);

    const newest = Date.parse(page1.data[0]!.earned_at);
    const later = new Date(newest + 3_600_000).toISOString();
    const future = await payouts(`from=${encodeURIComponent(later)}`, k);
    expect(future.data).toEqual([]);
    expect(future.summary).toMatchObject({ earned_cents: 0, creators: 0 });
    const past = await payouts(`to=${encodeURIComponent(later)}`, k);
    expect(past.summary.earned_cents).toBe(1_800);
  });

  it('shows nothing of other brands; agency credentials narrow with brand_id and get 403 for a brand they do not manage', async () => {
    const own = await ctx.ops.brandWithKey();
    const world = await activeWorld(ctx, own.key.key, 1);
    await pay(world.campaign.id, world.creators[0]!.id, 700);

    const mine = await payouts('');
    expect(mine.data.every((r: PayoutTotal) => r.creator?.id !== world.creators[0]!.id)).toBe(true);
    expectError(await api('GET', `/payouts?campaign_id=${world.campaign.id}`), 404, 'not_found');
    expectError(
      await api('GET', `/payouts/entries?campaign_id=${world.campaign.id}`),
      404,
      'not_found',
    );

    const agency = await ctx.ops.agencyWithKey(2);
    const a = agency.brands[0]!;
    const aWorld = await activeWorld(ctx, agency.key.key, 1, { brand_id: a.id });
    await pay(aWorld.campaign.id, aWorld.creators[0]!.id, 1_234);
    expect((await payouts(`brand_id=${a.id}`, agency.key.key)).summary.earned_cents).toBe(1_234);
    expect((await payouts(`brand_id=${agency.brands[1]!.id}`, agency.key.key)).data).toEqual([]);
    expect((await entries('', agency.key.key)).data).toHaveLength(1);
    for (const path of ['/payouts', '/payouts/entries']) {
      expectError(
        await api('GET', `${path}?brand_id=${own.brand.id}`, undefined, agency.key.key),
        403,
        'brand_not_managed',
      );
    }
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['group_by=task', 'group_by'],
      ['from=yesterday', 'from'],
      ['to=2026-13-01T00:00:00Z', 'to'],
      ['from=2026-08-01T00:00:00Z&to=2026-07-01T00:00:00Z', 'to'],
      ['campaign_id=nope', 'campaign_id'],
      ['limit=0', 'limit'],
      ['order=asc', 'order'],
    ] as const) {
      expectError(await api('GET', `/payouts?${query}`), 400, 'invalid_request', field);
      if (!query.startsWith('group_by'))
        expectError(await api('GET', `/payouts/entries?${query}`), 400, 'invalid_request', field);
    }
  });
});
