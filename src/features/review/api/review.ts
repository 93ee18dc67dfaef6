import {
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { Campaign, CampaignPage } from '#contract/campaigns';
import { Submission, SubmissionPage } from '#contract/submissions';
import { apiClient, isApiError } from '#lib/api-client';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { fetchEveryRow } from '#lib/list-queries';
import { brandQueryKey } from '#lib/query-client';

/**
 * Query keys of the review queue, general to specific. Every key starts with the brand; keys of
 * one campaign contain its id, so a live event for that campaign finds them.
 */
export const reviewKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'review'] as const,
  campaigns: (brandId: string) => [...reviewKeys.all(brandId), 'campaigns'] as const,
  campaign: (brandId: string, campaignId: string) =>
    [...reviewKeys.all(brandId), 'campaign', campaignId] as const,
  waiting: (brandId: string, campaignId: string) =>
    [...reviewKeys.all(brandId), 'waiting', campaignId] as const,
  failed: (brandId: string, campaignId: string) =>
    [...reviewKeys.all(brandId), 'failed', campaignId] as const,
  /** The mutation key of the brand's review decisions (their state outlives the screen). */
  decisions: (brandId: string) => [...reviewKeys.all(brandId), 'decisions'] as const,
};

/**
 * Live events the queue refetches for: a campaign's waiting and failed lists (and the navigation's
 * waiting count, which shares the first) for its submissions only, not for the far more frequent metrics and
 * creator updates; the campaigns and a campaign's tasks when a campaign changes.
 */
export const reviewLiveInvalidation: LiveInvalidation = {
  keys: reviewKeys.all,
  concerns: (event, key, brandId) => {
    if (keyStartsWith(key, reviewKeys.campaigns(brandId))) return event.type === 'campaign.updated';
    const campaignId = event.campaign_id;
    if (campaignId === null) return false;
    if (
      keyStartsWith(key, reviewKeys.waiting(brandId, campaignId)) ||
      keyStartsWith(key, reviewKeys.failed(brandId, campaignId))
    ) {
      return event.type.startsWith('submission.');
    }
    return (
      keyStartsWith(key, reviewKeys.campaign(brandId, campaignId)) &&
      event.type === 'campaign.updated'
    );
  },
};

/** The brand's campaigns that can have submissions waiting: active and paused ones. */
export const reviewCampaignsOptions = (brandId: string) =>
  queryOptions({
    queryKey: reviewKeys.campaigns(brandId),
    queryFn: ({ signal }) =>
      fetchEveryRow('/campaigns', CampaignPage, {
        query: { brand_id: brandId, status: ['active', 'paused'] },
        signal,
      }),
  });

/** One campaign with its tasks (the requirements shown beside a submission). */
export const reviewCampaignOptions = (brandId: string, campaignId: string) =>
  queryOptions({
    queryKey: reviewKeys.campaign(brandId, campaignId),
    queryFn: ({ signal }) => apiClient.get(`/campaigns/${campaignId}`, Campaign, { signal }),
    staleTime: 5 * 60_000,
  });

/** Every submission of a campaign in one status, oldest first (the service's order). */
const submissionsOptions = (
  queryKey: readonly unknown[],
  campaignId: string,
  status: 'in_review' | 'failed',
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      fetchEveryRow(`/campaigns/${campaignId}/submissions`, SubmissionPage, {
        query: { status: [status] },
        signal,
      }),
  });

/** A campaign's submissions waiting for review. */
export const waitingSubmissionsOptions = (brandId: string, campaignId: string) =>
  submissionsOptions(reviewKeys.waiting(brandId, campaignId), campaignId, 'in_review');

/** A campaign's failed submissions (inspection failed them, or the platform could not process them). */
export const failedSubmissionsOptions = (brandId: string, campaignId: string) =>
  submissionsOptions(reviewKeys.failed(brandId, campaignId), campaignId, 'failed');

/** A submission in the merged queue, with the campaign it belongs to. */
export type QueueItem = { submission: Submission; campaignId: string; campaignName: string };

const waitingSince = (s: Submission) => s.submitted_at ?? s.created_at;

/** Oldest waiting first across campaigns; ties by id, as the service orders one campaign. */
export function compareQueueItems(a: QueueItem, b: QueueItem): number {
  const at = waitingSince(a.submission);
  const bt = waitingSince(b.submission);
  if (at !== bt) return at < bt ? -1 : 1;
  return a.submission.id < b.submission.id ? -1 : a.submission.id > b.submission.id ? 1 : 0;
}

/**
 * The submissions `optionsOf` reads for each of `campaigns` (one query a campaign), each with its
 * campaign. `isPending` until every campaign has answered; `error`, the first one's.
 */
function useSubmissionsOf(
  campaigns: readonly { id: string; name: string }[],
  optionsOf: (campaignId: string) => ReturnType<typeof submissionsOptions>,
) {
  const queries = useQueries({ queries: campaigns.map((campaign) => optionsOf(campaign.id)) });
  const items: QueueItem[] = [];
  campaigns.forEach((campaign, index) => {
    for (const submission of queries[index]?.data ?? []) {
      items.push({ submission, campaignId: campaign.id, campaignName: campaign.name });
    }
  });
  return {
    items,
    isPending: queries.some((q) => q.isPending),
    error: queries.find((q) => q.error)?.error ?? null,
  };
}

/**
 * The one queue across the brand's active and paused campaigns: each campaign's waiting
 * submissions, merged oldest first. `isPending` until every campaign has answered.
 */
export function useReviewQueue(brandId: string) {
  const queryClient = useQueryClient();
  const campaigns = useQuery(reviewCampaignsOptions(brandId));
  const list = campaigns.data ?? [];
  const waiting = useSubmissionsOf(list, (id) => waitingSubmissionsOptions(brandId, id));
  return {
    campaigns: list,
    items: waiting.items.sort(compareQueueItems),
    isPending: campaigns.isPending || waiting.isPending,
    error: campaigns.error ?? waiting.error,
    retry: () =>
      void queryClient.refetchQueries({ queryKey: reviewKeys.all(brandId), type: 'active' }),
  };
}

/**
 * The failed submissions of the given campaigns (the queue's: active and paused), most recent
 * first. `isPending` until every campaign has answered.
 */
export function useFailedSubmissions(
  brandId: string,
  campaigns: readonly { id: string; name: string }[],
) {
  const failed = useSubmissionsOf(campaigns, (id) => failedSubmissionsOptions(brandId, id));
  return { ...failed, items: failed.items.sort((a, b) => -compareQueueItems(a, b)) };
}

/** Takes a submission out of its campaign's cached queue (optimistic), answering whether it was there. */
export function removeFromQueue(queryClient: QueryClient, brandId: string, item: QueueItem): void {
  queryClient.setQueryData(reviewKeys.waiting(brandId, item.campaignId), (rows?: Submission[]) =>
    rows?.filter((s) => s.id !== item.submission.id),
  );
}

/** Puts a submission back (undo, or a decision that failed), in the queue's order. */
export function restoreToQueue(queryClient: QueryClient, brandId: string, item: QueueItem): void {
  queryClient.setQueryData(reviewKeys.waiting(brandId, item.campaignId), (rows?: Submission[]) => {
    if (!rows) return rows;
    if (rows.some((s) => s.id === item.submission.id)) return rows;
    return [...rows, item.submission].sort((a, b) =>
      compareQueueItems(
        { submission: a, campaignId: '', campaignName: '' },
        { submission: b, campaignId: '', campaignName: '' },
      ),
    );
  });
}

/**
 * A reviewer's decision. "Request changes" is the interface's `reject`: the creator gets the
 * feedback and can send a revision.
 */
export type Decision = { kind: 'approve' } | { kind: 'request_changes'; feedback?: string };

/**
 * One decision per submission and revision round: a submission sent back for changes returns
 * to the queue with the same id and the next `revision_count`, and is a new decision then.
 */
export const decisionKey = (item: QueueItem) =>
  `${item.submission.id}:${item.submission.revision_count}`;

/**
 * Someone decided first (409 `already_reviewed`), with the submission as the service has it now
 * (null when it could not be read): the screen says what happened from its fields, not from the
 * error's prose.
 */
export class ReviewConflict extends Error {
  override readonly name = 'ReviewConflict';
  constructor(
    readonly item: QueueItem,
    readonly current: Submission | null,
    cause: unknown,
  ) {
    super(`${item.submission.creator_username}'s submission was already reviewed`, { cause });
  }
}

/** The submission as the service has it now. */
export function fetchSubmission(item: QueueItem): Promise<Submission> {
  return apiClient.get(
    `/campaigns/${item.campaignId}/submissions/${item.submission.id}`,
    Submission,
  );
}

/**
 * Sends a decision: `POST .../approve` or `.../reject` with optional feedback. `keepalive` lets
 * it survive the page closing (decisions flushed on `pagehide`). A 409 `already_reviewed` becomes
 * a `ReviewConflict` carrying the submission's current state.
 */
export async function sendDecision(
  item: QueueItem,
  decision: Decision,
  options: { keepalive?: boolean } = {},
): Promise<Submission> {
  const base = `/campaigns/${item.campaignId}/submissions/${item.submission.id}`;
  const keepalive = options.keepalive ?? false;
  try {
    if (decision.kind === 'approve') {
      return await apiClient.post(`${base}/approve`, Submission, { keepalive });
    }
    return await apiClient.post(`${base}/reject`, Submission, {
      body: decision.feedback ? { feedback: decision.feedback } : {},
      keepalive,
    });
  } catch (error) {
    if (isApiError(error) && error.code === 'already_reviewed') {
      const current = await fetchSubmission(item).catch(() => null);
      throw new ReviewConflict(item, current, error);
    }
    throw error;
  }
}
