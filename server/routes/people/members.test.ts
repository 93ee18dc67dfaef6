import { describe, expect, it } from 'vitest';
import { KeyCreated, MemberPage, Session } from '#contract/people';
import { INVITATION_TTL_MS } from '../../domain/people.ts';
import { expectError } from '../../test/campaigns.ts';
import { fileContext } from '../../test/harness.ts';
import { waitUntil } from '../../test/sse.ts';
import {
  memberWithSession,
  opsInvite,
  TEST_PASSWORD,
  tokenOf,
  uniqueEmail,
} from '../../test/people.ts';

// Members, invitations and self-service keys (docs/api.md#people).

const ctx = await fileContext();
const app = ctx.makeApp({ events: { pollMs: 25, heartbeatMs: 250, retryMs: 1000 } });

const accept = (token: string, body: unknown = { name: 'New Member', password: TEST_PASSWORD }) =>
  ctx.request('POST', `/2026-07/invitations/${token}/accept`, { body });

/** PATCH /members/{id}: gives a member `role`, as the holder of `key`. */
const setRole = (memberId: string, role: string, key: string) =>
  ctx.request('PATCH', `/2026-07/members/${memberId}`, { key, body: { role } });

/** An event stream of `key` on `app`; `ended` turns true when the service closes it. */
async function openStream(key: string) {
  const res = await app.request('/2026-07/events', { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  const state = { ended: false };
  const reader = res.body!.getReader();
  void (async () => {
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) {
        state.ended = true;
        return;
      }
    }
  })();
  /** Resolves once the service has closed the stream; fails after `ms`. */
  const endsWithin = (ms: number) =>
    waitUntil(() => state.ended, 'the service to close the stream', ms);
  return { state, endsWithin, close: () => reader.cancel() };
}

describe('invitations', () => {
  it('an admin invites; the link works once, and the new member is signed in with the role', async () => {
    const brand = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
    const email = uniqueEmail();
    const res = await ctx.request('POST', '/2026-07/members/invitations', {
      key: admin.token,
      body: { email, role: 'reviewer' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.invitation_url).toMatch(/\/accept-invitation#token=cci_[0-9A-Za-z]{40}$/);
    const token = tokenOf(res.json.invitation_url);
    const first = await accept(token);
    expect(first.status, first.text).toBe(201);
    expect(Session.parse(first.json).member).toMatchObject({ email, role: 'reviewer' });
    // Reuse refused, even with other details.
    expectError(
      await accept(token, { name: 'Someone Else', password: TEST_PASSWORD }),
      404,
      'not_found',
    );
    // The e-mail is now a member: a second invitation for it is refused.
    expectError(
      await ctx.request('POST', '/2026-07/members/invitations', {
        key: admin.token,
        body: { email: email.toUpperCase(), role: 'viewer' },
      }),
      409,
      'member_exists',
    );
  });

  it('accepts one link used twice at once only once: the other answers 404 like a used link', async () => {
    const brand = await ctx.ops.createBrand();
    for (let round = 0; round < 3; round++) {
      const inv = await ctx.request('POST', '/ops/invitations', {
        key: 'test-ops-token-0123456789',
        body: { email: uniqueEmail(), role: 'viewer', brand_id: brand.id },
      });
      expect(inv.status).toBe(201);
      const token = tokenOf(inv.json.invitation_url);
      const answers = await Promise.all([accept(token), accept(token)]);
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([
        201, 404,
      ]);
      expectError(
        answers.find((a) => a.status === 404)!,
        404,
        'not_found',
      );
    }
  });

  it('refuses an expired invitation', async () => {
    let now = Date.now();
    const clocked = ctx.makeApp({ now: () => new Date(now) });
    const brand = await ctx.ops.createBrand();
    const inv = await ctx.requestTo(clocked, 'POST', '/ops/invitations', {
      key: 'test-ops-token-0123456789',
      body: { email: uniqueEmail(), role: 'viewer', brand_id: brand.id },
    });
    expect(inv.status).toBe(201);
    now += INVITATION_TTL_MS + 1000;
    const res = await ctx.requestTo(
      clocked,
      'POST',
      `/2026-07/invitations/${tokenOf(inv.json.invitation_url)}/accept`,
      { body: { name: 'Late', password: TEST_PASSWORD } },
    );
    expectError(res, 404, 'not_found');
  });

  it('refuses a brand the inviting credential does not manage, and a viewer', async () => {
    const brand = await ctx.ops.createBrand();
    const other = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
    expectError(
      await ctx.request('POST', '/2026-07/members/invitations', {
        key: admin.token,
        body: { email: uniqueEmail(), role: 'viewer', brand_id: other.id },
      }),
      403,
      'brand_not_managed',
    );
    const viewer = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    expectError(
      await ctx.request('POST', '/2026-07/members/invitations', {
        key: viewer.token,
        body: { email: uniqueEmail(), role: 'viewer' },
      }),
      403,
      'missing_scope',
    );
  });

  it('an agency admin invites to one of its brands; agency members act for every brand of the agency', async () => {
    const { agency, brands } = await ctx.ops.agencyWithKey(2);
    const admin = await memberWithSession(ctx, { agency_id: agency.id }, 'admin');
    const me = await ctx.request('GET', '/2026-07/me', { key: admin.token });
    expect(me.json.key.kind).toBe('agency');
    expect(me.json.brands.map((b: { id: string }) => b.id).sort()).toEqual(
      brands.map((b) => b.id).sort(),
    );
    const res = await ctx.request('POST', '/2026-07/members/invitations', {
      key: admin.token,
      body: { email: uniqueEmail(), role: 'manager', brand_id: brands[0]!.id },
    });
    expect(res.status, res.text).toBe(201);
    const joined = await accept(tokenOf(res.json.invitation_url));
    const who = await ctx.request('GET', '/2026-07/me', { key: joined.json.token });
    expect(who.json.brands.map((b: { id: string }) => b.id)).toEqual([brands[0]!.id]);
    const list = MemberPage.parse(
      (await ctx.request('GET', '/2026-07/members', { key: admin.token })).json,
    );
    expect(list.data.map((m) => m.id).sort()).toEqual([admin.id, joined.json.member.id].sort());
  });
});

describe('members', () => {
  it('lists with paging, newest first', async () => {
    const brand = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
    const v = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const r = await memberWithSession(ctx, { brand_id: brand.id }, 'reviewer');
    const first = await ctx.request('GET', '/2026-07/members?limit=2', { key: admin.token });
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.map((m: { id: string }) => m.id)).toEqual([r.id, v.id]);
    expect(first.json.has_more).toBe(true);
    const second = await ctx.request(
      'GET',
      `/2026-07/members?limit=2&starting_after=${encodeURIComponent(first.json.next_cursor)}`,
      { key: admin.token },
    );
    expect(second.json.data.map((m: { id: string }) => m.id)).toEqual([admin.id]);
    expect(second.json.has_more).toBe(false);
    expect(JSON.stringify(first.json)).not.toMatch(/password|scrypt/);
  });

  it('protects the last admin from demotion and removal (409 last_admin)', async () => {
    const brand = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
    expectError(await setRole(admin.id, 'manager', admin.token), 409, 'last_admin');
    expectError(
      await ctx.request('DELETE', `/2026-07/members/${admin.id}`, { key: admin.token }),
      409,
      'last_admin',
    );
    const second = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const promoted = await setRole(second.id, 'admin', admin.token);
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.json.role).toBe('admin');
    // Now the first admin may step down; the role applies to their very next request.
    const demoted = await setRole(admin.id, 'viewer', admin.token);
    expect(demoted.status, demoted.text).toBe(200);
    expectError(
      await ctx.request('GET', '/2026-07/members', { key: admin.token }),
      403,
      'missing_scope',
    );
    expectError(await setRole(second.id, 'bogus', second.token), 422, 'validation_failed', 'role');
  });

  it('removing a member ends their sessions at once and closes their event streams within 2 s', async () => {
    const brand = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
    const leaving = await memberWithSession(ctx, { brand_id: brand.id }, 'reviewer');
    const again = await ctx.request('POST', '/2026-07/sessions', {
      body: { email: leaving.email, password: TEST_PASSWORD },
    });
    const stream = await openStream(leaving.token);
    const kept = await openStream(admin.token);
    const removed = await ctx.request('DELETE', `/2026-07/members/${leaving.id}`, {
      key: admin.token,
    });
    expect(removed.status, removed.text).toBe(200);
    await stream.endsWithin(2000);
    for (const token of [leaving.token, again.json.token as string]) {
      expectError(await ctx.request('GET', '/2026-07/me', { key: token }), 401, 'unauthenticated');
    }
    expectError(
      await ctx.request('POST', '/2026-07/sessions', {
        body: { email: leaving.email, password: TEST_PASSWORD },
      }),
      401,
      'invalid_credentials',
    );
    expect(kept.state.ended).toBe(false);
    await kept.close();
  });

  it('signing out closes the session’s streams', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const stream = await openStream(m.token);
    expect(
      (await ctx.request('DELETE', '/2026-07/sessions/current', { key: m.token })).status,
    ).toBe(200);
    await stream.endsWithin(2000);
  });

  it('a member of another brand is not found', async () => {
    const brand = await ctx.ops.createBrand();
    const other = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
    const stranger = await memberWithSession(ctx, { brand_id: other.id }, 'viewer');
    expectError(
      await ctx.request('DELETE', `/2026-07/members/${stranger.id}`, { key: admin.token }),
      404,
      'not_found',
    );
    expect((await ctx.request('GET', '/2026-07/me', { key: stranger.token })).status).toBe(200);
  });
});

describe('self-service keys', () => {
  it('creates a key shown once with at most the creator’s scopes, lists it, and revokes it', async () => {
    const brand = await ctx.ops.createBrand();
    const admin = await memberWithSession(ctx, { brand_id: brand.id }, 'admin', 'Ada Admin');
    const res = await ctx.request('POST', '/2026-07/keys', {
      key: admin.token,
      body: { name: 'CI', scopes: ['campaigns:read', 'codes:read'] },
    });
    expect(res.status, res.text).toBe(201);
    const created = KeyCreated.parse(res.json);
    expect(created.key).toMatch(/^cck_/);
    expect(created.scopes).toEqual(['campaigns:read', 'codes:read']);
    const me = await ctx.request('GET', '/2026-07/me', { key: created.key });
    expect(me.json.brands.map((b: { id: string }) => b.id)).toEqual([brand.id]);

    const list = await ctx.request('GET', '/2026-07/keys', { key: admin.token });
    expect(list.status, list.text).toBe(200);
    expect(list.json.data[0]).toMatchObject({
      id: created.id,
      name: 'CI',
      prefix: created.prefix,
      created_by: 'Ada Admin (admin)',
      revoked_at: null,
    });
    expect(list.text).not.toContain(created.key);

    const stream = await openStream(created.key);
    const revoked = await ctx.request('POST', `/2026-07/keys/${created.id}/revoke`, {
      key: admin.token,
    });
    expect(revoked.status, revoked.text).toBe(200);
    await stream.endsWithin(2000);
    expectError(
      await ctx.request('GET', '/2026-07/me', { key: created.key }),
      401,
      'unauthenticated',
    );
  });

  it('never gives a key more scopes than its creator', async () => {
    const { brand } = await ctx.ops.brandWithKey();
    const limited = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.id,
      scopes: ['keys:write', 'campaigns:read'],
    });
    const res = await ctx.request('POST', '/2026-07/keys', {
      key: limited.key,
      body: { name: 'Wider', scopes: ['campaigns:read', 'campaigns:write'] },
    });
    expectError(res, 403, 'missing_scope', 'scopes[1]');
    const ok = await ctx.request('POST', '/2026-07/keys', {
      key: limited.key,
      body: { name: 'Same', scopes: ['campaigns:read'] },
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('a key of another brand is not found', async () => {
    const mine = await ctx.ops.brandWithKey();
    const theirs = await ctx.ops.brandWithKey();
    expectError(
      await ctx.request('POST', `/2026-07/keys/${theirs.key.id}/revoke`, { key: mine.key.key }),
      404,
      'not_found',
    );
    expect((await ctx.request('GET', '/2026-07/me', { key: theirs.key.key })).status).toBe(200);
  });

  it('an ops invitation makes the first admin of an agency', async () => {
    const { agency } = await ctx.ops.agencyWithKey(1);
    const inv = await opsInvite(ctx, { agency_id: agency.id }, 'admin');
    const res = await accept(tokenOf(inv.invitation_url), {
      name: 'First',
      password: TEST_PASSWORD,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.member.role).toBe('admin');
  });
});
