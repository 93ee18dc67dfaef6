import type { Side } from '#contract/me';
import type { QueueCounts } from '#contract/submissions';
import type { QueueScope } from './api/review';

/**
 * The views of the review screen (the URL's `view`): `waiting` (the queue: what waits for the
 * side looking at it), `signoff` (the brand's: what its agency approved, waiting for the brand's
 * sign-off, a part of the brand's queue), `agency` (the brand's: what still waits for its
 * agency's review; the brand may decide it first, after a confirmation) and `failed` (submissions
 * inspection failed, with the reason; nothing to decide). docs/decisions/0163.
 */
export type ReviewView = 'waiting' | 'signoff' | 'agency' | 'failed';

/** The view the URL asks for, when the side has it; else the queue. */
export function readReviewView(search: URLSearchParams, side: Side): ReviewView {
  const view = search.get('view');
  if (view === 'failed') return 'failed';
  if ((view === 'signoff' || view === 'agency') && side === 'brand') return view;
  return 'waiting';
}

/**
 * The list a view reads: each side's queue is what waits for it (the agency's: its review and
 * campaigns without a sign-off step; the brand's: its sign-off and those same campaigns), never
 * what waits for the other side; the brand's sign-off is what waits for its sign-off; the brand's
 * "with the agency", what waits for the agency's review; the failed view, what inspection failed.
 * Each under the campaign and task filters.
 */
export function scopeOf(view: ReviewView, side: Side, filters: QueueFilters): QueueScope {
  const narrowing = { campaign: filters.campaign, task: filters.task };
  if (view === 'failed') return { status: 'failed', awaiting: null, ...narrowing };
  if (view === 'signoff') return { status: 'in_review', awaiting: ['brand'], ...narrowing };
  if (view === 'agency') return { status: 'in_review', awaiting: ['agency'], ...narrowing };
  return {
    status: 'in_review',
    awaiting: side === 'agency' ? ['agency', 'none'] : ['brand', 'none'],
    ...narrowing,
  };
}

/** How many a view lists, from the queue's counts (see `scopeOf`). */
export function countOf(view: ReviewView, side: Side, counts: QueueCounts): number {
  if (view === 'failed') return counts.failed;
  if (view === 'signoff') return counts.awaiting_brand;
  if (view === 'agency') return counts.awaiting_agency;
  return counts.in_review - (side === 'agency' ? counts.awaiting_brand : counts.awaiting_agency);
}

/**
 * The queue's filters; the URL holds them (`campaign`, `task`). Only filters the service applies
 * (GET /submissions), so every page and count is the service's (docs/decisions/0115).
 */
export type QueueFilters = {
  campaign: string | null;
  task: string | null;
};

export const NO_FILTERS: QueueFilters = { campaign: null, task: null };

export function readQueueFilters(search: URLSearchParams): QueueFilters {
  return {
    campaign: search.get('campaign') || null,
    task: search.get('task') || null,
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
