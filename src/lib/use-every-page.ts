import { useEffect } from 'react';

type PagedQuery = {
  data?: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
};

/**
 * Keeps asking an infinite query for its next page (one at a time, each after the previous
 * arrived) until there is none, so a picker offers every row, not only the first page. React
 * Query does the fetching; a failed page stops the loop (the query's error says so).
 */
export function useEveryPage(query: PagedQuery): void {
  const { data, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const canLoadMore = hasNextPage && !isFetching && !isFetchNextPageError;
  // The page count is a dependency too: a fast answer can arrive before a render ever sees
  // `isFetching`, and `canLoadMore` alone would then never change.
  const pages = data?.pages.length ?? 0;
  useEffect(() => {
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, pages, fetchNextPage]);
}
