import { CreatorPage } from '#contract/creators';
import { PostPage } from '#contract/posts';
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
  listPagesOptions(
    postKeys.list(brandId, campaignId, filters),
    `/campaigns/${campaignId}/posts`,
    PostPage,
    {
      ...postQuery(filters),
      limit: 50,
    },
  );

/**
 * The creators approved on a campaign (only they can post), 100 a page, for the creator filter:
 * people pick a handle, the service is asked for its creator id.
 */
export const postCreatorsOptions = (brandId: string, campaignId: string) =>
  listPagesOptions(
    postKeys.creators(brandId, campaignId),
    `/campaigns/${campaignId}/creators`,
    CreatorPage,
    {
      status: 'approved',
      limit: 100,
    },
  );
