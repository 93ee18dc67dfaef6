import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Session } from '#contract/people';
import { MAX_SESSIONS_PER_MEMBER, SESSION_IDLE_MS } from '../../domain/people.ts';
import { apiKeyCacheOf } from '../../domain/key-cache.ts';
import {
  MAX_STREAMS_PER_CREDENTIAL,
  MAX_STREAMS_PER_MEMBER,
  StreamRegistry,
} from '../../domain/streams.ts';
import { formatPosition } from '../../domain/outbox.ts';
import { queryRows } from '../../db/client.ts';
import type { App } from '../../app.ts';
import { expectError } from '../../test/campaigns.ts';
import { fileContext, TEST_OPS_TOKEN } from '../../test/harness.ts';
import {
  memberWithSession,
  opsInvite,
  TEST_PASSWORD,
  tokenOf,
  uniqueEmail,
} from '../../test/people.ts';
import { readSseBlocks, waitUntil } from '../../test/sse.ts';

// Credentials keep their word (docs/api.md#sign-in-limits and around, decision 0091): a
// member's key acts within its maker's current role, an expired session's streams close, the
// sign-in limits are atomic and see one spelling of an address, invitations tell nothing of other
// tenants, and only wrong credentials count toward an address's lockout.

const ctx = await fileContext();

const signIn = (email: string, password: string, app: App = ctx.app) =>
  ctx.requestTo(app, 'POST', '/2026-07/sessions', { body: { email, password } });

/** An open event stream of `token` on `app`: its status, whether it ended, its events. */
async function openStream(token: string, app: App = ctx.app, headers: Record<string, string> = {}) {
  const res = await app.request('/2026-07/events', {
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });
  const state = {
    status: res.status,
    ended: false,
    events: [] as string[],
    reasons: [] as string[],
  };
  if (res.status !== 200) return { state, close: async () => {} };
  const close = readSseBlocks(
    res.body!,
    (lines) => {
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      if (event) state.events.push(event);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (event === 'reset' && data) state.reasons.push(JSON.parse(data).reason);
    },
    () => (state.ended = true),
  );
  return { state, close };
}

async function adminWithKey() {
  const brand = await ctx.ops.createBrand();
  // Two admins: the one demoted and removed is not the last.
  await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
  const maker = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
  const other = await memberWithSession(ctx, { brand_id: brand.id }, 'admin');
  const made = await ctx.request('POST', '/2026-07/keys', {
    key: maker.token,
    body: {
      name: 'CI',
      scopes: ['campaigns:read', 'campaigns:write', 'members:write', 'keys:write'],
    },
  });
  expect(made.status, made.text).toBe(201);
  return { brand, maker, other, key: made.json.key as string, keyId: made.json.id as string };
}

describe('a key a member made acts within its maker’s current role', () => {
  it('loses what the demoted maker lost at the next request, and is revoked (audited) when the maker is removed', async () => {
    const { maker, other, key, keyId } = await adminWithKey();
    expect((await ctx.request('GET', '/2026-07/members', { key })).status).toBe(200);
    // A key the key makes belongs to the same member.
    const chained = await ctx.request('POST', '/2026-07/keys', {
      key,
      body: { name: 'chained', scopes: ['campaigns:read', 'members:write'] },
    });
    expect(chained.status, chained.text).toBe(201);
    const chainedKey = chained.json.key as string;

    const demoted = await ctx.request('PATCH', `/2026-07/members/${maker.id}`, {
      key: other.token,
      body: { role: 'viewer' },
    });
    expect(demoted.status, demoted.text).toBe(200);
    for (const k of [key, chainedKey]) {
      expectError(await ctx.request('GET', '/2026-07/members', { key: k }), 403, 'missing_scope');
      expectError(
        await ctx.request('POST', '/2026-07/keys', {
          key: k,
          body: { name: 'more', scopes: ['campaigns:read'] },
        }),
        403,
        'missing_scope',
      );
      expectError(
        await ctx.request('POST', '/2026-07/members/invitations', {
          key: k,
          body: { email: uniqueEmail(), role: 'admin' },
        }),
        403,
        'missing_scope',
      );
      // What a viewer may do, it still does.
      expect((await ctx.request('GET', '/2026-07/campaigns', { key: k })).status).toBe(200);
    }
    const me = await ctx.request('GET', '/2026-07/me', { key });
    expect(me.json.key.scopes).toEqual(['campaigns:read']);

    const removed = await ctx.request('DELETE', `/2026-07/members/${maker.id}`, {
      key: other.token,
    });
    expect(removed.status, removed.text).toBe(200);
    for (const k of [key, chainedKey]) {
      expectError(
        await ctx.request('GET', '/2026-07/campaigns', { key: k }),
        401,
        'unauthenticated',
      );
    }
    const trail = await ctx.request(
      'GET',
      `/2026-07/audit-events?target_type=key&target_id=${keyId}&action=key.revoked`,
      { key: other.token },
    );
    expect(trail.status, trail.text).toBe(200);
    expect(trail.json.data).toHaveLength(1);
    expect(trail.json.data[0].actor.id).toBe(other.id);
  });

  it('keys made by /ops and by a plain key are not bound to any member', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const made = await ctx.request('POST', '/2026-07/keys', {
      key: key.key,
      body: { name: 'by a key', scopes: ['members:write'] },
    });
    expect(made.status, made.text).toBe(201);
    expect((await ctx.request('GET', '/2026-07/members', { key: made.json.key })).status).toBe(200);
    void brand;
  });
});

describe('an expired session', () => {
  it('closes its open event streams within 2 seconds, as a revoked one does', async () => {
    const clock = { now: Date.now() };
    // The registry's looks at the clock are its expiry checks (every EXPIRY_CHECK_MS).
    let checks = 0;
    const streams = new StreamRegistry(ctx.db, apiKeyCacheOf(ctx.db), {
      now: () => {
        checks++;
        return new Date(clock.now);
      },
    });
    const app = ctx.makeApp({ now: () => new Date(clock.now), streams });
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const s = (await signIn(m.email, TEST_PASSWORD, app)).json as Session;
    const stream = await openStream(s.token, app);
    expect(stream.state.status).toBe(200);
    // A positive control: alive after an expiry check made while the session is (no fixed wait).
    const before = checks;
    await waitUntil(() => checks > before, 'an expiry check', 3_000);
    expect(stream.state.ended).toBe(false);
    clock.now += SESSION_IDLE_MS + 1_000;
    const t = performance.now();
    await waitUntil(() => stream.state.ended, 'the expired session’s stream to end', 3_000);
    expect(performance.now() - t).toBeLessThan(2_500);
    expectError(
      await ctx.requestTo(app, 'GET', '/2026-07/me', { key: s.token }),
      401,
      'unauthenticated',
    );
  });
});

describe('the sign-in limits', () => {
  it('check at most 10 wrong passwords for one e-mail however many arrive at once, on two instances', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const [a, b] = [ctx.makeApp(), ctx.makeApp()];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(m.email, `wrong password ${i}!!`, i % 2 ? a : b)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Locked now, right password or not, on either instance.
    expectError(await signIn(m.email, TEST_PASSWORD, a), 429, 'rate_limited');
  });

  it('see one canonical spelling of an address: case, width and Unicode forms share the lock; İ is another address', async () => {
    const brand = await ctx.ops.createBrand();
    const local = `rev${Date.now().toString(36)}`;
    const email = `${local}iewer@pixel.test`;
    await memberWithSession(ctx, { brand_id: brand.id }, 'viewer').then(() => undefined);
    const inv = await opsInvite(ctx, { brand_id: brand.id }, 'reviewer', email.toUpperCase());
    expect(inv.email).toBe(email.toUpperCase());
    const accepted = await ctx.request(
      'POST',
      `/2026-07/invitations/${tokenOf(inv.invitation_url)}/accept`,
      { body: { name: 'Canon', password: TEST_PASSWORD } },
    );
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.json.member.email).toBe(email);
    // Full-width letters are the same address (NFKC).
    const wide = email.replace('pixel', 'ｐｉｘｅｌ');
    // One clock minute for every sign-in below: the failed sign-ins are counted in fixed minute
    // windows, and a burst straddling a minute's end would be counted in two.
    const minute = { now: Date.now() };
    const app = ctx.makeApp({ now: () => new Date(minute.now) });
    expect((await signIn(wide, TEST_PASSWORD, app)).status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const spelled = i % 2 ? email.toUpperCase() : wide;
      expect((await signIn(spelled, `wrong password ${i}!!`, app)).status).toBe(401);
    }
    expectError(await signIn(email, TEST_PASSWORD, app), 429, 'rate_limited');
    // With a dotted capital I it is another address: no member, never this one's session.
    const dotted = email.replace(`${local}i`, `${local}İ`);
    expectError(await signIn(dotted, TEST_PASSWORD, app), 401, 'invalid_credentials');
    // Uniqueness sees the same form: inviting another spelling of a member's address.
    const again = await ctx.request('POST', '/ops/invitations', {
      key: TEST_OPS_TOKEN,
      body: { email: ` ${email.toUpperCase()}`.trim(), role: 'viewer', brand_id: brand.id },
    });
    expectError(again, 409, 'member_exists', 'email');
  });

  it('allow at most 20 sign-ins of a member a minute, and 50 live sessions (the oldest ends)', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    // After the invitation's session, which is the oldest.
    const clock = { now: Date.now() + 1_000 };
    const app = ctx.makeApp({ now: () => new Date(clock.now) });
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await signIn(m.email, TEST_PASSWORD, app);
      expect(res.status, res.text).toBe(201);
      tokens.push(res.json.token);
    }
    const refused = await signIn(m.email, TEST_PASSWORD, app);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Sessions up to the cap (made directly: signing in 30 more times is only slower), then one
    // more sign-in a minute later ends the oldest, the invitation's.
    const missing = MAX_SESSIONS_PER_MEMBER - tokens.length - 1;
    await ctx.db
      .execute(sql`insert into sessions (member_id, token_hash, prefix, created_at, last_used_at)
      select ${m.id}::uuid, md5(random()::text || g), 'ccs_filler', ${new Date(clock.now).toISOString()}::timestamptz,
        ${new Date(clock.now).toISOString()}::timestamptz
      from generate_series(1, ${missing}) g`);
    clock.now += 60_000;
    const last = await signIn(m.email, TEST_PASSWORD, app);
    expect(last.status, last.text).toBe(201);
    tokens.push(last.json.token);
    expectError(
      await ctx.requestTo(app, 'GET', '/2026-07/me', { key: m.token }),
      401,
      'unauthenticated',
    );
    for (const t of [tokens[0]!, tokens.at(-1)!])
      expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: t })).status).toBe(200);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sessions where member_id = ${m.id}::uuid`,
    );
    expect(Number(row!.n)).toBe(MAX_SESSIONS_PER_MEMBER);
  }, 90_000); // 22 password hashes on a busy 2-core machine
});

describe('invitations', () => {
  it('answer the same 201 for a member of another organisation, 409 only for the inviter’s own', async () => {
    const [mine, theirs] = [await ctx.ops.createBrand(), await ctx.ops.createBrand()];
    const admin = await memberWithSession(ctx, { brand_id: mine.id }, 'admin');
    const elsewhere = await memberWithSession(ctx, { brand_id: theirs.id }, 'viewer');
    const colleague = await memberWithSession(ctx, { brand_id: mine.id }, 'viewer');
    const invite = (email: string) =>
      ctx.request('POST', '/2026-07/members/invitations', {
        key: admin.token,
        body: { email, role: 'viewer' },
      });
    const other = await invite(elsewhere.email);
    const unknown = await invite(uniqueEmail());
    expect(other.status, other.text).toBe(201);
    expect(unknown.status).toBe(201);
    expect(Object.keys(other.json).sort()).toEqual(Object.keys(unknown.json).sort());
    expectError(await invite(colleague.email.toUpperCase()), 409, 'member_exists', 'email');
  });

  it('accepted twice at once for one new address: one member, the other 409, never a 500', async () => {
    const brand = await ctx.ops.createBrand();
    for (let round = 0; round < 5; round++) {
      const email = uniqueEmail();
      const [x, y] = [
        await opsInvite(ctx, { brand_id: brand.id }, 'viewer', email),
        await opsInvite(ctx, { brand_id: brand.id }, 'manager', email),
      ];
      const answers = await Promise.all(
        [x, y].map((inv) =>
          ctx.request('POST', `/2026-07/invitations/${tokenOf(inv.invitation_url)}/accept`, {
            body: { name: 'Twice', password: TEST_PASSWORD },
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expectError(
        answers.find((a) => a.status === 409)!,
        409,
        'member_exists',
        'email',
      );
    }
  });

  it('refuse passwords that are only white space or among the most common', async () => {
    const brand = await ctx.ops.createBrand();
    for (const password of [' '.repeat(12), 'password1234', 'Password1234', 'qwertyuiop123']) {
      const inv = await opsInvite(ctx, { brand_id: brand.id }, 'viewer');
      const res = await ctx.request(
        'POST',
        `/2026-07/invitations/${tokenOf(inv.invitation_url)}/accept`,
        { body: { name: 'Weak', password } },
      );
      expectError(res, 422, 'validation_failed', 'password');
    }
  });
});

describe('only wrong credentials count toward an address’s lockout', () => {
  it('requests without any credential never lock out the right ops token or a valid key', async () => {
    const app = ctx.makeApp({ failedAuthPerMinute: 5, opsFailedAuthPerMinute: 3 });
    const { key } = await ctx.ops.brandWithKey();
    for (let i = 0; i < 12; i++) {
      expectError(await ctx.requestTo(app, 'GET', '/ops/brands'), 401, 'unauthenticated');
      expectError(await ctx.requestTo(app, 'GET', '/2026-07/campaigns'), 401, 'unauthenticated');
    }
    const brand = { name: 'Still open' };
    expect(
      (await ctx.requestTo(app, 'POST', '/ops/brands', { key: TEST_OPS_TOKEN, body: brand }))
        .status,
    ).toBe(201);
    expect((await ctx.requestTo(app, 'GET', '/2026-07/campaigns', { key: key.key })).status).toBe(
      200,
    );
    // A positive control: wrong ones do.
    for (let i = 0; i < 4; i++) await ctx.requestTo(app, 'GET', '/ops/brands', { key: 'wrong' });
    expectError(
      await ctx.requestTo(app, 'POST', '/ops/brands', { key: TEST_OPS_TOKEN, body: brand }),
      429,
      'rate_limited',
    );
  });
});

describe('event streams of a member', () => {
  it(`hold at most ${MAX_STREAMS_PER_MEMBER} across the member’s sessions`, async () => {
    const clock = { now: Date.now() };
    const app = ctx.makeApp({ now: () => new Date(clock.now) });
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const open: Awaited<ReturnType<typeof openStream>>[] = [];
    const perSession = MAX_STREAMS_PER_CREDENTIAL;
    for (let s = 0; s <= MAX_STREAMS_PER_MEMBER / perSession; s++) {
      clock.now += 3_100;
      const token = (await signIn(m.email, TEST_PASSWORD, app)).json.token as string;
      for (let i = 0; i < perSession && open.length <= MAX_STREAMS_PER_MEMBER; i++)
        open.push(await openStream(token, app));
    }
    const statuses = open.map((o) => o.state.status);
    expect(statuses.slice(0, MAX_STREAMS_PER_MEMBER)).toEqual(
      Array(MAX_STREAMS_PER_MEMBER).fill(200),
    );
    expect(statuses[MAX_STREAMS_PER_MEMBER]).toBe(429);
    await Promise.all(open.map((o) => o.close()));
  });

  it('a Last-Event-ID ahead of the newest event starts with a reset', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const stream = await openStream(key.key, ctx.app, {
      'Last-Event-ID': formatPosition({ txId: 9_000_000_000, id: 9_000_000_000 }),
    });
    expect(stream.state.status).toBe(200);
    await waitUntil(() => stream.state.reasons.length > 0, 'a reset', 3_000);
    expect(stream.state.reasons).toEqual(['ahead']);
    await stream.close();
  });
});
