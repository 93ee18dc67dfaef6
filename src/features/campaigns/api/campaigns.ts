import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  Campaign,
  CampaignDeleted,
  CampaignPage,
  type CampaignCreate,
  type CampaignUpdate,
} from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { Task, TaskPage, type TaskCreate, type TaskUpdate } from '#contract/tasks';
import { apiClient } from '../../../lib/api-client';
import { brandQueryKey } from '../../../lib/query-client';

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
 * Query keys of campaigns, general to specific. Every key starts with the brand, so one brand's
 * campaigns can never show while another brand is selected.
 */
export const campaignKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'campaigns'] as const,
  lists: (brandId: string) => [...campaignKeys.all(brandId), 'list'] as const,
  list: (brandId: string, filters: CampaignListFilters) =>
    [...campaignKeys.lists(brandId), filters] as const,
  details: (brandId: string) => [...campaignKeys.all(brandId), 'detail'] as const,
  detail: (brandId: string, campaignId: string) =>
    [...campaignKeys.details(brandId), campaignId] as const,
  tasks: (brandId: string, campaignId: string) =>
    [...campaignKeys.detail(brandId, campaignId), 'tasks'] as const,
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
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
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

/** After a campaign changed: its detail is replaced by the answer, lists refetch. */
function storeCampaign(queryClient: QueryClient, brandId: string, campaign: Campaign) {
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
      apiClient.post('/campaigns', Campaign, { body, idempotencyKey }),
    onSuccess: (campaign) => storeCampaign(queryClient, brandId, campaign),
    meta: { suppressErrorToast: true },
  });
}

export function useUpdateCampaign(brandId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignUpdate) =>
      apiClient.patch(`/campaigns/${campaignId}`, Campaign, { body }),
    onSuccess: (campaign) => storeCampaign(queryClient, brandId, campaign),
    meta: { suppressErrorToast: true },
  });
}

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

/** Task writes refresh the campaign (it embeds its tasks) and its task list. */
function useTaskMutation<V>(
  brandId: string,
  campaignId: string,
  mutationFn: (variables: V) => Promise<Task>,
  errorTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(brandId, campaignId) }),
    meta: { errorTitle },
  });
}

export const useCreateTask = (brandId: string, campaignId: string) =>
  useTaskMutation(
    brandId,
    campaignId,
    (body: TaskCreate) => apiClient.post(`/campaigns/${campaignId}/tasks`, Task, { body }),
    'Could not add the task',
  );

export const useUpdateTask = (brandId: string, campaignId: string) =>
  useTaskMutation(
    brandId,
    campaignId,
    ({ taskId, body }: { taskId: string; body: TaskUpdate }) =>
      apiClient.patch(`/campaigns/${campaignId}/tasks/${taskId}`, Task, { body }),
    'Could not save the task',
  );

export const useTaskArchive = (brandId: string, campaignId: string) =>
  useTaskMutation(
    brandId,
    campaignId,
    ({ taskId, archived }: { taskId: string; archived: boolean }) =>
      apiClient.post(
        `/campaigns/${campaignId}/tasks/${taskId}/${archived ? 'archive' : 'unarchive'}`,
        Task,
      ),
    'Could not change the task',
  );
