import { Platform } from '#contract/enums';
import type { Task } from '#contract/tasks';
import type { QueueItem } from './api/review';

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

/** The search string of the filters, defaults left out. */
export function writeQueueFilters(filters: QueueFilters): URLSearchParams {
  const search = new URLSearchParams();
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
