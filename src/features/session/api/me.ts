import { queryOptions } from '@tanstack/react-query';
import { api, type ApiCredentials } from '#lib/api-client';

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** `GET /me`: who the key is and which brands it acts for. */
export async function fetchMe(
  options: { signal?: AbortSignal; credentials?: ApiCredentials } = {},
) {
  // Loaded on first use, not with the first screen (decision 0075).
  const { Me } = await import('#contract/me');
  return api.GET('/me', Me, options);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => fetchMe({ signal }),
    // A key's brands and scopes change rarely; a sign-in replaces the whole cache anyway.
    staleTime: 5 * 60_000,
  });
