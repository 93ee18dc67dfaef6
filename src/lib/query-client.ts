import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { notify } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows the error itself (e.g. under a form field): no toast. */
      suppressErrorToast?: boolean;
      /** Heading of the error toast, e.g. "Could not publish the campaign". */
      errorTitle?: string;
    };
  }
}

/** Retried: network failures, timeouts, rate limits, server errors. Not other 4xx. */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === 'invalid_response') return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

const MAX_QUERY_RETRIES = 2;

/**
 * The first segments of every brand-scoped query key: `[...brandQueryKey(id), 'campaigns', …]`.
 * A key without the brand id could show one brand's data while another brand is selected.
 */
export const brandQueryKey = (brandId: string) => ['brand', brandId] as const;

/** One per app (and one per test). Mutation errors go to the central toast path. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A background refresh failed while older data is on screen: say so once.
      onError: (error, query) => {
        if (query.state.data !== undefined && !(isApiError(error) && error.status === 401)) {
          notify.apiError(error, 'Could not refresh the data on screen');
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.suppressErrorToast) return;
        // 401 already returns the user to the key screen.
        if (isApiError(error) && error.status === 401) return;
        notify.apiError(error, mutation.meta?.errorTitle);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && isRetryableError(error),
        retryDelay: (attempt, error) => {
          const retryAfter = isApiError(error) ? error.retryAfterSeconds : null;
          const base =
            retryAfter !== null ? retryAfter * 1000 : Math.min(1000 * 2 ** attempt, 10_000);
          return base + Math.random() * 500;
        },
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
