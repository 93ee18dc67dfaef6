import { queryOptions } from '@tanstack/react-query';
import type { CampaignStatus, GroupBy } from '#contract/enums';
import { CampaignsMetrics, MetricsHistory, MetricsReport } from '#contract/metrics';
import { api } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { brandQueryKey } from '#lib/query-client';

/** Query keys of metrics, general to specific; a campaign's keys contain its id. */
export const metricsKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'metrics'] as const,
  campaign: (brandId: string, campaignId: string) =>
    [...metricsKeys.all(brandId), campaignId] as const,
  report: (brandId: string, campaignId: string, groupBy: GroupBy | null) =>
    [...metricsKeys.campaign(brandId, campaignId), 'report', groupBy ?? 'none'] as const,
  /** The figures day by day (the timeline), in the viewer's time zone. */
  history: (brandId: string, campaignId: string, timeZone: string) =>
    [...metricsKeys.campaign(brandId, campaignId), 'history', timeZone] as const,
  /** GET /metrics: sums over several campaigns, refreshed by any campaign's event. */
  sums: (brandId: string) => [...metricsKeys.all(brandId), 'sums'] as const,
  sum: (brandId: string, query: CampaignsMetricsFilters) =>
    [...metricsKeys.sums(brandId), query] as const,
};

/** What the overview sums: campaigns of these statuses, or these campaigns. */
export type CampaignsMetricsFilters = {
  status?: readonly CampaignStatus[];
  campaignIds?: readonly string[];
};

/**
 * The report and the history sum a campaign's creators, submissions, posts and spend (codes pay
 * commissions): any of its events but a change of the campaign itself. The sums over campaigns
 * change with any campaign's activity, and with its status.
 */
export const metricsLiveInvalidation: LiveInvalidation = {
  keys: metricsKeys.all,
  concerns: (event, key, brandId) => {
    if (keyStartsWith(key, metricsKeys.sums(brandId))) return event.campaign_id !== null;
    const campaignId = event.campaign_id;
    if (campaignId === null) return false;
    return (
      keyStartsWith(key, metricsKeys.campaign(brandId, campaignId)) &&
      event.type !== 'campaign.updated'
    );
  },
};

/** `GET /campaigns/{id}/metrics`, broken down by task or platform when `groupBy` is set. */
export const metricsReportOptions = (
  brandId: string,
  campaignId: string,
  groupBy: GroupBy | null,
) =>
  queryOptions({
    queryKey: metricsKeys.report(brandId, campaignId, groupBy),
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}/metrics', MetricsReport, {
        params: { path: { campaign_id: campaignId }, query: { group_by: groupBy ?? undefined } },
        signal,
      }),
  });

/** The viewer's time zone, whose calendar days the timeline counts in. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The timeline's figures in one request: the campaign's figures as they stood at the end of each
 * day, in the viewer's time zone (docs/api.md#metrics-history), whatever the number of posts.
 */
export const metricsHistoryOptions = (brandId: string, campaignId: string, timeZone: string) =>
  queryOptions({
    queryKey: metricsKeys.history(brandId, campaignId, timeZone),
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}/metrics/history', MetricsHistory, {
        params: { path: { campaign_id: campaignId }, query: { time_zone: timeZone } },
        signal,
      }),
  });

/**
 * `GET /metrics` (docs/api.md#metrics-across-campaigns): the figures summed over the brand's
 * campaigns of these statuses, or over the campaigns named (each one's in `by_campaign`).
 */
export const campaignsMetricsOptions = (brandId: string, filters: CampaignsMetricsFilters) =>
  queryOptions({
    queryKey: metricsKeys.sum(brandId, filters),
    queryFn: ({ signal }) =>
      api.GET('/metrics', CampaignsMetrics, {
        params: {
          query: {
            brand_id: brandId,
            status: filters.status && [...filters.status],
            campaign_id: filters.campaignIds && [...filters.campaignIds],
          },
        },
        signal,
      }),
  });
