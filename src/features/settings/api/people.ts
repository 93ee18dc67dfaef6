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
import { fetchAllPages } from '#lib/paging';

/**
 * Members and keys belong to the credential's brand or agency, not to one brand of the URL: they
 * are cached once per session (a sign-in empties the cache) and every screen filters them.
 */
export const peopleKeys = {
  all: ['people'] as const,
  members: () => [...peopleKeys.all, 'members'] as const,
  keys: () => [...peopleKeys.all, 'keys'] as const,
};

/** `GET /members` (members:write), every page: a team is tens of people. */
export const membersOptions = () =>
  queryOptions({
    queryKey: peopleKeys.members(),
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) =>
        apiClient.get('/members', MemberPage, {
          signal,
          query: { limit: 100, starting_after: cursor },
        }),
      ),
  });

/** `GET /keys` (keys:write), every page, revoked keys included. */
export const keysOptions = () =>
  queryOptions({
    queryKey: peopleKeys.keys(),
    queryFn: ({ signal }) =>
      fetchAllPages((cursor) =>
        apiClient.get('/keys', KeyPage, {
          signal,
          query: { limit: 100, starting_after: cursor },
        }),
      ),
  });

/** `POST /members/invitations`: the answer's `invitation_url` is shown once, here only. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreate) =>
      apiClient.post('/members/invitations', InvitationCreated, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.members() }),
    meta: { suppressErrorToast: true },
  });
}

/** `PATCH /members/{id}`: the last admin cannot be demoted (409 `last_admin`). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: Role }) =>
      apiClient.patch(`/members/${encodeURIComponent(memberId)}`, Member, { body: { role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.members() }),
    meta: { suppressErrorToast: true },
  });
}

/** `DELETE /members/{id}`: ends their sessions at once; not the last admin (409 `last_admin`). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      apiClient.delete(`/members/${encodeURIComponent(memberId)}`, MemberRemoved),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.members() }),
    meta: { suppressErrorToast: true },
  });
}

/** `POST /keys`: the answer's `key` is shown once, here only. */
export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KeyCreate) => apiClient.post('/keys', KeyCreated, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.keys() }),
    meta: { suppressErrorToast: true },
  });
}

/** `POST /keys/{id}/revoke`: the key stops working at once. */
export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      apiClient.post(`/keys/${encodeURIComponent(keyId)}/revoke`, KeyRevoked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.keys() }),
    meta: { suppressErrorToast: true },
  });
}

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
