import type { Campaign } from '#contract/campaigns';
import { effectiveCpmCents, engagementRate, type MetricsReport } from '#contract/metrics';

/** One campaign's headline figures; null figures are still loading or failed. */
export type CampaignHeadline = {
  campaign: Pick<Campaign, 'id' | 'name' | 'status' | 'spent_cents'>;
  report: MetricsReport | null;
};

export type HeadlineTotals = {
  campaigns: number;
  creatorsApproved: number;
  posts: number;
  views: number;
  engagementRate: number;
  spentCents: number;
  effectiveCpmCents: number;
  /** Whether every campaign's report is in (the totals are complete). */
  complete: boolean;
};

/**
 * Totals across campaigns: counts and spend add up; the engagement rate and the CPM are computed
 * from the summed metrics (never averaged), with the contract's own formulas.
 */
export function headlineTotals(rows: readonly CampaignHeadline[]): HeadlineTotals {
  const metrics = { views: 0, likes: 0, comments: 0, shares: 0, saves: 0 };
  let creatorsApproved = 0;
  let posts = 0;
  let spentCents = 0;
  for (const { campaign, report } of rows) {
    spentCents += report ? report.spend.spent_cents : campaign.spent_cents;
    if (!report) continue;
    creatorsApproved += report.funnel.creators_approved;
    posts += report.funnel.posts;
    for (const key of Object.keys(metrics) as (keyof typeof metrics)[])
      metrics[key] += report.performance[key];
  }
  return {
    campaigns: rows.length,
    creatorsApproved,
    posts,
    views: metrics.views,
    engagementRate: engagementRate(metrics),
    spentCents,
    effectiveCpmCents: effectiveCpmCents(spentCents, metrics.views),
    complete: rows.every((r) => r.report !== null),
  };
}
