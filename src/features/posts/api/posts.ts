import { CreatorPage } from '#contract/creators';
import { PostPage } from '#contract/posts';
import { api } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { listPagesOptions } from '#lib/list-queries';
import { brandQueryKey } from '#lib/query-client';
import { postQuery, type PostFilters } from '../post-filters';

/** Query keys of posts, general to specific; a campaign's keys contain its id. */
export const postKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'posts'] as const,
  campaign: (brandId: string, campaignId: string) =>
    [...postKeys.all(brandId), campaignId] as const,
  list: (brandId: string, campaignId: string, filters: PostFilters) =>
    [...postKeys.campaign(brandId, campaignId), 'list', filters] as const,
  creators: (brandId: string, campaignId: string) =>
    [...postKeys.campaign(brandId, campaignId), 'creators'] as const,
};

/** A campaign's posts change with its post events only. */
export const postsLiveInvalidation: LiveInvalidation = {
  keys: postKeys.all,
  concerns: (event, key, brandId) =>
    event.campaign_id !== null &&
    keyStartsWith(key, postKeys.campaign(brandId, event.campaign_id)) &&
    event.type.startsWith('post.'),
};

/** A campaign's posts, newest first, 50 a page, deleted ones included unless filtered. */
export const postListOptions = (brandId: string, campaignId: string, filters: PostFilters) =>
  listPagesOptions(postKeys.list(brandId, campaignId, filters), (page, signal) =>
    api.GET('/campaigns/{campaign_id}/posts', PostPage, {
      params: {
        path: { campaign_id: campaignId },
        query: { ...postQuery(filters), limit: 50, ...page },
      },
      signal,
    }),
  );

/**
 * The creators approved on a campaign (only they can post), 100 a page, for the creator filter:
 * people pick a handle, the service is asked for its creator id.
 */
export const postCreatorsOptions = (brandId: string, campaignId: string) =>
  listPagesOptions(postKeys.creators(brandId, campaignId), (page, signal) =>
    api.GET('/campaigns/{campaign_id}/creators', CreatorPage, {
      params: {
        path: { campaign_id: campaignId },
        query: { status: 'approved', limit: 100, ...page },
      },
      signal,
    }),
  );
