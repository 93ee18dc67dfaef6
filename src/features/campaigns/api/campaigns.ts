import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { Campaign, CampaignDeleted, CampaignPage, PublishReviewSummary } from '#contract/campaigns';
import type { CampaignSort, CampaignStatus } from '#contract/enums';
import { CampaignsMetrics } from '#contract/metrics';
import { TaskPage } from '#contract/tasks';
import { api } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { infinitePageOptions } from '#lib/paging';
import { campaignKeys, storeCampaign } from '#lib/campaign-cache';

/** Filters of the campaign list as the dashboard holds them (the URL is their source). */
export type CampaignListFilters = {
  status?: readonly CampaignStatus[];
  created_after?: string;
  created_before?: string;
  /** Names containing this, without case or accents. */
  q?: string;
  /** Omitted: newest first. */
  sort?: CampaignSort;
  limit?: number;
  /**
   * Whose campaigns, for agency keys. Omitted: the brand the list belongs to (`brandId`);
   * `'all'`: every brand the key acts for (no `brand_id` is sent); a brand id: that brand.
   * The query key still starts with `brandId`, the brand of the screen.
   */
  brand?: string;
};

/** Options of the action hooks for callers that show a refusal themselves. */
export type CampaignMutationOptions = {
  /** `false`: no central toast on error (e.g. a confirm dialog shows the message inside). */
  toastErrors?: boolean;
};

const errorMeta = (errorTitle: string, options: CampaignMutationOptions) =>
  options.toastErrors === false ? { suppressErrorToast: true } : { errorTitle };

/**
 * A campaign's page (detail and tasks) shows its counts, so any of its events refreshes it; a
 * campaign's name and status show in the lists.
 */
export const campaignsLiveInvalidation: LiveInvalidation = {
  keys: campaignKeys.all,
  concerns: (event, key, brandId) =>
    (event.campaign_id !== null &&
      keyStartsWith(key, campaignKeys.detail(brandId, event.campaign_id))) ||
    (event.type === 'campaign.updated' && keyStartsWith(key, campaignKeys.lists(brandId))),
};

/** The brand_id a list's filters send: none for every brand of an agency key. */
const brandParam = (brandId: string, filters: CampaignListFilters) =>
  filters.brand === 'all' ? undefined : (filters.brand ?? brandId);

/** One page of the brand's campaigns in the filters' order; `cursor` is the previous page's next_cursor. */
/** The list's filters as `GET /campaigns` and `GET /metrics` both take them. */
const filterQuery = (brandId: string, filters: CampaignListFilters) => ({
  brand_id: brandParam(brandId, filters),
  status: filters.status && [...filters.status],
  created_after: filters.created_after,
  created_before: filters.created_before,
  q: filters.q,
});

export function fetchCampaignPage(
  brandId: string,
  filters: CampaignListFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return api.GET('/campaigns', CampaignPage, {
    signal,
    params: {
      query: {
        ...filterQuery(brandId, filters),
        sort: filters.sort,
        limit: filters.limit ?? 100,
        starting_after: cursor ?? undefined,
      },
    },
  });
}

/** The campaign list as an infinite query: pages follow `next_cursor` until `has_more` is false. */
export const campaignListOptions = (brandId: string, filters: CampaignListFilters) =>
  infiniteQueryOptions({
    queryKey: campaignKeys.list(brandId, filters),
    queryFn: ({ pageParam, signal }) => fetchCampaignPage(brandId, filters, pageParam, signal),
    ...infinitePageOptions,
  });

/**
 * How many campaigns the list's filters select, in one request whatever their number: `campaigns`
 * of `GET /metrics` with the same filters (docs/api.md#metrics-across-campaigns). Under the lists'
 * key, so it refreshes with them.
 */
export function campaignCountOptions(brandId: string, filters: CampaignListFilters) {
  // The order and page size change no count: one cache entry for all of them.
  const { sort: _sort, limit: _limit, ...counted } = filters;
  return queryOptions({
    queryKey: [...campaignKeys.lists(brandId), 'count', counted] as const,
    queryFn: async ({ signal }) => {
      const sums = await api.GET('/metrics', CampaignsMetrics, {
        signal,
        params: {
          query: filterQuery(brandId, filters),
        },
      });
      return sums.campaigns;
    },
  });
}

export const campaignTasksOptions = (brandId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.tasks(brandId, campaignId),
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}/tasks', TaskPage, {
        params: { path: { campaign_id: campaignId }, query: { limit: 100 } },
        signal,
      }),
  });

export type CampaignAction = 'publish' | 'withdraw' | 'pause' | 'resume';

const ACTION_ERROR_TITLES: Record<CampaignAction, string> = {
  publish: 'Could not publish the campaign',
  withdraw: 'Could not withdraw the request',
  pause: 'Could not pause the campaign',
  resume: 'Could not resume the campaign',
};

/** publish, withdraw, pause or resume; a refusal (409/422) reaches the central toast with the service's message. */
export function useCampaignAction(
  brandId: string,
  action: CampaignAction,
  options: CampaignMutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      api.POST(`/campaigns/{campaign_id}/${action}`, Campaign, {
        params: { path: { campaign_id: campaignId } },
      }),
    onSuccess: (campaign) => storeCampaign(queryClient, brandId, campaign),
    onError: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(brandId) }),
    meta: errorMeta(ACTION_ERROR_TITLES[action], options),
  });
}

export function useDeleteCampaign(brandId: string, options: CampaignMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      api.DELETE('/campaigns/{campaign_id}', CampaignDeleted, {
        params: { path: { campaign_id: campaignId } },
      }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(brandId, id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(brandId) });
    },
    meta: errorMeta('Could not delete the campaign', options),
  });
}

/** One campaign as it is now, outside the cache (the shell reads how a publish request ended). */
export const fetchCampaign = (campaignId: string) =>
  api.GET('/campaigns/{campaign_id}', Campaign, { params: { path: { campaign_id: campaignId } } });

/**
 * How long the platform's review usually takes (`GET /publish-reviews/summary`): the same for
 * every campaign, so read once and kept a minute.
 */
export const publishReviewSummaryOptions = (brandId: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all(brandId), 'review-time'] as const,
    queryFn: ({ signal }) => api.GET('/publish-reviews/summary', PublishReviewSummary, { signal }),
    staleTime: 60_000,
  });
