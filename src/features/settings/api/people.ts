import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  InvitationCreated,
  InvitationPage,
  InvitationRevoked,
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
import { api } from '#lib/api-client';
import { fetchEveryRow } from '#lib/list-queries';

/**
 * Members and keys belong to the credential's brand or agency, not to one brand of the URL: they
 * are cached once per session (a sign-in empties the cache) and every screen filters them.
 */
export const peopleKeys = {
  all: ['people'] as const,
  members: () => [...peopleKeys.all, 'members'] as const,
  keys: () => [...peopleKeys.all, 'keys'] as const,
  invitations: () => [...peopleKeys.all, 'invitations'] as const,
};

// A people list is read whole, every page: a team has tens of members and keys.

/** `GET /members` (members:write), every page. */
export const membersOptions = () =>
  queryOptions({
    queryKey: peopleKeys.members(),
    queryFn: ({ signal }) =>
      fetchEveryRow((page) => api.GET('/members', MemberPage, { params: { query: page }, signal })),
  });

/** `GET /members/invitations` (members:write), every page: the pending invitations. */
export const invitationsOptions = () =>
  queryOptions({
    queryKey: peopleKeys.invitations(),
    queryFn: ({ signal }) =>
      fetchEveryRow((page) =>
        api.GET('/members/invitations', InvitationPage, { params: { query: page }, signal }),
      ),
  });

/** `GET /keys` (keys:write), every page, revoked keys included. */
export const keysOptions = () =>
  queryOptions({
    queryKey: peopleKeys.keys(),
    queryFn: ({ signal }) =>
      fetchEveryRow((page) => api.GET('/keys', KeyPage, { params: { query: page }, signal })),
  });

/**
 * A change to members or keys: its errors are shown where it was asked for (no toast), and the
 * list it changed is fetched again when it succeeds, or also when it fails (`refreshAfterError`).
 */
function usePeopleChange<TVariables, TAnswer>(
  changes: 'members' | 'keys' | 'invitations',
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

/**
 * `POST /members/invitations`: the answer's `invitation_url` is shown once, here only, and says
 * whether it was e-mailed (`email_status`).
 */
export const useInvite = () =>
  usePeopleChange('invitations', (body: InvitationCreate) =>
    api.POST('/members/invitations', InvitationCreated, { body }),
  );

/** `POST /members/invitations/{id}/resend`: a new link (the old one stops working), e-mailed again. */
export const useResendInvitation = () =>
  usePeopleChange('invitations', (invitationId: string) =>
    api.POST('/members/invitations/{invitation_id}/resend', InvitationCreated, {
      params: { path: { invitation_id: invitationId } },
    }),
  );

/** `DELETE /members/invitations/{id}`: the link stops working at once. */
export const useRevokeInvitation = () =>
  usePeopleChange(
    'invitations',
    (invitationId: string) =>
      api.DELETE('/members/invitations/{invitation_id}', InvitationRevoked, {
        params: { path: { invitation_id: invitationId } },
      }),
    { refreshAfterError: true },
  );

/** `PATCH /members/{id}`: the last admin cannot be demoted (409 `last_admin`). */
export const useChangeRole = () =>
  usePeopleChange(
    'members',
    ({ memberId, role }: { memberId: string; role: Role }) =>
      api.PATCH('/members/{member_id}', Member, {
        params: { path: { member_id: memberId } },
        body: { role },
      }),
    { refreshAfterError: true },
  );

/** `DELETE /members/{id}`: ends their sessions at once; not the last admin (409 `last_admin`). */
export const useRemoveMember = () =>
  usePeopleChange('members', (memberId: string) =>
    api.DELETE('/members/{member_id}', MemberRemoved, {
      params: { path: { member_id: memberId } },
    }),
  );

/** `POST /keys`: the answer's `key` is shown once, here only. */
export const useCreateKey = () =>
  usePeopleChange('keys', (body: KeyCreate) => api.POST('/keys', KeyCreated, { body }));

/** `POST /keys/{id}/revoke`: the key stops working at once. */
export const useRevokeKey = () =>
  usePeopleChange('keys', (keyId: string) =>
    api.POST('/keys/{key_id}/revoke', KeyRevoked, { params: { path: { key_id: keyId } } }),
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
  return api.POST('/invitations/{token}/accept', Session, {
    params: { path: { token } },
    body,
    anonymous: { baseUrl: options.baseUrl },
  });
}
