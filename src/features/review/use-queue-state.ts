import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Side } from '#contract/me';
import type { ReviewNoteInput } from '#contract/submissions';
import type { Task } from '#contract/tasks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  decisionKey,
  queueCountsOptions,
  reviewCampaignOptions,
  reviewCampaignsOptions,
  useQueueCounts,
  useQueueList,
  type QueueItem,
} from './api/review';
import {
  QUEUE_START,
  afterDecision,
  afterUndo,
  jumpTo,
  locate,
  settle,
  step,
} from './queue-cursor';
import {
  countOf,
  readQueueFilters,
  readReviewView,
  scopeOf,
  writeQueueFilters,
  type QueueFilters,
  type ReviewView,
} from './queue-filters';
import { useDecisions } from './use-decisions';

/**
 * Everything the review screen shows and does, apart from how it looks: the list of the view the
 * URL names (read in pages from the service, `useQueueList`), its counts, the filters in the URL,
 * the decisions, and which item is on screen (the cursor of `queue-cursor.ts`). The brand's
 * sign-off and what waits for its agency are the queue narrowed to those, worked the same way
 * (a decision on what waits for the agency asks first); the failed view lists what inspection
 * failed, under the same filters.
 */
export function useQueueState(brandId: string, canDecide: boolean, side: Side = 'brand') {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readQueueFilters(searchParams);
  const view = readReviewView(searchParams, side);
  const list = useQueueList(brandId, scopeOf(view, side, filters));
  const allCounts = useQueueCounts(brandId);
  const narrowed = filters.campaign !== null || filters.task !== null;
  const narrowedCounts = useQuery({
    ...queueCountsOptions(brandId, filters.campaign, filters.task),
    enabled: narrowed,
  });
  const counts = narrowed ? narrowedCounts.data : allCounts.data;
  const campaigns = useQuery(reviewCampaignsOptions(brandId));

  const decisions = useDecisions(brandId);
  // Decisions made here are out of the list until the service says otherwise.
  const visible =
    view === 'failed'
      ? list.items
      : list.items.filter((item) => !decisions.hidden.has(decisionKey(item)));
  const decidedHere = list.items.length - visible.length;
  const ids = visible.map((item) => item.submission.id);

  const [cursor, setCursor] = useState(QUEUE_START);
  // Another view or another filter starts from its oldest item.
  const listKey = `${view}|${filters.campaign ?? ''}|${filters.task ?? ''}`;
  const [shownList, setShownList] = useState(listKey);
  const listChanged = shownList !== listKey;
  if (listChanged) setShownList(listKey);
  // Pin the cursor to what is on screen (React's "adjust state while rendering"): once the item
  // it named is gone, its successor stays on screen whatever else arrives or leaves.
  const settled = settle(listChanged ? QUEUE_START : cursor, ids);
  if (settled !== cursor) setCursor(settled);
  const { index } = locate(settled, ids);
  const current = index === -1 ? undefined : visible[index];
  const next = visible[index + 1];

  // Read the next page before the reviewer reaches the end of those read.
  const { readAhead } = list;
  useEffect(() => {
    if (view !== 'failed') readAhead(index);
  }, [readAhead, index, ids.length, view]);

  // The tasks of the campaign on screen and of the campaign filtered on (one request each, cached).
  const currentCampaign = useQuery({
    ...reviewCampaignOptions(brandId, current?.campaignId ?? ''),
    enabled: current !== undefined,
  });
  const filteredCampaign = useQuery({
    ...reviewCampaignOptions(brandId, filters.campaign ?? ''),
    enabled: filters.campaign !== null,
  });
  // The next item's campaign is read ahead, so its requirements show with it.
  const nextCampaignId = next?.campaignId;
  useEffect(() => {
    if (nextCampaignId)
      void queryClient.prefetchQuery(reviewCampaignOptions(brandId, nextCampaignId));
  }, [queryClient, brandId, nextCampaignId]);
  const tasks = new Map<string, Task>();
  for (const task of [
    ...(currentCampaign.data?.tasks ?? []),
    ...(filteredCampaign.data?.tasks ?? []),
  ])
    tasks.set(task.id, task);

  const [changing, setChanging] = useState<QueueItem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  // A submission still being inspected cannot be decided (its checks are not in yet).
  const decidable =
    current !== undefined && canDecide && view !== 'failed' && current.submission.checks !== null;

  // What still waits for the agency is decided only after the reviewer confirmed that this skips
  // the agency's review (docs/decisions/0163): the decision asked about, until answered.
  const asksFirst = view === 'agency';
  const [confirming, setConfirming] = useState<{
    item: QueueItem;
    kind: 'approve' | 'requestChanges';
  } | null>(null);

  const decideApprove = (item: QueueItem) => {
    // The next item takes this one's place at once; the decision goes out after the undo window.
    setCursor(afterDecision(settled, ids, item.submission.id));
    decisions.decide(item, { kind: 'approve' });
  };

  /** Approves the item on screen; false when nothing was decided (or it asks first). */
  const approve = (): boolean => {
    if (!current || !decidable) return false;
    if (asksFirst) {
      setConfirming({ item: current, kind: 'approve' });
      return false;
    }
    decideApprove(current);
    return true;
  };

  const sendRequestChanges = (feedback: string, notes: ReviewNoteInput[] = []) => {
    if (!changing) return;
    setCursor(afterDecision(settled, ids, changing.submission.id));
    decisions.decide(changing, {
      kind: 'request_changes',
      ...(feedback ? { feedback } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    });
    setChanging(null);
  };

  // How many each view lists (the service's counts, less what was decided here and not yet
  // confirmed), under the filters; `total` in the view shown without them.
  const viewCount = (v: ReviewView) =>
    counts ? Math.max(0, countOf(v, side, counts) - (v === view ? decidedHere : 0)) : 0;
  const total = allCounts.data ? Math.max(0, countOf(view, side, allCounts.data) - decidedHere) : 0;

  return {
    list,
    campaigns: campaigns.data ?? [],
    view,
    setView: (nextView: ReviewView) => setSearchParams(writeQueueFilters(filters, nextView)),
    /** Whether the counts are in (the views' tabs and the count line wait for them). */
    countsReady: counts !== undefined && allCounts.data !== undefined,
    counts: {
      waiting: viewCount('waiting'),
      signoff: viewCount('signoff'),
      agency: viewCount('agency'),
      failed: viewCount('failed'),
      total,
    },
    /**
     * Whether the brand has a sign-off step after an agency: a campaign asks for it, or something
     * waits for either side of it. The Sign-off and "With the agency" views are shown then.
     */
    hasSignOff:
      side === 'brand' &&
      ((campaigns.data ?? []).some((c) => c.settings.brand_approval_required) ||
        (allCounts.data?.awaiting_brand ?? 0) > 0 ||
        (allCounts.data?.awaiting_agency ?? 0) > 0),
    filters,
    setFilters: (changes: Partial<QueueFilters>) => {
      setSearchParams(writeQueueFilters({ ...filters, ...changes }, view), { replace: true });
    },
    tasks,
    campaignTasks: filteredCampaign.data?.tasks ?? [],
    visible,
    /** The position of the item on screen in the whole list (pages dropped behind included). */
    position: index === -1 ? 0 : list.skipped + index + 1,
    index,
    current,
    next,
    afterNext: visible[index + 2],
    decisions,
    move: (by: 1 | -1) => setCursor(step(settled, ids, by)),
    open: (id: string) => setCursor(jumpTo(settled, ids, id)),
    approve,
    /** The item whose feedback box is open. */
    changing,
    decidable,
    startRequestChanges: (): boolean => {
      if (!current || !decidable) return false;
      if (asksFirst) setConfirming({ item: current, kind: 'requestChanges' });
      else setChanging(current);
      return true;
    },
    /** The decision waiting for the reviewer's confirmation that it skips the agency's review. */
    confirming,
    /** Confirmed: an approval is made, a request for changes opens its feedback box. */
    confirm: (): 'approved' | 'requestChanges' | null => {
      if (!confirming) return null;
      setConfirming(null);
      if (confirming.kind === 'approve') {
        decideApprove(confirming.item);
        return 'approved';
      }
      setChanging(confirming.item);
      return 'requestChanges';
    },
    cancelConfirm: () => setConfirming(null),
    sendRequestChanges,
    cancelRequestChanges: () => setChanging(null),
    undo: () => {
      const item = decisions.undo();
      if (item) setCursor(afterUndo(settled, item.submission.id));
    },
    helpOpen,
    setHelpOpen,
  };
}

export type QueueState = ReturnType<typeof useQueueState>;
