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

/** A longer `Retry-After` is not waited out: the caller gets the 429 and can say so. */
export const MAX_RETRY_AFTER_SECONDS = 60;
/**
 * Random extra wait added to each retry (at most half the wait), so clients limited together do
 * not return together.
 */
export const RETRY_JITTER_MS = 500;
/** Tries after the first one, for a query (and for a mutation refused with 429). */
export const MAX_RETRIES = 2;

/**
 * Retried: network failures, timeouts, rate limits (unless the service asks for a wait longer
 * than `MAX_RETRY_AFTER_SECONDS`), server errors. Never another 4xx.
 */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === 'invalid_response') return false;
  if (error.status === 429) return (error.retryAfterSeconds ?? 0) <= MAX_RETRY_AFTER_SECONDS;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}

/**
 * The wait before retry number `attempt` (0-based): the service's `Retry-After` when it gave
 * one, otherwise `baseMs` doubled per attempt (at most 10 s); plus jitter.
 */
export function retryDelayMs(attempt: number, error: unknown, baseMs = 1000): number {
  const retryAfter = isApiError(error) ? error.retryAfterSeconds : null;
  const wait = retryAfter !== null ? retryAfter * 1000 : Math.min(baseMs * 2 ** attempt, 10_000);
  return wait + Math.random() * Math.min(RETRY_JITTER_MS, wait / 2);
}

/** A 429 happened before the service did anything, so even a write may be sent again. */
const isRateLimited = (error: unknown) =>
  isApiError(error) && error.status === 429 && isRetryableError(error);

/**
 * The first segments of every brand-scoped query key: `[...brandQueryKey(id), 'campaigns', …]`.
 * A key without the brand id could show one brand's data while another brand is selected.
 */
export const brandQueryKey = (brandId: string) => ['brand', brandId] as const;

/** The brand a brand-scoped key belongs to, or null for a key of no brand. */
export function brandOfKey(key: readonly unknown[]): string | null {
  return key[0] === 'brand' && typeof key[1] === 'string' ? key[1] : null;
}

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
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryableError(error),
        retryDelay: (attempt, error) => retryDelayMs(attempt, error),
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isRateLimited(error),
        retryDelay: (attempt, error) => retryDelayMs(attempt, error),
      },
    },
  });
}
