import type { z } from 'zod';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  InvitationCreated,
  KeyCreated,
  KeyPage,
  KeyRevoked,
  Member,
  MemberPage,
  MemberRemoved,
  Session,
  type InvitationAccept,
  type InvitationCreate,
  type KeyCreate,
  type Role,
} from '#contract/people';
import { apiClient } from '#lib/api-client';
import { fetchAllPages, type CursorPage } from '#lib/paging';

/**
 * Members and keys belong to the credential's brand or agency, not to one brand of the URL: they
 * are cached once per session (a sign-in empties the cache) and every screen filters them.
 */
export const peopleKeys = {
  all: ['people'] as const,
  members: () => [...peopleKeys.all, 'members'] as const,
  keys: () => [...peopleKeys.all, 'keys'] as const,
};

/** A people list, every page: a team has tens of members and keys. */
const everyPageOptions = <K extends readonly unknown[], T>(
  queryKey: K,
  path: string,
  Page: z.ZodType<CursorPage<T>>,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) =>
        apiClient.get(path, Page, {
          signal,
          query: { limit: 100, starting_after: cursor },
        }),
      ),
  });

/** `GET /members` (members:write), every page. */
export const membersOptions = () => everyPageOptions(peopleKeys.members(), '/members', MemberPage);

/** `GET /keys` (keys:write), every page, revoked keys included. */
export const keysOptions = () => everyPageOptions(peopleKeys.keys(), '/keys', KeyPage);

/**
 * A change to members or keys: its errors are shown where it was asked for (no toast), and the
 * list it changed is fetched again when it succeeds, or also when it fails (`refreshAfterError`).
 */
function usePeopleChange<TVariables, TAnswer>(
  changes: 'members' | 'keys',
  mutationFn: (variables: TVariables) => Promise<TAnswer>,
  { refreshAfterError = false } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys[changes]() });
  return useMutation({
    mutationFn,
    onSuccess: refreshAfterError ? undefined : refresh,
    onSettled: refreshAfterError ? refresh : undefined,
    meta: { suppressErrorToast: true },
  });
}

/** `POST /members/invitations`: the answer's `invitation_url` is shown once, here only. */
export const useInvite = () =>
  usePeopleChange('members', (body: InvitationCreate) =>
    apiClient.post('/members/invitations', InvitationCreated, { body }),
  );

/** `PATCH /members/{id}`: the last admin cannot be demoted (409 `last_admin`). */
export const useChangeRole = () =>
  usePeopleChange(
    'members',
    ({ memberId, role }: { memberId: string; role: Role }) =>
      apiClient.patch(`/members/${encodeURIComponent(memberId)}`, Member, { body: { role } }),
    { refreshAfterError: true },
  );

/** `DELETE /members/{id}`: ends their sessions at once; not the last admin (409 `last_admin`). */
export const useRemoveMember = () =>
  usePeopleChange('members', (memberId: string) =>
    apiClient.delete(`/members/${encodeURIComponent(memberId)}`, MemberRemoved),
  );

/** `POST /keys`: the answer's `key` is shown once, here only. */
export const useCreateKey = () =>
  usePeopleChange('keys', (body: KeyCreate) => apiClient.post('/keys', KeyCreated, { body }));

/** `POST /keys/{id}/revoke`: the key stops working at once. */
export const useRevokeKey = () =>
  usePeopleChange('keys', (keyId: string) =>
    apiClient.post(`/keys/${encodeURIComponent(keyId)}/revoke`, KeyRevoked),
  );

/**
 * `POST /invitations/{token}/accept`: no credential is sent; the answer is a session, as
 * `POST /sessions` gives.
 */
export function acceptInvitation(
  token: string,
  body: InvitationAccept,
  options: { baseUrl: string | null },
) {
  return apiClient.post(`/invitations/${encodeURIComponent(token)}/accept`, Session, {
    body,
    anonymous: { baseUrl: options.baseUrl },
  });
}
