import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CampaignPage } from '#contract/campaigns';
import { MetricsHistory, MetricsReport } from '#contract/metrics';
import { queryRows } from '../db/client.ts';
import { seedDemo } from '../services/demo.ts';
import { expectStatus } from '../test/campaigns.ts';
import { fileContext } from '../test/harness.ts';
import { DEMO_AGENCY_KEY } from './seed.ts';

// The demo world's history of figures (server/demo/metric-history.ts): spread over the days its
// posts went up, and adding up exactly to each campaign's totals.

const ctx = await fileContext();
const seeded = await seedDemo(ctx.db);
if (!seeded.created) throw new Error('the test database should have been empty');

const get = async (path: string): Promise<unknown> =>
  expectStatus(await ctx.request('GET', `/2026-07${path}`, { key: DEMO_AGENCY_KEY }), 200);

describe('the demo world’s history of figures', () => {
  it('adds up, for every campaign, to its live posts’ metrics and its spend', async () => {
    const rows = await queryRows<{ id: string; off: number }>(
      ctx.db,
      sql`select c.id, (
            (select count(*) from (
              select m from (values ('views'), ('likes'), ('comments'), ('shares'), ('saves'), ('spent')) v(m)) x
              where case x.m
                when 'views' then coalesce((select sum(views) from campaign_metric_hours h where h.campaign_id = c.id), 0)
                  <> coalesce((select sum(views) from post_totals t where t.campaign_id = c.id), 0)
                when 'likes' then coalesce((select sum(likes) from campaign_metric_hours h where h.campaign_id = c.id), 0)
                  <> coalesce((select sum(likes) from post_totals t where t.campaign_id = c.id), 0)
                when 'comments' then coalesce((select sum(comments) from campaign_metric_hours h where h.campaign_id = c.id), 0)
                  <> coalesce((select sum(comments) from post_totals t where t.campaign_id = c.id), 0)
                when 'shares' then coalesce((select sum(shares) from campaign_metric_hours h where h.campaign_id = c.id), 0)
                  <> coalesce((select sum(shares) from post_totals t where t.campaign_id = c.id), 0)
                when 'saves' then coalesce((select sum(saves) from campaign_metric_hours h where h.campaign_id = c.id), 0)
                  <> coalesce((select sum(saves) from post_totals t where t.campaign_id = c.id), 0)
                else coalesce((select sum(spent_cents) from campaign_metric_hours h where h.campaign_id = c.id), 0)
                  <> c.spent_cents end))::int as off
          from campaigns c`,
    );
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.off > 0)).toEqual([]);
  });

  it('charts campaigns with posts over several days, never going down, ending at its report', async () => {
    const page = CampaignPage.parse(await get('/campaigns?status=active&limit=100'));
    let charted = 0;
    for (const campaign of page.data) {
      const report = MetricsReport.parse(await get(`/campaigns/${campaign.id}/metrics`));
      if (report.performance.views === 0) continue;
      const { days } = MetricsHistory.parse(
        await get(`/campaigns/${campaign.id}/metrics/history?time_zone=Europe/Paris`),
      );
      expect(days.length).toBeGreaterThanOrEqual(1);
      for (const [i, day] of days.entries()) {
        if (i > 0) expect(day.views).toBeGreaterThanOrEqual(days[i - 1]!.views);
      }
      if (days.length > 1) expect(days[0]!.views).toBeLessThan(report.performance.views);
      expect(days.at(-1)).toMatchObject({
        views: report.performance.views,
        likes: report.performance.likes,
        spent_cents: report.spend.spent_cents,
      });
      if (days.length > 2) charted++;
    }
    expect(charted).toBeGreaterThan(0);
  });
});
