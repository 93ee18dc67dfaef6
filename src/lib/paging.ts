import { useEffect } from 'react';

/** One page of a list, as every list of the interface answers. */
export type CursorPage<T> = { data: T[]; has_more: boolean; next_cursor: string | null };

/** The page after `last`, or null when it was the last one. */
export function nextCursor(last: Omit<CursorPage<unknown>, 'data'>): string | null {
  return last.has_more ? last.next_cursor : null;
}

/**
 * The paging half of every infinite query of a list: the first page has no cursor, each next
 * one follows `next_cursor` while `has_more`. Spread into `infiniteQueryOptions`.
 */
export const infinitePageOptions = {
  initialPageParam: null as string | null,
  getNextPageParam: nextCursor,
};

/** Each page of a list in turn, one request at a time, following `next_cursor` to the end. */
export async function* eachPage<T>(
  fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
): AsyncGenerator<CursorPage<T>> {
  let cursor: string | null = null;
  for (;;) {
    const page: CursorPage<T> = await fetchPage(cursor);
    yield page;
    cursor = nextCursor(page);
    if (cursor === null) return;
  }
}

/** Every row of a list, for lists known to be short (a campaign's queue, a brand's groups). */
export async function fetchAllPages<T>(
  fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of eachPage(fetchPage)) rows.push(...page.data);
  return rows;
}

type PagedQuery = {
  data?: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
};

/**
 * Keeps asking an infinite query for its next page (one at a time, each after the previous
 * arrived) until there is none, while `enabled`: a picker then offers every row, not only the
 * first page. React Query does the fetching; a failed page stops the loop (the query's error
 * says so).
 */
export function useEveryPage(query: PagedQuery, enabled = true): void {
  const { data, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const canLoadMore = enabled && hasNextPage && !isFetching && !isFetchNextPageError;
  // The page count is a dependency too: a fast answer can arrive before a render ever sees
  // `isFetching`, and `canLoadMore` alone would then never change.
  const pages = data?.pages.length ?? 0;
  useEffect(() => {
    // Without cancelRefetch: false, a second call would restart the page already on its way.
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, pages, fetchNextPage]);
}
