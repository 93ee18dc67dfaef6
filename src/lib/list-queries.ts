import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { fetchAllPages, infinitePageOptions, type CursorPage } from '#lib/paging';

/** The cursor of a page request, spread into the list's `params.query`. */
export type PageCursor = { starting_after?: string };

/**
 * Every row of a list, 100 a page, following the cursor to the end: for lists known to be short
 * (a campaign's queue, a brand's code groups). `fetchPage` makes the typed call with `page` in
 * its query, e.g. `(page) => api.GET('/code-groups', CodeGroupPage, { params: { query: { ...page } } })`.
 */
export function fetchEveryRow<T>(
  fetchPage: (page: PageCursor & { limit: number }) => Promise<CursorPage<T>>,
): Promise<T[]> {
  return fetchAllPages((cursor) => fetchPage({ limit: 100, starting_after: cursor ?? undefined }));
}

/**
 * The infinite query of a list: the first page, then each next one after the previous one's
 * cursor. `fetchPage` makes the typed call with `page` in its query (and its own `limit`).
 */
export function listPagesOptions<K extends QueryKey, T>(
  queryKey: K,
  fetchPage: (page: PageCursor, signal: AbortSignal) => Promise<CursorPage<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ starting_after: pageParam ?? undefined }, signal),
    ...infinitePageOptions,
  });
}
