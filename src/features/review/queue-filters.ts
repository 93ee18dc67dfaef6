import { Platform } from '#contract/enums';

/** The queue's filters; the URL holds them (`campaign`, `task`, `platform`, `round`). */
export type QueueFilters = {
  campaign: string | null;
  task: string | null;
  platform: Platform | null;
  round: 'first' | 'revision' | null;
};

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
