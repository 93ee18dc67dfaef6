import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Campaign, type CampaignCreate } from '#contract/campaigns';
import { api } from './api-client';
import { brandQueryKey } from './query-client';

// What the campaign screens and the builder share: the cache of campaigns and how a created or
// changed campaign enters it. Features import this, never each other.

/**
 * Query keys of campaigns, general to specific. Every key starts with the brand, so one brand's
 * campaigns can never show while another brand is selected.
 */
export const campaignKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'campaigns'] as const,
  lists: (brandId: string) => [...campaignKeys.all(brandId), 'list'] as const,
  list: (brandId: string, filters: object) => [...campaignKeys.lists(brandId), filters] as const,
  details: (brandId: string) => [...campaignKeys.all(brandId), 'detail'] as const,
  detail: (brandId: string, campaignId: string) =>
    [...campaignKeys.details(brandId), campaignId] as const,
  tasks: (brandId: string, campaignId: string) =>
    [...campaignKeys.detail(brandId, campaignId), 'tasks'] as const,
};

/**
 * `GET /campaigns/{id}`: one campaign with its tasks, under the one key of a campaign (its page,
 * the builder and the review queue read it; live events refresh it as `campaigns` declares).
 */
export const campaignDetailOptions = (brandId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(brandId, campaignId),
    queryFn: ({ signal }) =>
      api.GET('/campaigns/{campaign_id}', Campaign, {
        params: { path: { campaign_id: campaignId } },
        signal,
      }),
  });

/**
 * The campaigns this session saw sent for approval and not yet decided (their ids): the shell
 * tells the user how each request ends (docs/api.md#getting-live), even once the screens that
 * showed them are gone from the cache.
 */
export const awaitingApproval = new Set<string>();

/** After a campaign changed: its detail is replaced by the answer, lists refetch. */
export function storeCampaign(queryClient: QueryClient, brandId: string, campaign: Campaign) {
  if (campaign.status === 'pending_approval') awaitingApproval.add(campaign.id);
  else awaitingApproval.delete(campaign.id);
  queryClient.setQueryData(campaignKeys.detail(brandId, campaign.id), (previous?: Campaign) =>
    // Action answers embed tasks too, but keep the ones on screen if an answer omits them.
    campaign.tasks || !previous ? campaign : { ...campaign, tasks: previous.tasks },
  );
  void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(brandId) });
}

/**
 * `POST /campaigns`. Give the same `idempotencyKey` for every attempt of one builder session:
 * a double click or a retry after a network error then makes one campaign.
 */
export function useCreateCampaign(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CampaignCreate; idempotencyKey: string }) =>
      api.POST('/campaigns', Campaign, { body, idempotencyKey }),
    onSuccess: (campaign) => storeCampaign(queryClient, brandId, campaign),
    meta: { suppressErrorToast: true },
  });
}
