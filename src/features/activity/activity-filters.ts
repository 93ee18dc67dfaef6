import type { AuditEventQuery } from '#contract/people';
import { daysReversed } from '#lib/list-filters';

/**
 * The Activity screen's filters as the URL holds them: `campaign`, `who` (an actor id), `action`
 * (an action such as `submission.approved`, or a kind of target such as `submission.*`) and the
 * calendar days `from` and `to` (`to` included); `target`, one resource's id (a submission's
 * History links here with it).
 */
export type ActivityFilters = {
  campaign: string | null;
  target: string | null;
  who: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
};

export const NO_FILTERS: ActivityFilters = {
  campaign: null,
  target: null,
  who: null,
  action: null,
  from: null,
  to: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : null);
const text = (value: string | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
};

export function readActivityFilters(search: URLSearchParams): ActivityFilters {
  return {
    campaign: text(search.get('campaign'), 64),
    target: text(search.get('target'), 256),
    who: text(search.get('who'), 320),
    action: text(search.get('action'), 128),
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** Writes the filters into the search string (keeping other parameters), defaults left out. */
export function writeActivityFilters(
  search: URLSearchParams,
  filters: ActivityFilters,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(filters)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The Activity screen's URL with these filters (for "Show all" links). */
export function activitySearch(filters: Partial<ActivityFilters>): string {
  const query = writeActivityFilters(new URLSearchParams(), { ...NO_FILTERS, ...filters });
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}

/** Midnight at the start of a calendar day in the viewer's time zone, as an ISO date-time. */
function localMidnight(value: string, addDays = 0): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + addDays).toISOString();
}

export type AuditFilterQuery = Omit<AuditEventQuery, 'limit' | 'starting_after'>;

/** What the service is asked: `occurred_before` is the midnight after the last day. */
export function activityQuery(filters: ActivityFilters): AuditFilterQuery {
  const kind = filters.action?.endsWith('.*') ? filters.action.slice(0, -2) : null;
  // Days the wrong way round: neither is applied.
  const dates = daysReversed(filters) ? { from: null, to: null } : filters;
  return {
    ...(filters.campaign ? { campaign_id: filters.campaign } : {}),
    ...(filters.target ? { target_id: filters.target } : {}),
    ...(filters.who ? { actor_id: filters.who } : {}),
    ...(kind ? { target_type: kind } : filters.action ? { action: filters.action } : {}),
    ...(dates.from ? { occurred_after: localMidnight(dates.from) } : {}),
    ...(dates.to ? { occurred_before: localMidnight(dates.to, 1) } : {}),
  };
}
