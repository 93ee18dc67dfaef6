import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { CampaignCreator, CreatorPage } from '#contract/creators';
import type { CreatorStatus } from '#contract/enums';
import { api } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { infinitePageOptions } from '#lib/paging';
import { brandQueryKey } from '#lib/query-client';

/** Query keys of campaign creators, general to specific; a campaign's keys contain its id. */
export const creatorKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'creators'] as const,
  campaign: (brandId: string, campaignId: string) =>
    [...creatorKeys.all(brandId), campaignId] as const,
  list: (brandId: string, campaignId: string, status: CreatorStatus, fits: FitFilter = 'all') =>
    [...creatorKeys.campaign(brandId, campaignId), 'list', status, fits] as const,
};

/** Everyone, only the creators who meet the campaign's targeting, or only those who do not. */
export type FitFilter = 'all' | 'fits' | 'misfits';

const FITS_QUERY: Record<FitFilter, 'true' | 'false' | undefined> = {
  all: undefined,
  fits: 'true',
  misfits: 'false',
};

/** A campaign's creators show their status and how much content they sent and posted. */
export const creatorsLiveInvalidation: LiveInvalidation = {
  keys: creatorKeys.all,
  concerns: (event, key, brandId) =>
    event.campaign_id !== null &&
    keyStartsWith(key, creatorKeys.campaign(brandId, event.campaign_id)) &&
    /^(creator|submission|post)\./.test(event.type),
};

/** A campaign's creators in one status, newest application first, 100 a page. */
export const creatorListOptions = (
  brandId: string,
  campaignId: string,
  status: CreatorStatus,
  fits: FitFilter = 'all',
) =>
  infiniteQueryOptions({
    queryKey: creatorKeys.list(brandId, campaignId, status, fits),
    queryFn: ({ pageParam, signal }) =>
      api.GET('/campaigns/{campaign_id}/creators', CreatorPage, {
        params: {
          path: { campaign_id: campaignId },
          query: {
            status,
            fits: FITS_QUERY[fits],
            limit: 100,
            starting_after: pageParam ?? undefined,
          },
        },
        signal,
      }),
    ...infinitePageOptions,
  });

/** One creator of a campaign (a link to them learns which tab they are on). */
export const campaignCreatorOptions = (brandId: string, campaignId: string, creatorId: string) =>
  queryOptions({
    queryKey: [...creatorKeys.campaign(brandId, campaignId), 'one', creatorId] as const,
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}/creators/{creator_id}', CampaignCreator, {
        params: { path: { campaign_id: campaignId, creator_id: creatorId } },
        signal,
      }),
  });

export type CreatorDecision = { kind: 'approve' } | { kind: 'reject'; reason?: string };

/** `POST .../creators/{id}/approve` or `/reject` (with an optional reason). */
export function decideCreator(campaignId: string, creatorId: string, decision: CreatorDecision) {
  const path = { campaign_id: campaignId, creator_id: creatorId };
  if (decision.kind === 'approve') {
    return api.POST('/campaigns/{campaign_id}/creators/{creator_id}/approve', CampaignCreator, {
      params: { path },
    });
  }
  return api.POST('/campaigns/{campaign_id}/creators/{creator_id}/reject', CampaignCreator, {
    params: { path },
    body: decision.reason ? { reason: decision.reason } : {},
  });
}

/** After decisions: every tab of the campaign refetches (a creator moved between them). */
export function refreshCampaignCreators(
  queryClient: QueryClient,
  brandId: string,
  campaignId: string,
) {
  return queryClient.invalidateQueries({ queryKey: creatorKeys.campaign(brandId, campaignId) });
}
