import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { GroupBy } from '#contract/enums';
import { MetricsReport } from '#contract/metrics';
import { PostPage } from '#contract/posts';
import { apiClient } from '../../../lib/api-client';
import { brandQueryKey } from '../../../lib/query-client';

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
 * Every post of the campaign (deleted ones keep their final metrics), 100 a page, for the
 * timeline; the screen asks for the next page until there is none.
 */
export const metricsPostsOptions = (brandId: string, campaignId: string) =>
  infiniteQueryOptions({
    queryKey: metricsKeys.posts(brandId, campaignId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(`/campaigns/${campaignId}/posts`, PostPage, {
        signal,
        query: { limit: 100, starting_after: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
  });
