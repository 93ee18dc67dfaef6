import { Platform } from '#contract/enums';
import type { Task } from '#contract/tasks';
import type { QueueItem } from './api/review';

/**
 * The views of the review screen (the URL's `view`): `waiting` (the queue: for an agency what
 * waits for the agency, for the brand everything in review), `signoff` (the brand's: what its
 * agency approved, waiting for the brand's sign-off) and `failed` (submissions inspection failed,
 * with the reason; nothing to decide).
 */
export type ReviewView = 'waiting' | 'signoff' | 'failed';

/** Who reviews: an agency's key or the brand's own. */
export type ReviewSide = 'agency' | 'brand';

/** The view the URL asks for, when the side has it; else the queue. */
export function readReviewView(search: URLSearchParams, side: ReviewSide): ReviewView {
  const view = search.get('view');
  if (view === 'failed') return 'failed';
  if (view === 'signoff' && side === 'brand') return 'signoff';
  return 'waiting';
}

/**
 * Whether a submission in review belongs to a queue view: the agency's queue leaves out what waits
 * for the brand's sign-off (only the brand acts on it); the brand's sign-off is what waits for it.
 */
export function inQueueView(item: QueueItem, side: ReviewSide, view: 'waiting' | 'signoff') {
  const awaiting = item.submission.awaiting;
  if (view === 'signoff') return side === 'brand' && awaiting === 'brand';
  return side === 'brand' || awaiting !== 'brand';
}

/** The queue's filters; the URL holds them (`campaign`, `task`, `platform`, `round`). */
export type QueueFilters = {
  campaign: string | null;
  task: string | null;
  platform: Platform | null;
  round: 'first' | 'revision' | null;
};

export const NO_FILTERS: QueueFilters = { campaign: null, task: null, platform: null, round: null };

export function readQueueFilters(search: URLSearchParams): QueueFilters {
  const round = search.get('round');
  return {
    campaign: search.get('campaign') || null,
    task: search.get('task') || null,
    platform: Platform.safeParse(search.get('platform')).data ?? null,
    round: round === 'first' || round === 'revision' ? round : null,
  };
}

/** The search string of the view and the filters, defaults left out. */
export function writeQueueFilters(
  filters: QueueFilters,
  view: ReviewView = 'waiting',
): URLSearchParams {
  const search = new URLSearchParams();
  if (view !== 'waiting') search.set('view', view);
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
  return search;
}

/** How many filters narrow the queue (shown on the folded filter bar). */
export function activeFilterCount(filters: QueueFilters): number {
  return Object.values(filters).filter(Boolean).length;
}

/** Whether an item passes the filters; the platform of a submission is its task's platforms. */
export function matchesFilters(
  item: QueueItem,
  filters: QueueFilters,
  tasks: ReadonlyMap<string, Task>,
): boolean {
  const s = item.submission;
  if (filters.campaign && item.campaignId !== filters.campaign) return false;
  if (filters.task && s.task_id !== filters.task) return false;
  if (filters.round === 'first' && s.revision_count !== 0) return false;
  if (filters.round === 'revision' && s.revision_count === 0) return false;
  if (filters.platform) {
    const task = tasks.get(s.task_id);
    // Until the task is known the item stays listed rather than flickering in and out.
    if (task && !task.platforms.includes(filters.platform)) return false;
  }
  return true;
}
