import { randomBytes } from 'node:crypto';
import type { Role } from '#contract/me';
import type { InvitationCreated, Session } from '#contract/people';
import { uniqueName, type TestContext } from './harness.ts';

// Members for service tests, made the way real ones are: an invitation from /ops, accepted
// through POST /invitations/{token}/accept.

export const TEST_PASSWORD = 'correct horse battery staple';

export const uniqueEmail = () => `${randomBytes(6).toString('hex')}@people.test`;

export const tokenOf = (invitationUrl: string) => invitationUrl.split('#token=')[1]!;

export async function opsInvite(
  ctx: TestContext,
  owner: { brand_id: string } | { agency_id: string },
  role: Role,
  email = uniqueEmail(),
): Promise<InvitationCreated> {
  const res = await ctx.request('POST', '/ops/invitations', {
    key: 'test-ops-token-0123456789',
    body: { email, role, ...owner },
  });
  if (res.status !== 201) throw new Error(`POST /ops/invitations: ${res.status} ${res.text}`);
  return res.json as InvitationCreated;
}

export interface TestMember {
  email: string;
  password: string;
  session: Session;
  /** The session token. */
  token: string;
  id: string;
}

/** A new member of the brand or agency with `role`, signed in. */
export async function memberWithSession(
  ctx: TestContext,
  owner: { brand_id: string } | { agency_id: string },
  role: Role,
  name = uniqueName('Member'),
): Promise<TestMember> {
  const invitation = await opsInvite(ctx, owner, role);
  const res = await ctx.request(
    'POST',
    `/2026-07/invitations/${tokenOf(invitation.invitation_url)}/accept`,
    { body: { name, password: TEST_PASSWORD } },
  );
  if (res.status !== 201) throw new Error(`accept: ${res.status} ${res.text}`);
  const session = res.json as Session;
  return {
    email: invitation.email,
    password: TEST_PASSWORD,
    session,
    token: session.token,
    id: session.member.id,
  };
}
