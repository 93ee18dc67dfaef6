import { createRoute } from '@hono/zod-openapi';
import {
  AuditEventPage,
  AuditEventQuery,
  InvitationAccept,
  InvitationCreate,
  InvitationCreated,
  InvitationParams,
  KeyCreate,
  KeyCreated,
  KeyListQuery,
  KeyPage,
  KeyParams,
  KeyRevoked,
  Member,
  MemberListQuery,
  MemberPage,
  MemberParams,
  MemberPatch,
  MemberRemoved,
  Session,
  SessionCreate,
  SessionEnded,
} from '#contract/people';
import { requireScope } from '../../http/auth.ts';
import { bearerWithScope, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';

// People (extensions section 11): sign-in, members and invitations, self-service keys and the
// audit trail. Definitions; handlers in people.handlers.ts.

const members = {
  security: bearerWithScope('members:write'),
  middleware: [requireScope('members:write')],
};
const keys = {
  security: bearerWithScope('keys:write'),
  middleware: [requireScope('keys:write')],
};

export const signInRoute = createRoute({
  method: 'post',
  path: '/sessions',
  operationId: 'createSession',
  tags: ['People'],
  summary: 'Sign in with e-mail and password',
  description:
    'No credential needed. Answers a session token (`ccs_…`), used exactly like an API key in `Authorization: Bearer`, ' +
    'carrying the scopes of the member’s role. It ends after 12 hours without use, 7 days after sign-in, at sign-out, ' +
    'or when the member is removed. Wrong e-mail or password: 401 invalid_credentials (one answer for both). ' +
    'Repeated failures for one e-mail or from one address: 429 with Retry-After.',
  security: [],
  request: { body: jsonBody(SessionCreate) },
  responses: {
    201: jsonContent(Session, 'The session; the token appears only here'),
    ...errorResponses(400, 401, 413, 415, 422, 429),
  },
});

export const signOutRoute = createRoute({
  method: 'delete',
  path: '/sessions/current',
  operationId: 'endCurrentSession',
  tags: ['People'],
  summary: 'Sign out: end the session making this request',
  description:
    'The token answers 401 from then on and its event streams close. An API key is not a session: 400 invalid_request ' +
    '(revoke keys with POST /keys/{key_id}/revoke).',
  security: bearerWithScope(),
  responses: {
    200: jsonContent(SessionEnded, 'The session is over'),
    ...errorResponses(400, 401, 429),
  },
});

export const listMembersRoute = createRoute({
  method: 'get',
  path: '/members',
  operationId: 'listMembers',
  tags: ['People'],
  summary: 'List the members',
  description:
    'The members of the caller’s brand (an agency: of the agency and of each brand it manages), newest first.',
  ...members,
  request: { query: MemberListQuery },
  responses: {
    200: jsonContent(MemberPage, 'A page of members'),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const inviteRoute = createRoute({
  method: 'post',
  path: '/members/invitations',
  operationId: 'inviteMember',
  tags: ['People'],
  summary: 'Invite a member',
  description:
    'A one-time link, valid 7 days, shown only in this answer. Without brand_id the member joins the caller’s brand ' +
    '(an agency credential: the agency); an agency credential may name one of its brands. ' +
    'An e-mail that already belongs to a member: 409 member_exists.',
  ...members,
  request: { body: jsonBody(InvitationCreate) },
  responses: {
    201: jsonContent(InvitationCreated, 'The invitation with its link'),
    ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
  },
});

export const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/invitations/{token}/accept',
  operationId: 'acceptInvitation',
  tags: ['People'],
  summary: 'Accept an invitation: become a member and sign in',
  description:
    'No credential needed. Works once, within 7 days; an unknown, used or expired invitation answers 404. ' +
    'The password needs at least 12 characters.',
  security: [],
  request: { params: InvitationParams, body: jsonBody(InvitationAccept) },
  responses: {
    201: jsonContent(Session, 'The new member’s session'),
    ...errorResponses(400, 404, 409, 413, 415, 422, 429),
  },
});

export const patchMemberRoute = createRoute({
  method: 'patch',
  path: '/members/{member_id}',
  operationId: 'updateMember',
  tags: ['People'],
  summary: 'Change a member’s role',
  description:
    'Applies to the member’s very next request. The last admin of a brand or agency cannot be demoted: 409 last_admin.',
  ...members,
  request: { params: MemberParams, body: jsonBody(MemberPatch) },
  responses: {
    200: jsonContent(Member, 'The member'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

export const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/members/{member_id}',
  operationId: 'removeMember',
  tags: ['People'],
  summary: 'Remove a member',
  description:
    'Ends the member’s sessions at once (their open event streams close within 2 seconds). The last admin cannot be removed: 409 last_admin.',
  ...members,
  request: { params: MemberParams },
  responses: {
    200: jsonContent(MemberRemoved, 'The member is gone'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const listKeysRoute = createRoute({
  method: 'get',
  path: '/keys',
  operationId: 'listKeys',
  tags: ['People'],
  summary: 'List the API keys',
  description:
    'The keys of the caller’s brand (an agency credential: of the agency), revoked ones included, newest first. Never the key itself.',
  ...keys,
  request: { query: KeyListQuery },
  responses: {
    200: jsonContent(KeyPage, 'A page of keys'),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const createKeyRoute = createRoute({
  method: 'post',
  path: '/keys',
  operationId: 'createKey',
  tags: ['People'],
  summary: 'Create an API key',
  description:
    'A key of the caller’s brand (or agency), shown only in this answer. Its scopes can never exceed the caller’s own: ' +
    'naming one the caller lacks answers 403 missing_scope naming the entry.',
  ...keys,
  request: { body: jsonBody(KeyCreate) },
  responses: {
    201: jsonContent(KeyCreated, 'The key; it appears only here'),
    ...errorResponses(400, 401, 403, 413, 415, 422, 429),
  },
});

export const revokeKeyRoute = createRoute({
  method: 'post',
  path: '/keys/{key_id}/revoke',
  operationId: 'revokeKey',
  tags: ['People'],
  summary: 'Revoke an API key',
  description:
    'The key answers 401 from then on and its event streams close within 2 seconds. Revoking a revoked key keeps its first revocation time.',
  ...keys,
  request: { params: KeyParams },
  responses: {
    200: jsonContent(KeyRevoked, 'The key is revoked'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const listAuditEventsRoute = createRoute({
  method: 'get',
  path: '/audit-events',
  operationId: 'listAuditEvents',
  tags: ['People'],
  summary: 'The audit trail: who changed what',
  description:
    'Every successful write appends entries in its own transaction: the actor (member, key, ops or email), the action ' +
    '(e.g. submission.approved), the target, and the changed fields as [before, after]. Newest first. ' +
    'Entries of the caller’s brands (an agency: and of the agency itself); a campaign_id the caller cannot see answers 404. ' +
    'No operation changes or deletes an entry.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
  request: { query: AuditEventQuery },
  responses: {
    200: jsonContent(AuditEventPage, 'A page of audit entries'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
