import {
  AuditEventPage,
  AuditEventQuery,
  InvitationAccept,
  InvitationCreate,
  InvitationCreated,
  InvitationIdParams,
  InvitationListQuery,
  InvitationPage,
  InvitationParams,
  InvitationRevoked,
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
import { ANY_CREDENTIAL, apiRoutes, jsonBody, jsonContent, PUBLIC } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// People (docs/api.md#people): sign-in, members and invitations, self-service keys and the
// audit trail. Definitions; handlers in people.handlers.ts.

const tags = ['People'];
const people = apiRoutes({ tags });
const members = apiRoutes({ tags, read: 'members:write', write: 'members:write' });
const keys = apiRoutes({ tags, read: 'keys:write', write: 'keys:write' });
const audit = apiRoutes({ tags, read: 'campaigns:read' });

export const signInRoute = people.other({
  method: 'post',
  path: '/sessions',
  operationId: 'createSession',
  summary: 'Sign in with e-mail and password',
  description:
    'No credential needed. Answers a session token (`ccs_…`), used exactly like an API key in `Authorization: Bearer`, ' +
    'carrying the scopes of the member’s role. It ends after 12 hours without use, 7 days after sign-in, at sign-out, ' +
    'or when the member is removed. Wrong e-mail or password: 401 invalid_credentials (one answer for both). ' +
    'Repeated failures for one e-mail or from one address: 429 with Retry-After.',
  access: PUBLIC,
  request: { body: jsonBody(SessionCreate, examples.sessionCreate) },
  responses: {
    201: jsonContent(Session, 'The session; the token appears only here', examples.session),
  },
  errors: [400, 401, 413, 415, 422, 429],
});

export const signOutRoute = people.other({
  method: 'delete',
  path: '/sessions/current',
  operationId: 'endCurrentSession',
  summary: 'Sign out: end the session making this request',
  description:
    'The token answers 401 from then on and its event streams close. An API key is not a session: 400 invalid_request ' +
    '(revoke keys with POST /keys/{key_id}/revoke).',
  access: ANY_CREDENTIAL,
  responses: { 200: jsonContent(SessionEnded, 'The session is over', examples.sessionEnded) },
  errors: [400, 401, 429],
});

export const listMembersRoute = members.list({
  method: 'get',
  path: '/members',
  operationId: 'listMembers',
  summary: 'List the members',
  description:
    'The members of the caller’s brand (an agency: of the agency and of each brand it manages), newest first.',
  request: { query: MemberListQuery },
  responses: { 200: jsonContent(MemberPage, 'A page of members', examples.membersPage) },
});

export const inviteRoute = members.create({
  method: 'post',
  path: '/members/invitations',
  operationId: 'inviteMember',
  summary: 'Invite a member',
  description:
    'A one-time link, valid 7 days, shown only in this answer. Without brand_id the member joins the caller’s brand ' +
    '(an agency credential: the agency); an agency credential may name one of its brands. ' +
    'An e-mail that already belongs to a member: 409 member_exists.',
  request: { body: jsonBody(InvitationCreate, examples.invitationCreate) },
  responses: {
    201: jsonContent(InvitationCreated, 'The invitation with its link', examples.invitationCreated),
  },
});

export const listInvitationsRoute = members.list({
  method: 'get',
  path: '/members/invitations',
  operationId: 'listInvitations',
  summary: 'List the pending invitations',
  description:
    'Invitations not yet accepted, revoked or expired, of the caller’s brand (an agency: of the agency and of each brand it manages), ' +
    'newest first, with when each expires and whether its e-mail went out. Links are never shown again.',
  request: { query: InvitationListQuery },
  responses: {
    200: jsonContent(InvitationPage, 'A page of pending invitations', examples.invitationsPage),
  },
});

export const resendInvitationRoute = members.write({
  method: 'post',
  path: '/members/invitations/{invitation_id}/resend',
  operationId: 'resendInvitation',
  summary: 'Make a new link for a pending invitation',
  description:
    'A new one-time link, valid 7 days from now, shown only in this answer and e-mailed again when the service has an SMTP relay; ' +
    'the old link stops working at once. An invitation already accepted, revoked, expired or unknown: 404.',
  request: { params: InvitationIdParams },
  responses: {
    200: jsonContent(
      InvitationCreated,
      'The invitation with its new link',
      examples.invitationCreated,
    ),
  },
});

export const revokeInvitationRoute = members.decide({
  method: 'delete',
  path: '/members/invitations/{invitation_id}',
  operationId: 'revokeInvitation',
  summary: 'Revoke a pending invitation',
  description:
    'Its link answers 404 from then on. An invitation already accepted, revoked, expired or unknown: 404.',
  request: { params: InvitationIdParams },
  responses: {
    200: jsonContent(InvitationRevoked, 'The invitation is revoked', examples.invitationRevoked),
  },
});

export const acceptInvitationRoute = people.other({
  method: 'post',
  path: '/invitations/{token}/accept',
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation: become a member and sign in',
  description:
    'No credential needed. Works once, within 7 days; an unknown, used or expired invitation answers 404. ' +
    'The password needs at least 12 characters.',
  access: PUBLIC,
  request: {
    params: InvitationParams,
    body: jsonBody(InvitationAccept, examples.invitationAccept),
  },
  responses: { 201: jsonContent(Session, 'The new member’s session', examples.newMemberSession) },
  errors: [400, 404, 409, 413, 415, 422, 429],
});

export const patchMemberRoute = members.write({
  method: 'patch',
  path: '/members/{member_id}',
  operationId: 'updateMember',
  summary: 'Change a member’s role',
  description:
    'Applies to the member’s very next request. The last admin of a brand or agency cannot be demoted: 409 last_admin.',
  request: { params: MemberParams, body: jsonBody(MemberPatch, examples.memberPatch) },
  responses: { 200: jsonContent(Member, 'The member', examples.patchedMember) },
});

export const removeMemberRoute = members.decide({
  method: 'delete',
  path: '/members/{member_id}',
  operationId: 'removeMember',
  summary: 'Remove a member',
  description:
    'Ends the member’s sessions at once (their open event streams close within 2 seconds). The last admin cannot be removed: 409 last_admin.',
  request: { params: MemberParams },
  responses: { 200: jsonContent(MemberRemoved, 'The member is gone', examples.memberRemoved) },
});

export const listKeysRoute = keys.list({
  method: 'get',
  path: '/keys',
  operationId: 'listKeys',
  summary: 'List the API keys',
  description:
    'The keys of the caller’s brand (an agency credential: of the agency), revoked ones included, newest first. Never the key itself.',
  request: { query: KeyListQuery },
  responses: { 200: jsonContent(KeyPage, 'A page of keys', examples.keysPage) },
});

export const createKeyRoute = keys.other({
  method: 'post',
  path: '/keys',
  operationId: 'createKey',
  summary: 'Create an API key',
  description:
    'A key of the caller’s brand (or agency), shown only in this answer. Its scopes can never exceed the caller’s own: ' +
    'naming one the caller lacks answers 403 missing_scope naming the entry.',
  request: { body: jsonBody(KeyCreate, examples.keyCreate) },
  responses: { 201: jsonContent(KeyCreated, 'The key; it appears only here', examples.keyCreated) },
  errors: [400, 401, 403, 413, 415, 422, 429],
});

export const revokeKeyRoute = keys.other({
  method: 'post',
  path: '/keys/{key_id}/revoke',
  operationId: 'revokeKey',
  summary: 'Revoke an API key',
  description:
    'The key answers 401 from then on and its event streams close within 2 seconds. Revoking a revoked key keeps its first revocation time.',
  request: { params: KeyParams },
  responses: { 200: jsonContent(KeyRevoked, 'The key is revoked', examples.keyRevoked) },
  errors: [400, 401, 403, 404, 429],
});

export const listAuditEventsRoute = audit.read({
  method: 'get',
  path: '/audit-events',
  operationId: 'listAuditEvents',
  summary: 'The audit trail: who changed what',
  description:
    'Every successful write appends entries in its own transaction: the actor (member, key, ops or email), the action ' +
    '(e.g. submission.approved), the target, and the changed fields as [before, after]. Newest first. ' +
    'Entries of the caller’s brands (an agency: and of the agency itself); a campaign_id the caller cannot see answers 404. ' +
    'No operation changes or deletes an entry.',
  request: { query: AuditEventQuery },
  responses: {
    200: jsonContent(AuditEventPage, 'A page of audit entries', examples.auditEventsPage),
  },
});
