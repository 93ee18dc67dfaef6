import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { LiveEvent } from '#contract/events';
import { CampaignPage } from '#contract/campaigns';
import {
  QueueCounts,
  QueuedSubmissionPage,
  Submission,
  SubmissionRevisionPage,
  type ReviewNoteInput,
  type SubmissionRevision,
  type QueueAwaiting,
  type QueuedSubmission,
} from '#contract/submissions';
import { api, isApiError } from '#lib/api-client';
import { campaignDetailOptions } from '#lib/campaign-cache';
import { keyStartsWith, type LiveInvalidation } from '#lib/live-invalidation';
import { infinitePageOptions } from '#lib/paging';
import { brandQueryKey } from '#lib/query-client';

// The review queue reads the brand's queue in pages from GET /submissions and its counts from
// GET /submissions/counts (docs/api.md#review-queue; docs/decisions/0115): opening it costs the
// same requests with 3 campaigns or 300, and a live event updates the items it names instead of
// refetching lists.

/**
 * What one list of the queue holds: submissions in one status, of whose turn (`awaiting`, null:
 * any), narrowed to a campaign and a task. A key segment, so each list is cached apart.
 */
export type QueueScope = {
  status: 'in_review' | 'failed';
  awaiting: readonly QueueAwaiting[] | null;
  campaign: string | null;
  task: string | null;
};

/**
 * Query keys of the review queue, general to specific. Every key starts with the brand, so a
 * brand's lists and counts are found together.
 */
export const reviewKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'review'] as const,
  /** The counts of the brand's queue, under a campaign/task narrowing (null: all). */
  counts: (brandId: string, campaign: string | null = null, task: string | null = null) =>
    [...reviewKeys.all(brandId), 'counts', campaign, task] as const,
  /** Every list of the queue (the pages read so far). */
  lists: (brandId: string) => [...reviewKeys.all(brandId), 'list'] as const,
  list: (brandId: string, scope: QueueScope) => [...reviewKeys.lists(brandId), scope] as const,
  /** The campaigns the campaign filter offers. */
  campaigns: (brandId: string) => [...reviewKeys.all(brandId), 'campaigns'] as const,
  /** The versions of a submission as of its revision `round` (earlier versions never change). */
  revisions: (brandId: string, submissionId: string, round: number) =>
    [...reviewKeys.all(brandId), 'revisions', submissionId, round] as const,
  /** The mutation key of the brand's review decisions (their state outlives the screen). */
  decisions: (brandId: string) => [...reviewKeys.all(brandId), 'decisions'] as const,
};

/** Submissions a page of the queue reads. */
export const QUEUE_PAGE_SIZE = 50;

/**
 * Pages a list of the queue keeps: reading a fifth drops the first (a reviewer going forward never
 * returns that far; the counts still count it).
 */
export const QUEUE_MAX_PAGES = 4;

/** Items from the end of the pages read at which the next page is read ahead of the reviewer. */
export const PREFETCH_AHEAD = 15;

/** A submission in the queue, with the campaign it belongs to. */
export type QueueItem = { submission: Submission; campaignId: string; campaignName: string };

type QueueData = InfiniteData<QueuedSubmissionPage, string | null>;

const itemOf = (row: QueuedSubmission): QueueItem => ({
  submission: row,
  campaignId: row.campaign_id,
  campaignName: row.campaign_name,
});

/**
 * Live events the queue's queries refetch for: the counts for any submission change (one
 * request a burst), a submission's own page for a change of it. The lists never refetch for an event: `applyQueueEvents` updates the items it
 * names. The campaign filter's list, when a campaign changes.
 */
export const reviewLiveInvalidation: LiveInvalidation = {
  keys: reviewKeys.all,
  concerns: (event, key, brandId) => {
    if (keyStartsWith(key, reviewKeys.campaigns(brandId))) return event.type === 'campaign.updated';
    if (keyStartsWith(key, [...reviewKeys.all(brandId), 'counts']))
      return event.type.startsWith('submission.');
    // One submission's page (api/submission.ts): that submission and its versions.
    if (keyStartsWith(key, [...reviewKeys.all(brandId), 'submission']))
      return (
        event.type.startsWith('submission.') && key[reviewKeys.all(brandId).length + 1] === event.id
      );
    return false;
  },
  apply: (queryClient, events) => applyQueueEvents(queryClient, events),
};

/** The query of a list's filters, as GET /submissions and its counts take them. */
function scopeQuery(brandId: string, scope: QueueScope) {
  return {
    brand_id: brandId,
    status: [scope.status],
    ...(scope.awaiting ? { awaiting: [...scope.awaiting] } : {}),
    ...(scope.campaign ? { campaign_id: [scope.campaign] } : {}),
    ...(scope.task ? { task_id: scope.task } : {}),
  };
}

/** A list of the queue, oldest waiting first, read a page at a time (at most QUEUE_MAX_PAGES kept). */
export const queueListOptions = (brandId: string, scope: QueueScope) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(brandId, scope),
    queryFn: ({ pageParam, signal }): Promise<QueuedSubmissionPage> =>
      api.GET('/submissions', QueuedSubmissionPage, {
        params: {
          query: {
            ...scopeQuery(brandId, scope),
            limit: QUEUE_PAGE_SIZE,
            ...(pageParam ? { starting_after: pageParam } : {}),
          },
        },
        signal,
      }),
    ...infinitePageOptions,
    maxPages: QUEUE_MAX_PAGES,
    // Kept current by live events (applyQueueEvents), not by refetching pages.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What waits in the brand's queue (narrowed to a campaign and task, or all of it). */
export const queueCountsOptions = (
  brandId: string,
  campaign: string | null = null,
  task: string | null = null,
) =>
  queryOptions({
    queryKey: reviewKeys.counts(brandId, campaign, task),
    queryFn: ({ signal }) =>
      api.GET('/submissions/counts', QueueCounts, {
        params: {
          query: {
            brand_id: brandId,
            ...(campaign ? { campaign_id: [campaign] } : {}),
            ...(task ? { task_id: task } : {}),
          },
        },
        signal,
      }),
  });

/** The counts of the brand's whole queue (the navigation's badge and the views' totals). */
export function useQueueCounts(
  brandId: string,
  campaign: string | null = null,
  task: string | null = null,
) {
  return useQuery(queueCountsOptions(brandId, campaign, task));
}

/**
 * The campaigns the queue's campaign filter offers: the newest 100 active or paused ones (one
 * request; a brand with more narrows by the campaigns that have something waiting).
 */
export const reviewCampaignsOptions = (brandId: string) =>
  queryOptions({
    queryKey: reviewKeys.campaigns(brandId),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/campaigns', CampaignPage, {
          params: { query: { brand_id: brandId, status: ['active', 'paused'], limit: 100 } },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });

/** One campaign with its tasks (the requirements shown beside a submission). */
export const reviewCampaignOptions = (brandId: string, campaignId: string) =>
  queryOptions({ ...campaignDetailOptions(brandId, campaignId), staleTime: 5 * 60_000 });

/**
 * One list of the queue: the items of the pages read so far (oldest waiting first, as the
 * service orders them), whether more follow, and `readAhead` to call as the reviewer moves, which
 * reads the next page once they are within PREFETCH_AHEAD items of the end. `skipped` counts the
 * items of pages dropped behind the reviewer (for "Submission 120 of 30,000").
 */
export function useQueueList(brandId: string, scope: QueueScope, enabled = true) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...queueListOptions(brandId, scope), enabled });
  const items = query.data?.pages.flatMap((page) => page.data.map(itemOf)) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  return {
    items,
    isPending: enabled && query.isPending,
    error: query.error,
    hasMore: hasNextPage,
    isLoadingMore: isFetchingNextPage,
    skipped: skippedOf(queryClient, reviewKeys.list(brandId, scope)),
    readAhead: (index: number) => {
      if (!hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
      if (index < items.length - PREFETCH_AHEAD) return;
      const data = query.data;
      // The first page leaves the window: what of it still waits is counted as skipped.
      if (data && data.pages.length >= QUEUE_MAX_PAGES) {
        addSkipped(reviewKeys.list(brandId, scope), data.pages[0]!.data.length);
      }
      void fetchNextPage();
    },
    loadMore: () => void fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

// Items of dropped pages, per list key (a module map: the count belongs to the cached pages, and
// goes with them when the query is reset).
const skipped = new Map<string, number>();
const skippedOf = (client: QueryClient, key: readonly unknown[]) => {
  const hash = JSON.stringify(key);
  // A list read afresh (no cached pages) starts at its oldest item again.
  if (!client.getQueryData(key)) skipped.delete(hash);
  return skipped.get(hash) ?? 0;
};
const addSkipped = (key: readonly unknown[], n: number) => {
  const hash = JSON.stringify(key);
  skipped.set(hash, (skipped.get(hash) ?? 0) + n);
};

/** Whether a submission belongs in a list of `scope` (as the service would filter it). */
export function inScope(s: Submission, campaignId: string, scope: QueueScope): boolean {
  if (s.status !== scope.status) return false;
  if (scope.campaign && campaignId !== scope.campaign) return false;
  if (scope.task && s.task_id !== scope.task) return false;
  if (scope.awaiting && !scope.awaiting.includes(s.awaiting ?? 'none')) return false;
  return true;
}

const waitingSince = (s: Submission) => s.submitted_at ?? s.created_at;

/** Oldest waiting first, ties by id: the service's order of the queue. */
export function compareSubmissions(a: Submission, b: Submission): number {
  const at = waitingSince(a);
  const bt = waitingSince(b);
  if (at !== bt) return at < bt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Puts `row` where it belongs in every cached list of its brand: replaced where it is listed,
 * taken out of lists it no longer fits, and added to lists it now fits when it sorts within the
 * pages read (or they reach the end). A later revision replaces an earlier one, never the reverse.
 */
export function placeInLists(
  queryClient: QueryClient,
  brandId: string,
  row: QueuedSubmission,
): void {
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: reviewKeys.lists(brandId) })) {
    const scope = query.queryKey[query.queryKey.length - 1] as QueueScope;
    queryClient.setQueryData<QueueData>(query.queryKey, (data) =>
      data ? placed(data, row, inScope(row, row.campaign_id, scope)) : data,
    );
  }
}

function placed(data: QueueData, row: QueuedSubmission, fits: boolean): QueueData {
  const listed = data.pages.some((page) => page.data.some((s) => s.id === row.id));
  if (listed) {
    const older = data.pages.some((page) =>
      page.data.some((s) => s.id === row.id && s.revision_count > row.revision_count),
    );
    if (older) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: fits
          ? page.data.map((s) => (s.id === row.id ? row : s))
          : page.data.filter((s) => s.id !== row.id),
      })),
    };
  }
  if (!fits || data.pages.length === 0) return data;
  const last = data.pages[data.pages.length - 1]!;
  const lastRow = last.data[last.data.length - 1];
  const first = data.pages[0]!.data[0];
  // Outside the pages read: a later page (or a dropped one) holds its place.
  if (last.has_more && (!lastRow || compareSubmissions(row, lastRow) > 0)) return data;
  if (first && compareSubmissions(row, first) < 0 && data.pageParams[0] !== null) return data;
  // Into the page whose range holds it (the last one when it sorts after every row).
  const index = data.pages.findIndex((page) => {
    const end = page.data[page.data.length - 1];
    return end !== undefined && compareSubmissions(row, end) < 0;
  });
  const at = index === -1 ? data.pages.length - 1 : index;
  return {
    ...data,
    pages: data.pages.map((page, i) =>
      i === at ? { ...page, data: [...page.data, row].sort(compareSubmissions) } : page,
    ),
  };
}

/** A submission of the queue read by id, with its campaign's name (from a listed item or the campaign). */
async function readQueued(
  queryClient: QueryClient,
  brandId: string,
  campaignId: string,
  submissionId: string,
): Promise<QueuedSubmission | null> {
  try {
    const submission = await api.GET(
      '/campaigns/{campaign_id}/submissions/{submission_id}',
      Submission,
      { params: { path: { campaign_id: campaignId, submission_id: submissionId } } },
    );
    const name =
      listedCampaignName(queryClient, brandId, campaignId) ??
      (await queryClient.fetchQuery(reviewCampaignOptions(brandId, campaignId))).name;
    return { ...submission, campaign_id: campaignId, campaign_name: name, brand_id: brandId };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

function listedCampaignName(queryClient: QueryClient, brandId: string, campaignId: string) {
  for (const [, data] of queryClient.getQueriesData<QueueData>({
    queryKey: reviewKeys.lists(brandId),
  })) {
    for (const page of data?.pages ?? [])
      for (const s of page.data) if (s.campaign_id === campaignId) return s.campaign_name;
  }
  return null;
}

/** More submissions than this in one burst and a list is read again instead (a few pages). */
const READS_PER_BURST = 3;

/**
 * A burst of live events on the queue's lists: each submission named is read once and placed in
 * every list (`placeInLists`), at most READS_PER_BURST of them; a larger burst reads the lists on
 * screen again instead (their few pages). Lists no screen shows are dropped, read afresh when
 * shown. The counts refetch on their own (`reviewLiveInvalidation`).
 */
export function applyQueueEvents(queryClient: QueryClient, events: readonly LiveEvent[]): void {
  const byBrand = new Map<string, Map<string, string>>();
  for (const event of events) {
    if (!event.type.startsWith('submission.') || event.campaign_id === null) continue;
    const named = byBrand.get(event.brand_id) ?? new Map<string, string>();
    named.set(event.id, event.campaign_id);
    byBrand.set(event.brand_id, named);
  }
  for (const [brandId, named] of byBrand) {
    const lists = queryClient.getQueryCache().findAll({ queryKey: reviewKeys.lists(brandId) });
    if (lists.length === 0) continue;
    for (const query of lists) {
      if (query.getObserversCount() === 0)
        queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    }
    if (named.size > READS_PER_BURST) {
      void queryClient.refetchQueries({ queryKey: reviewKeys.lists(brandId), type: 'active' });
      continue;
    }
    for (const [submissionId, campaignId] of named) {
      void readQueued(queryClient, brandId, campaignId, submissionId)
        .then((row) => {
          if (row) placeInLists(queryClient, brandId, row);
          else removeFromLists(queryClient, brandId, submissionId);
        })
        // A failed read leaves the lists as they were; the next event or a reload corrects them.
        .catch(() => undefined);
    }
  }
}

function removeFromLists(queryClient: QueryClient, brandId: string, submissionId: string) {
  queryClient.setQueriesData<QueueData>({ queryKey: reviewKeys.lists(brandId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.filter((s) => s.id !== submissionId),
          })),
        }
      : data,
  );
}

/**
 * A reviewer's decision. "Request changes" is the interface's `reject`: the creator gets the
 * feedback and can send a revision.
 */
export type Decision =
  { kind: 'approve' } | { kind: 'request_changes'; feedback?: string; notes?: ReviewNoteInput[] };

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

/**
 * The version a revision answers: the one before it, with what was decided about it (feedback,
 * notes), from `GET .../revisions` (newest first: the first page of 2 holds it). Read for a
 * revision only; an earlier version never changes, so it is read once.
 */
export function previousVersionOptions(brandId: string, item: QueueItem | undefined) {
  const round = item?.submission.revision_count ?? 0;
  const path = item ? { campaign_id: item.campaignId, submission_id: item.submission.id } : null;
  return queryOptions({
    queryKey: reviewKeys.revisions(brandId, item?.submission.id ?? '', round),
    queryFn:
      path && round > 0
        ? async ({ signal }): Promise<SubmissionRevision | null> => {
            const page = await api.GET(
              '/campaigns/{campaign_id}/submissions/{submission_id}/revisions',
              SubmissionRevisionPage,
              { params: { path, query: { limit: 2 } }, signal },
            );
            return page.data.find((version) => version.revision === round - 1) ?? null;
          }
        : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The submission as the service has it now. */
export function fetchSubmission(item: QueueItem): Promise<Submission> {
  return api.GET('/campaigns/{campaign_id}/submissions/{submission_id}', Submission, {
    params: { path: { campaign_id: item.campaignId, submission_id: item.submission.id } },
  });
}

/** The buckets of the counts a submission is in (status, and whose turn in review). */
function bucketsOf(
  s: Submission,
): (keyof QueueCounts & ('in_review' | 'failed' | 'awaiting_agency' | 'awaiting_brand'))[] {
  if (s.status === 'failed') return ['failed'];
  if (s.status !== 'in_review') return [];
  if (s.awaiting === 'agency') return ['in_review', 'awaiting_agency'];
  if (s.awaiting === 'brand') return ['in_review', 'awaiting_brand'];
  return ['in_review'];
}

/**
 * Moves a submission between the buckets of every cached count it is in (from `before` to
 * `after`), so the counts agree with the lists as soon as a decision is answered; the refetch its
 * live event causes then confirms them.
 */
function recount(
  queryClient: QueryClient,
  brandId: string,
  campaignId: string,
  before: Submission,
  after: Submission,
  sentAt: number,
): void {
  const prefix = [...reviewKeys.all(brandId), 'counts'];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    const [campaign, task] = query.queryKey.slice(prefix.length) as [string | null, string | null];
    if ((campaign && campaign !== campaignId) || (task && task !== before.task_id)) continue;
    // Counts read after the decision went out may include it already.
    if (query.state.dataUpdatedAt >= sentAt) continue;
    queryClient.setQueryData<QueueCounts>(query.queryKey, (counts) => {
      if (!counts) return counts;
      const next = { ...counts };
      for (const bucket of bucketsOf(before)) next[bucket] = Math.max(0, next[bucket] - 1);
      for (const bucket of bucketsOf(after)) next[bucket] += 1;
      const shift = (s: Submission, by: number) => ({
        in_review: s.status === 'in_review' ? by : 0,
        failed: s.status === 'failed' ? by : 0,
      });
      const out = shift(before, -1);
      const into = shift(after, 1);
      next.by_campaign = counts.by_campaign.map((row) =>
        row.campaign_id === campaignId
          ? {
              ...row,
              in_review: Math.max(0, row.in_review + out.in_review + into.in_review),
              failed: Math.max(0, row.failed + out.failed + into.failed),
            }
          : row,
      );
      return next;
    });
  }
}

/**
 * The submission a decision answered (or a conflict read): placed in the brand's lists, and, for
 * the answer to a decision sent at `sentAt`, moved in the counts read before it.
 */
export function settleInLists(
  queryClient: QueryClient,
  brandId: string,
  item: QueueItem,
  submission: Submission,
  sentAt?: number,
): void {
  if (sentAt !== undefined)
    recount(queryClient, brandId, item.campaignId, item.submission, submission, sentAt);
  placeInLists(queryClient, brandId, {
    ...submission,
    campaign_id: item.campaignId,
    campaign_name: item.campaignName,
    brand_id: brandId,
  });
}

/**
 * Sends a decision: `POST .../approve` or `.../reject` with optional feedback, under the
 * decision's `Idempotency-Key`, so a retry after a lost answer gets the original answer instead
 * of "already reviewed" (docs/decisions/0102). `keepalive` lets it survive the page closing
 * (decisions flushed on `pagehide`). A 409 `already_reviewed` becomes a `ReviewConflict`
 * carrying the submission's current state.
 */
export async function sendDecision(
  item: QueueItem,
  decision: Decision,
  options: { keepalive?: boolean; idempotencyKey?: string } = {},
): Promise<Submission> {
  const path = { campaign_id: item.campaignId, submission_id: item.submission.id };
  const keepalive = options.keepalive ?? false;
  const idempotency = options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {};
  try {
    if (decision.kind === 'approve') {
      return await api.POST(
        '/campaigns/{campaign_id}/submissions/{submission_id}/approve',
        Submission,
        { params: { path }, keepalive, ...idempotency },
      );
    }
    return await api.POST(
      '/campaigns/{campaign_id}/submissions/{submission_id}/reject',
      Submission,
      {
        params: { path },
        body: {
          ...(decision.feedback ? { feedback: decision.feedback } : {}),
          ...(decision.notes?.length ? { notes: decision.notes } : {}),
        },
        keepalive,
        ...idempotency,
      },
    );
  } catch (error) {
    if (isApiError(error) && error.code === 'already_reviewed') {
      const current = await fetchSubmission(item).catch(() => null);
      throw new ReviewConflict(item, current, error);
    }
    throw error;
  }
}
