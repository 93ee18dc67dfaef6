import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MetricsHistory, MetricsReport } from '#contract/metrics';
import { activeWorld, post, review, submit } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

// GET /campaigns/{id}/metrics/history (docs/api.md#metrics-history): the hours the triggers keep,
// summed per calendar day as running totals; its last day is always the report's figures.

const { ctx, brand } = await brandWorld();

const history = async (campaignId: string, query = '', key = brand.key.key) =>
  MetricsHistory.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/metrics/history${query}`, { key }),
      200,
    ),
  );

const report = async (campaignId: string) =>
  MetricsReport.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/metrics`, { key: brand.key.key }),
      200,
    ),
  );

/** Today's calendar day in a time zone, as the service counts it. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date());

/** The calendar day `n` days before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

const zero = { views: 0, likes: 0, comments: 0, shares: 0, saves: 0, spent_cents: 0 };

describe('GET /campaigns/{campaign_id}/metrics/history', () => {
  it('is empty before anything happens, then follows every change as it happens, agreeing with the report', async () => {
    const world = await activeWorld(ctx, brand.key.key, 2);
    expect((await history(world.campaign.id)).days).toEqual([]);

    const posts = [];
    for (const creator of world.creators) {
      const s = await submit(ctx, world.campaign.id, creator.id, world.taskId);
      await review(ctx, brand.key.key, world.campaign.id, s.id, 'approve');
      posts.push(await post(ctx, s.id));
    }
    for (const [i, p] of posts.entries()) {
      expectStatus(
        await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, {
          views: 1000 * (i + 1),
          likes: 10,
          comments: 2,
          shares: 1,
          saves: 3,
        }),
        200,
      );
    }
    expectStatus(
      await ops(ctx, 'POST', '/ops/payouts', {
        campaign_id: world.campaign.id,
        creator_id: world.creators[0]!.id,
        amount_cents: 5_000,
      }),
      201,
    );
    // A taken-down post leaves the figures, as it leaves the report's.
    expectStatus(await ops(ctx, 'POST', `/ops/posts/${posts[1]!.id}/take-down`), 200);
    const h = await history(world.campaign.id);
    const r = await report(world.campaign.id);
    expect(h.days).toEqual([
      {
        day: todayIn('UTC'),
        views: 1000,
        likes: 10,
        comments: 2,
        shares: 1,
        saves: 3,
        spent_cents: 5_000,
      },
    ]);
    const { engagement_rate: _rate, ...performance } = r.performance;
    expect(h.days.at(-1)).toMatchObject({ ...performance, spent_cents: r.spend.spent_cents });
    expect(h).toMatchObject({ campaign_id: world.campaign.id, time_zone: 'UTC' });
  });

  it('sums the hours per day of time_zone as running totals, repeats quiet days and keeps earlier days in the first of a window', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    const today = todayIn('UTC');
    const at = (day: string, time: string) => `${day}T${time}:00Z`;
    // Three days ago at 08:00 and 23:00 UTC (the latter is the next day in Paris), today at 00:00.
    const hours: [string, number, number][] = [
      [at(daysBefore(today, 3), '08'), 100, 0],
      [at(daysBefore(today, 3), '23'), 50, 1_000],
      [at(today, '00'), 7, 0],
    ];
    for (const [hour, views, spent] of hours) {
      await ctx.db.execute(
        sql`insert into campaign_metric_hours (campaign_id, hour, views, likes, spent_cents)
            values (${campaign.id}, ${hour}, ${views}, 1, ${spent})`,
      );
    }
    const day = (d: string, views: number, likes: number, spent: number) => ({
      ...zero,
      day: d,
      views,
      likes,
      spent_cents: spent,
    });
    expect((await history(campaign.id)).days).toEqual([
      day(daysBefore(today, 3), 150, 2, 1_000),
      day(daysBefore(today, 2), 150, 2, 1_000),
      day(daysBefore(today, 1), 150, 2, 1_000),
      day(today, 157, 3, 1_000),
    ]);
    // In Paris (UTC+1 or +2) 23:00 UTC is the next day, and today's 00:00 UTC is today there too.
    const paris = await history(campaign.id, '?time_zone=Europe/Paris');
    expect(paris.time_zone).toBe('Europe/Paris');
    expect(paris.days.slice(0, 2)).toEqual([
      day(daysBefore(today, 3), 100, 1, 0),
      day(daysBefore(today, 2), 150, 2, 1_000),
    ]);
    expect(paris.days.at(-1)).toMatchObject({ views: 157, likes: 3 });
    // A window of two days starts yesterday, with everything before it in its running totals.
    expect((await history(campaign.id, '?days=2')).days).toEqual([
      day(daysBefore(today, 1), 150, 2, 1_000),
      day(today, 157, 3, 1_000),
    ]);
  });

  it('answers 404 for a campaign of another brand or none, 400 naming a bad days or time_zone, 403 without campaigns:read', async () => {
    const other = await ctx.ops.brandWithKey();
    const campaign = await campaignIn(ctx, other.key.key, 'draft');
    const path = `/2026-07/campaigns/${campaign.id}/metrics/history`;
    expectError(await ctx.request('GET', path, { key: brand.key.key }), 404, 'not_found');
    expectError(
      await ctx.request(
        'GET',
        '/2026-07/campaigns/00000000-0000-4000-8000-000000000000/metrics/history',
        { key: brand.key.key },
      ),
      404,
      'not_found',
    );
    for (const days of ['0', '367', 'abc', '1.5']) {
      expectError(
        await ctx.request('GET', `${path}?days=${days}`, { key: other.key.key }),
        400,
        'invalid_request',
        'days',
      );
    }
    expectError(
      await ctx.request('GET', `${path}?time_zone=Mars/Olympus`, { key: other.key.key }),
      400,
      'invalid_request',
      'time_zone',
    );
    const codesOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: other.brand.id,
      scopes: ['codes:read'],
    });
    expectError(await ctx.request('GET', path, { key: codesOnly.key }), 403, 'missing_scope');
    expect((await history(campaign.id, '?days=366', other.key.key)).days).toEqual([]);
  });
});
