import { queryOptions } from '@tanstack/react-query';
import type { GroupBy } from '#contract/enums';
import { MetricsReport } from '#contract/metrics';
import { PostPage } from '#contract/posts';
import { apiClient } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { listPagesOptions } from '#lib/list-queries';
import { brandQueryKey } from '#lib/query-client';

/** Query keys of metrics, general to specific; a campaign's keys contain its id. */
export const metricsKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'metrics'] as const,
  campaign: (brandId: string, campaignId: string) =>
    [...metricsKeys.all(brandId), campaignId] as const,
  report: (brandId: string, campaignId: string, groupBy: GroupBy | null) =>
    [...metricsKeys.campaign(brandId, campaignId), 'report', groupBy ?? 'none'] as const,
  posts: (brandId: string, campaignId: string) =>
    [...metricsKeys.campaign(brandId, campaignId), 'posts'] as const,
};

/**
 * The report sums a campaign's creators, submissions, posts and spend (codes pay commissions):
 * any of its events but a change of the campaign itself; the timeline reads the posts only.
 */
export const metricsLiveInvalidation: LiveInvalidation = {
  keys: metricsKeys.all,
  concerns: (event, key, brandId) => {
    const campaignId = event.campaign_id;
    if (campaignId === null) return false;
    if (keyStartsWith(key, metricsKeys.posts(brandId, campaignId))) {
      return event.type.startsWith('post.');
    }
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
      apiClient.get(`/campaigns/${campaignId}/metrics`, MetricsReport, {
        signal,
        query: { group_by: groupBy ?? undefined },
      }),
  });

/**
 * Every live post of the campaign, 100 a page, for the timeline; the screen asks for the next
 * page until there is none. Deleted posts are left out, as the report leaves them out, so the
 * timeline's totals are the report's figures.
 */
export const metricsPostsOptions = (brandId: string, campaignId: string) =>
  listPagesOptions(
    metricsKeys.posts(brandId, campaignId),
    `/campaigns/${campaignId}/posts`,
    PostPage,
    {
      status: 'live',
      limit: 100,
    },
  );
