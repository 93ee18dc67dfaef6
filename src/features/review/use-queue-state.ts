import { useQueries } from '@tanstack/react-query';
import type { Task } from '#contract/tasks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  decisionKey,
  reviewCampaignOptions,
  useFailedSubmissions,
  useReviewQueue,
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
  inQueueView,
  matchesFilters,
  readQueueFilters,
  readReviewView,
  writeQueueFilters,
  type QueueFilters,
  type ReviewSide,
  type ReviewView,
} from './queue-filters';
import { useDecisions } from './use-decisions';

/**
 * Everything the review screen shows and does, apart from how it looks: the queue (merged across
 * campaigns), the filters in the URL, the decisions, and which item is on screen (the cursor of
 * `queue-cursor.ts`), in the view the URL names (`queue-filters.ts` ReviewView): the brand's
 * sign-off is the same queue narrowed to what waits for the brand, worked the same way; the
 * failed view lists what inspection failed, under the same filters.
 */
export function useQueueState(brandId: string, canDecide: boolean, side: ReviewSide = 'brand') {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readQueueFilters(searchParams);
  const view = readReviewView(searchParams, side);
  const queue = useReviewQueue(brandId);
  const failed = useFailedSubmissions(brandId, queue.campaigns);
  const tasksOf = useQueries({
    queries: queue.campaigns.map((c) => reviewCampaignOptions(brandId, c.id)),
  });
  const tasks = new Map<string, Task>();
  for (const q of tasksOf) for (const task of q.data?.tasks ?? []) tasks.set(task.id, task);
  const campaignTasks = filters.campaign
    ? (tasksOf[queue.campaigns.findIndex((c) => c.id === filters.campaign)]?.data?.tasks ?? [])
    : [...tasks.values()];

  const decisions = useDecisions(brandId);
  // What is still waiting (decisions made here are out until the service says otherwise) and
  // matches the filters; each view and its count come from it.
  const waiting = queue.items.filter((item) => !decisions.hidden.has(decisionKey(item)));
  const open = waiting.filter((item) => matchesFilters(item, filters, tasks));
  const inView = (v: 'waiting' | 'signoff') => open.filter((item) => inQueueView(item, side, v));
  const failedVisible = failed.items.filter((item) => matchesFilters(item, filters, tasks));
  const visible = view === 'failed' ? [] : inView(view);
  const total =
    view === 'failed'
      ? failed.items.length
      : waiting.filter((item) => inQueueView(item, side, view)).length;
  const ids = visible.map((item) => item.submission.id);

  const [cursor, setCursor] = useState(QUEUE_START);
  // Another view starts from its oldest item.
  const [shownView, setShownView] = useState(view);
  const viewChanged = shownView !== view;
  if (viewChanged) setShownView(view);
  // Pin the cursor to what is on screen (React's "adjust state while rendering"): once the item
  // it named is gone, its successor stays on screen whatever else arrives or leaves.
  const settled = settle(viewChanged ? QUEUE_START : cursor, ids);
  if (settled !== cursor) setCursor(settled);
  const { index } = locate(settled, ids);
  const current = index === -1 ? undefined : visible[index];

  const [changing, setChanging] = useState<QueueItem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  // A submission still being inspected cannot be decided (its checks are not in yet).
  const decidable = current !== undefined && canDecide && current.submission.checks !== null;

  const approve = (): boolean => {
    if (!current || !decidable) return false;
    // The next item takes this one's place at once; the decision goes out after the undo window.
    setCursor(afterDecision(settled, ids, current.submission.id));
    decisions.decide(current, { kind: 'approve' });
    return true;
  };

  const sendRequestChanges = (feedback: string) => {
    if (!changing) return;
    setCursor(afterDecision(settled, ids, changing.submission.id));
    decisions.decide(
      changing,
      feedback ? { kind: 'request_changes', feedback } : { kind: 'request_changes' },
    );
    setChanging(null);
  };

  return {
    queue,
    view,
    setView: (next: ReviewView) => setSearchParams(writeQueueFilters(filters, next)),
    /** How many each view lists under the filters, and in all (`total`). */
    counts: {
      waiting: inView('waiting').length,
      signoff: inView('signoff').length,
      failed: failedVisible.length,
      /** In the view shown, without the filters. */
      total,
    },
    /** Whether the brand has a sign-off step: a campaign asks for it, or something waits for it. */
    hasSignOff:
      side === 'brand' &&
      (queue.campaigns.some((c) => c.settings.brand_approval_required) ||
        queue.items.some((item) => item.submission.awaiting === 'brand')),
    failed: { ...failed, visible: failedVisible },
    filters,
    setFilters: (changes: Partial<QueueFilters>) => {
      const next = { ...filters, ...changes };
      // A selection that leaves out the item on screen starts from its oldest item.
      if (current && !matchesFilters(current, next, tasks)) setCursor(QUEUE_START);
      setSearchParams(writeQueueFilters(next, view), { replace: true });
    },
    tasks,
    campaignTasks,
    visible,
    index,
    current,
    next: visible[index + 1],
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
      setChanging(current);
      return true;
    },
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
