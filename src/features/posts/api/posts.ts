import { infiniteQueryOptions } from '@tanstack/react-query';
import { PostPage } from '#contract/posts';
import { apiClient } from '../../../lib/api-client';
import { brandQueryKey } from '../../../lib/query-client';
import { postQuery, type PostFilters } from '../post-filters';

/** Query keys of posts, general to specific; a campaign's keys contain its id. */
export const postKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'posts'] as const,
  campaign: (brandId: string, campaignId: string) =>
    [...postKeys.all(brandId), campaignId] as const,
  list: (brandId: string, campaignId: string, filters: PostFilters) =>
    [...postKeys.campaign(brandId, campaignId), 'list', filters] as const,
};

/** A campaign's posts, newest first, 50 a page, deleted ones included unless filtered. */
export const postListOptions = (brandId: string, campaignId: string, filters: PostFilters) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(brandId, campaignId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(`/campaigns/${campaignId}/posts`, PostPage, {
        signal,
        query: { ...postQuery(filters), limit: 50, starting_after: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
  });
