import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { Campaign, CampaignDeleted, CampaignPage } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { TaskPage } from '#contract/tasks';
import { apiClient } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { infinitePageOptions } from '#lib/paging';
import { campaignKeys, storeCampaign } from '#lib/campaign-cache';

/** Filters of the campaign list as the dashboard holds them (the URL is their source). */
export type CampaignListFilters = {
  status?: readonly CampaignStatus[];
  created_after?: string;
  created_before?: string;
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

/** One page of the brand's campaigns, newest first; `cursor` is the previous page's next_cursor. */
export function fetchCampaignPage(
  brandId: string,
  filters: CampaignListFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return apiClient.get('/campaigns', CampaignPage, {
    signal,
    query: {
      brand_id: filters.brand === 'all' ? undefined : (filters.brand ?? brandId),
      status: filters.status,
      created_after: filters.created_after,
      created_before: filters.created_before,
      limit: filters.limit ?? 100,
      starting_after: cursor,
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

export const campaignDetailOptions = (brandId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(brandId, campaignId),
    queryFn: ({ signal }) => apiClient.get(`/campaigns/${campaignId}`, Campaign, { signal }),
  });

export const campaignTasksOptions = (brandId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.tasks(brandId, campaignId),
    queryFn: ({ signal }) =>
      apiClient.get(`/campaigns/${campaignId}/tasks`, TaskPage, { signal, query: { limit: 100 } }),
  });

export type CampaignAction = 'publish' | 'pause' | 'resume';

const ACTION_ERROR_TITLES: Record<CampaignAction, string> = {
  publish: 'Could not publish the campaign',
  pause: 'Could not pause the campaign',
  resume: 'Could not resume the campaign',
};

/** publish, pause or resume; a refusal (409/422) reaches the central toast with the service's message. */
export function useCampaignAction(
  brandId: string,
  action: CampaignAction,
  options: CampaignMutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      apiClient.post(`/campaigns/${campaignId}/${action}`, Campaign),
    onSuccess: (campaign) => storeCampaign(queryClient, brandId, campaign),
    onError: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(brandId) }),
    meta: errorMeta(ACTION_ERROR_TITLES[action], options),
  });
}

export function useDeleteCampaign(brandId: string, options: CampaignMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      apiClient.delete(`/campaigns/${campaignId}`, CampaignDeleted),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(brandId, id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(brandId) });
    },
    meta: errorMeta('Could not delete the campaign', options),
  });
}
