import { queryOptions } from '@tanstack/react-query';
import { Me } from '#contract/me';
import { apiClient, type ApiCredentials } from '#lib/api-client';

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** `GET /me`: who the key is and which brands it acts for. */
export function fetchMe(options: { signal?: AbortSignal; credentials?: ApiCredentials } = {}) {
  return apiClient.get('/me', Me, options);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => fetchMe({ signal }),
    // A key's brands and scopes change rarely; a sign-in replaces the whole cache anyway.
    staleTime: 5 * 60_000,
  });
