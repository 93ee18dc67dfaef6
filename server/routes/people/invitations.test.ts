import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '../../domain/people.ts';
import { createInvitationMailer } from '../../mail/invitations.ts';
import { expectError } from '../../test/campaigns.ts';
import { fileContext } from '../../test/harness.ts';
import { memberWithSession, TEST_PASSWORD, tokenOf, uniqueEmail } from '../../test/people.ts';

// Pending invitations: listed, revoked, renewed, and e-mailed through a real SMTP relay (a local
// smtp-server listener) when the service has one (docs/api.md#invitations, decision 0160).

const ctx = await fileContext();
const silent = pino({ level: 'silent' });

/** A relay that accepts every message, or refuses every recipient while `refusing`. */
let relay: SMTPServer;
const relayed: ParsedMail[] = [];
const relayState = { refusing: false };
let relayUrl = '';

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (relayState.refusing) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        callback(err);
      } else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          relayed.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `smtp://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  mailer?.close();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
});

let mailer: ReturnType<typeof createInvitationMailer> | undefined;
const mailing = () => {
  mailer ??= createInvitationMailer({
    relayUrl,
    from: 'invitations@console.test',
    logger: silent,
    timeoutMs: 5_000,
  });
  return ctx.makeApp({ invitationMailer: mailer });
};

const invite = (key: string, body: Record<string, unknown>, app = ctx.app) =>
  ctx.requestTo(app, 'POST', '/2026-07/members/invitations', { key, body });
const list = (key: string) => ctx.request('GET', '/2026-07/members/invitations', { key });
const accept = (url: string) =>
  ctx.request('POST', `/2026-07/invitations/${tokenOf(url)}/accept`, {
    body: { name: 'New Member', password: TEST_PASSWORD },
  });

async function brandAdmin() {
  const brand = await ctx.ops.createBrand();
  const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin', 'Maya Chen');
  return { brand, admin };
}

describe('pending invitations', () => {
  it('are listed newest first with their expiry, inviter and e-mail state; accepted ones leave the list', async () => {
    const { brand, admin } = await brandAdmin();
    const first = await invite(admin.token, { email: uniqueEmail(), role: 'reviewer' });
    const second = await invite(admin.token, { email: uniqueEmail(), role: 'viewer' });
    expect(first.status, first.text).toBe(201);
    // No relay: nothing is e-mailed, and the answer says so.
    expect(first.json.email_status).toBe('off');

    const listed = await list(admin.token);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.map((i: { id: string }) => i.id)).toEqual([
      second.json.id,
      first.json.id,
    ]);
    expect(listed.json.data[1]).toMatchObject({
      email: first.json.email,
      role: 'reviewer',
      brand_id: brand.id,
      agency_id: null,
      invited_by: 'Maya Chen (admin)',
      email_status: 'off',
    });
    expect(Date.parse(listed.json.data[1].expires_at)).toBe(Date.parse(first.json.expires_at));
    expect(
      Date.parse(listed.json.data[1].expires_at) - Date.parse(listed.json.data[1].created_at),
    ).toBe(INVITATION_TTL_MS);
    // No link is shown again.
    expect(listed.text).not.toContain('cci_');

    expect((await accept(first.json.invitation_url)).status).toBe(201);
    expect((await list(admin.token)).json.data.map((i: { id: string }) => i.id)).toEqual([
      second.json.id,
    ]);
  });

  it('are the caller’s own: another brand sees none and cannot revoke or renew them; an agency sees its brands’', async () => {
    const { brand, admin } = await brandAdmin();
    const made = await invite(admin.token, { email: uniqueEmail(), role: 'manager' });
    const other = await brandAdmin();
    expect((await list(other.admin.token)).json.data).toEqual([]);
    expectError(
      await ctx.request('DELETE', `/2026-07/members/invitations/${made.json.id}`, {
        key: other.admin.token,
      }),
      404,
      'not_found',
    );
    expectError(
      await ctx.request('POST', `/2026-07/members/invitations/${made.json.id}/resend`, {
        key: other.admin.token,
      }),
      404,
      'not_found',
    );

    const agency = await ctx.ops.createAgency([brand.id]);
    const agencyAdmin = await memberWithSession(ctx, { agency_id: agency.id }, 'admin');
    const seen = await list(agencyAdmin.token);
    expect(seen.json.data.map((i: { id: string }) => i.id)).toContain(made.json.id);

    // A reviewer manages no one.
    const reviewer = await memberWithSession(ctx, { brand_id: brand.id }, 'reviewer');
    expectError(await list(reviewer.token), 403, 'missing_scope');
  });

  it('revoked: the link answers 404, the list forgets it, the trail says who revoked it', async () => {
    const { admin } = await brandAdmin();
    const made = await invite(admin.token, { email: uniqueEmail(), role: 'viewer' });
    const revoked = await ctx.request('DELETE', `/2026-07/members/invitations/${made.json.id}`, {
      key: admin.token,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toEqual({ id: made.json.id, revoked: true });
    expectError(await accept(made.json.invitation_url), 404, 'not_found');
    expect((await list(admin.token)).json.data).toEqual([]);
    // Twice: nothing left to revoke.
    expectError(
      await ctx.request('DELETE', `/2026-07/members/invitations/${made.json.id}`, {
        key: admin.token,
      }),
      404,
      'not_found',
    );
    const trail = await ctx.request(
      'GET',
      `/2026-07/audit-events?target_id=${made.json.id}&action=invitation.deleted`,
      { key: admin.token },
    );
    expect(trail.json.data).toHaveLength(1);
    expect(trail.json.data[0].actor.label).toBe('Maya Chen (admin)');
  });

  it('renewed: a new link for 7 more days, the old one stops working; an accepted one cannot be', async () => {
    const { admin } = await brandAdmin();
    const made = await invite(admin.token, { email: uniqueEmail(), role: 'viewer' });
    const renewed = await ctx.request(
      'POST',
      `/2026-07/members/invitations/${made.json.id}/resend`,
      { key: admin.token },
    );
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.json).toMatchObject({
      id: made.json.id,
      email: made.json.email,
      role: 'viewer',
    });
    expect(renewed.json.invitation_url).not.toBe(made.json.invitation_url);
    expect(Date.parse(renewed.json.expires_at)).toBeGreaterThanOrEqual(
      Date.parse(made.json.expires_at),
    );
    expectError(await accept(made.json.invitation_url), 404, 'not_found');
    expect((await accept(renewed.json.invitation_url)).status).toBe(201);
    expectError(
      await ctx.request('POST', `/2026-07/members/invitations/${made.json.id}/resend`, {
        key: admin.token,
      }),
      404,
      'not_found',
    );
  });

  it('name the parameter of a malformed id', async () => {
    const { admin } = await brandAdmin();
    const res = await ctx.request('DELETE', '/2026-07/members/invitations/not-an-id', {
      key: admin.token,
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('invitation_id');
  });
});

describe('invitation e-mails through the relay', () => {
  it('send the link to the invited address, and the list says it was sent', async () => {
    const { admin } = await brandAdmin();
    const app = mailing();
    const email = uniqueEmail();
    const made = await invite(admin.token, { email, role: 'reviewer' }, app);
    expect(made.status, made.text).toBe(201);
    expect(made.json.email_status).toBe('sent');
    const mail = relayed.find((m) => m.text?.includes(made.json.invitation_url));
    expect(mail, 'the relay received the invitation').toBeDefined();
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe(email);
    expect(mail!.from?.text).toBe('invitations@console.test');
    expect(mail!.subject).toMatch(
      /^Maya Chen \(admin\) invited you to Brand .* on Campaign Console$/,
    );
    expect(mail!.text).toContain('as a reviewer');
    expect((await list(admin.token)).json.data[0].email_status).toBe('sent');

    // A new link is e-mailed again; the old one is not in it.
    const renewed = await ctx.requestTo(
      app,
      'POST',
      `/2026-07/members/invitations/${made.json.id}/resend`,
      { key: admin.token },
    );
    expect(renewed.json.email_status).toBe('sent');
    expect(relayed.some((m) => m.text?.includes(renewed.json.invitation_url))).toBe(true);
  });

  it('that the relay refuses leave the invitation standing, its link to be copied, marked failed', async () => {
    const { admin } = await brandAdmin();
    const app = mailing();
    relayState.refusing = true;
    try {
      const made = await invite(admin.token, { email: uniqueEmail(), role: 'viewer' }, app);
      expect(made.status, made.text).toBe(201);
      expect(made.json.email_status).toBe('failed');
      expect((await list(admin.token)).json.data[0].email_status).toBe('failed');
      expect((await accept(made.json.invitation_url)).status).toBe(201);
    } finally {
      relayState.refusing = false;
    }
  });
});
