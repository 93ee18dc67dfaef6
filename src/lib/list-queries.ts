import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type RequestOptions } from '#lib/api-client';
import { fetchAllPages, infinitePageOptions, type CursorPage } from '#lib/paging';

type ListQuery = NonNullable<RequestOptions['query']>;

/**
 * Every row of the list `GET path` with `query`, 100 a page, following the cursor to the end: for
 * lists known to be short (a campaign's queue, a brand's code groups).
 */
export function fetchEveryRow<T>(
  path: string,
  page: z.ZodType<CursorPage<T>>,
  { query, signal }: { query?: ListQuery; signal?: AbortSignal | undefined },
): Promise<T[]> {
  return fetchAllPages((cursor) =>
    apiClient.get(path, page, {
      signal,
      query: { ...query, limit: 100, starting_after: cursor },
    }),
  );
}

/**
 * The infinite query of the list `GET path` with `query` (its `limit` the rows a page): the first
 * page, then each next one after the previous one's cursor.
 */
export function listPagesOptions<K extends QueryKey, T>(
  queryKey: K,
  path: string,
  page: z.ZodType<CursorPage<T>>,
  query: ListQuery & { limit: number },
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(path, page, { signal, query: { ...query, starting_after: pageParam } }),
    ...infinitePageOptions,
  });
}
