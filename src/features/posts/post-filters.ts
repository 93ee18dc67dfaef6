import { Platform, PostStatus } from '#contract/enums';
import type { PostListQuery } from '#contract/posts';

/** The posts screen's filters as the URL holds them; days are calendar days, `to` included. */
export type PostFilters = {
  status: PostStatus | null;
  creator: string | null;
  task: string | null;
  platform: Platform | null;
  from: string | null;
  to: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : null);

export function readPostFilters(search: URLSearchParams): PostFilters {
  return {
    status: PostStatus.safeParse(search.get('status')).data ?? null,
    creator: search.get('creator')?.trim() || null,
    task: search.get('task') || null,
    platform: Platform.safeParse(search.get('platform')).data ?? null,
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** No filter set (what an address without filters reads as): every post of the campaign. */
export const NO_POST_FILTERS: PostFilters = readPostFilters(new URLSearchParams());

/** Writes the filters into the search string (keeping other parameters), defaults left out. */
export function writePostFilters(search: URLSearchParams, filters: PostFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(filters)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** Midnight at the start of a calendar day in the viewer's time zone, as an ISO date-time. */
function localMidnight(value: string, addDays = 0): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + addDays).toISOString();
}

/** What the service is asked: `posted_before` is the midnight after the last day. */
export function postQuery(filters: PostFilters): Omit<PostListQuery, 'limit' | 'starting_after'> {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.creator ? { creator_id: filters.creator } : {}),
    ...(filters.task ? { task_id: filters.task } : {}),
    ...(filters.platform ? { platform: filters.platform } : {}),
    ...(filters.from ? { posted_after: localMidnight(filters.from) } : {}),
    ...(filters.to ? { posted_before: localMidnight(filters.to, 1) } : {}),
  };
}
