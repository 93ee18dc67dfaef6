import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Me } from '#contract/me';
import { Session } from '#contract/people';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../domain/people.ts';
import { MemoryRateLimitStore } from '../../http/rate-limit.ts';
import { expectError } from '../../test/campaigns.ts';
import { fileContext, TEST_OPS_TOKEN } from '../../test/harness.ts';
import {
  memberWithSession,
  opsInvite,
  TEST_PASSWORD,
  tokenOf,
  uniqueEmail,
} from '../../test/people.ts';

const ctx = await fileContext();

const signIn = (email: string, password: string, app = ctx.app) =>
  ctx.requestTo(app, 'POST', '/2026-07/sessions', { body: { email, password } });

describe('POST /sessions', () => {
  it('signs a member in with a ccs_ token that works like a key with the role’s scopes', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'reviewer', 'Maya Chen');
    const res = await signIn(m.email.toUpperCase(), TEST_PASSWORD);
    expect(res.status, res.text).toBe(201);
    const session = Session.parse(res.json);
    expect(session.token).toMatch(/^ccs_[0-9A-Za-z]{40}$/);
    expect(session.member).toEqual({
      id: m.id,
      email: m.email,
      name: 'Maya Chen',
      role: 'reviewer',
    });
    const expires = Date.parse(session.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(SESSION_MAX_MS - 60_000);
    expect(expires).toBeLessThanOrEqual(SESSION_MAX_MS);

    const me = await ctx.request('GET', '/2026-07/me', { key: session.token });
    expect(me.status, me.text).toBe(200);
    const parsed = Me.parse(me.json);
    expect(parsed.member).toEqual(session.member);
    expect(parsed.key.scopes).toEqual([
      'campaigns:read',
      'submissions:write',
      'creators:write',
      'codes:read',
    ]);
    expect(parsed.brands.map((b) => b.id)).toEqual([brand.id]);
    // A reviewer may read campaigns but not create one.
    expect((await ctx.request('GET', '/2026-07/campaigns', { key: session.token })).status).toBe(
      200,
    );
    const create = await ctx.request('POST', '/2026-07/campaigns', {
      key: session.token,
      body: { name: 'x' },
    });
    expectError(create, 403, 'missing_scope');
    expect(create.json.message).toMatch(/reviewer/);
  });

  it('answers the same 401 invalid_credentials for a wrong password and an unknown e-mail', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const wrong = await signIn(m.email, 'not the right password');
    const unknown = await signIn(uniqueEmail(), 'not the right password');
    expectError(wrong, 401, 'invalid_credentials');
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.text).not.toContain('not the right password');
  });

  it('takes the same time for a wrong password and an unknown e-mail (within noise)', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const time = async (email: string) => {
      const t = performance.now();
      const res = await signIn(email, 'wrong password here');
      expect(res.status).toBe(401);
      return performance.now() - t;
    };
    await time(uniqueEmail()); // the dummy hash is made on first use
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await time(m.email));
      unknown.push(await time(uniqueEmail()));
    }
    // The fastest of each: other work on a busy machine only ever adds time, so the minimum is
    // the least noisy measure of the work itself. scrypt dominates both (tens of ms); a skipped
    // hash would make one several times faster.
    const [a, b] = [Math.min(...known), Math.min(...unknown)];
    expect(Math.min(a, b) / Math.max(a, b), `known ${a} ms, unknown ${b} ms`).toBeGreaterThan(0.6);
  });

  it('refuses passwords under 12 characters at acceptance, naming the field', async () => {
    const brand = await ctx.ops.createBrand();
    const inv = await opsInvite(ctx, { brand_id: brand.id }, 'viewer');
    const res = await ctx.request(
      'POST',
      `/2026-07/invitations/${tokenOf(inv.invitation_url)}/accept`,
      { body: { name: 'Short', password: 'elevenchars' } },
    );
    expectError(res, 422, 'validation_failed', 'password');
  });

  it('throttles repeated failures per e-mail (429 with Retry-After, even with the right password)', async () => {
    const app = ctx.makeApp({
      signIn: { signInFailuresPerEmail: 3, signInFailuresPerAddress: 1000 },
    });
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    for (let i = 0; i < 3; i++)
      expect((await signIn(m.email, 'wrong password!!', app)).status).toBe(401);
    const refused = await signIn(m.email, TEST_PASSWORD, app);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another e-mail from the same address is not locked by it.
    const other = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    expect((await signIn(other.email, TEST_PASSWORD, app)).status).toBe(201);
  });

  it('gives a successful sign-in its failure tries back: right passwords never lock a member out', async () => {
    const app = ctx.makeApp({
      signIn: { signInFailuresPerEmail: 3, signInFailuresPerAddress: 1000 },
      rateLimitStore: new MemoryRateLimitStore(),
    });
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    // More successes than the failure limit: each reserves a try and gives it back.
    for (let i = 0; i < 4; i++)
      expect((await signIn(m.email, TEST_PASSWORD, app)).status).toBe(201);
    // The positive control: the limit is live on this app, and counts the failures only.
    for (let i = 0; i < 3; i++)
      expect((await signIn(m.email, 'wrong password!!', app)).status).toBe(401);
    expectError(await signIn(m.email, TEST_PASSWORD, app), 429, 'rate_limited');
  });

  it('throttles repeated failures per client address', async () => {
    // Its own counters: the database's are shared with this file's other sign-ins (one address).
    const app = ctx.makeApp({
      signIn: { signInFailuresPerEmail: 1000, signInFailuresPerAddress: 4 },
      rateLimitStore: new MemoryRateLimitStore(),
    });
    for (let i = 0; i < 4; i++)
      expect((await signIn(uniqueEmail(), 'wrong password!!', app)).status).toBe(401);
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    expectError(await signIn(m.email, TEST_PASSWORD, app), 429, 'rate_limited');
  });
});

describe('session lifetime', () => {
  /** A viewer signed in on an app whose clock stands still until the test moves `clock.now`. */
  async function signedInOnClock() {
    const clock = { now: Date.now() };
    const app = ctx.makeApp({ now: () => new Date(clock.now) });
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'viewer');
    const s = (await signIn(m.email, TEST_PASSWORD, app)).json as Session;
    return { app, clock, s };
  }

  it('ends after 12 hours without use, and lives on while used', async () => {
    const { app, clock, s } = await signedInOnClock();
    clock.now += SESSION_IDLE_MS - 60_000;
    expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: s.token })).status).toBe(200);
    clock.now += SESSION_IDLE_MS - 60_000; // used 11 h 59 min ago: still alive
    expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: s.token })).status).toBe(200);
    clock.now += SESSION_IDLE_MS + 1000;
    const res = await ctx.requestTo(app, 'GET', '/2026-07/me', { key: s.token });
    expectError(res, 401, 'unauthenticated');
    expect(res.text).not.toContain(s.token);
  });

  it('ends 7 days after sign-in however much it is used', async () => {
    const { app, clock, s } = await signedInOnClock();
    // Used every 11 hours (never idle for 12) until just before the 7 days are over.
    for (let i = 0; i < 15; i++) {
      clock.now += 11 * 60 * 60 * 1000;
      expect((await ctx.requestTo(app, 'GET', '/2026-07/me', { key: s.token })).status).toBe(200);
    }
    clock.now = Date.parse(s.expires_at) + 1;
    expectError(
      await ctx.requestTo(app, 'GET', '/2026-07/me', { key: s.token }),
      401,
      'unauthenticated',
    );
  });

  it('DELETE /sessions/current ends it; an API key is not a session', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'manager');
    const out = await ctx.request('DELETE', '/2026-07/sessions/current', { key: m.token });
    expect(out.status, out.text).toBe(200);
    expectError(await ctx.request('GET', '/2026-07/me', { key: m.token }), 401, 'unauthenticated');
    expectError(
      await ctx.request('DELETE', '/2026-07/sessions/current', { key: key.key }),
      400,
      'invalid_request',
    );
    expect((await ctx.request('GET', '/2026-07/me', { key: key.key })).status).toBe(200);
  });

  it('works with Idempotency-Key like a key (no foreign key to api_keys)', async () => {
    const brand = await ctx.ops.createBrand();
    const m = await memberWithSession(ctx, { brand_id: brand.id }, 'manager');
    const send = () =>
      ctx.request('POST', '/2026-07/campaigns', {
        key: m.token,
        headers: { 'Idempotency-Key': 'one' },
        body: {
          name: 'Idempotent by session',
          product: { name: 'P' },
        },
      });
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replay')).toBe('true');
    expect(again.json.id).toBe(first.json.id);
  });
});

describe('ops side', () => {
  it('POST /ops/invitations refuses an unknown brand naming the field', async () => {
    const res = await ctx.request('POST', '/ops/invitations', {
      key: TEST_OPS_TOKEN,
      body: {
        email: uniqueEmail(),
        role: 'admin',
        brand_id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expectError(res, 422, 'validation_failed', 'brand_id');
  });
});

describe('what the log and the errors never hold', () => {
  it('no password, session token or invitation token reaches the request log or an answer', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = ctx.makeApp({ logger: pino({ level: 'info' }, sink) });
    const brand = await ctx.ops.createBrand();
    const inv = await opsInvite(ctx, { brand_id: brand.id }, 'viewer');
    const invitationToken = tokenOf(inv.invitation_url);
    const password = 'a long secret passphrase';
    const accepted = await ctx.requestTo(
      app,
      'POST',
      `/2026-07/invitations/${invitationToken}/accept`,
      { body: { name: 'Logged', password } },
    );
    expect(accepted.status, accepted.text).toBe(201);
    const token = accepted.json.token as string;
    const answers = [
      await ctx.requestTo(app, 'POST', '/2026-07/sessions', {
        body: { email: inv.email, password: `${password}!` },
      }),
      await ctx.requestTo(app, 'GET', '/2026-07/me', { key: token }),
      await ctx.requestTo(app, 'DELETE', '/2026-07/sessions/current', { key: token }),
      await ctx.requestTo(app, 'GET', '/2026-07/me', { key: token }),
      await ctx.requestTo(app, 'POST', `/2026-07/invitations/${invitationToken}/accept`, {
        body: { name: 'Again', password },
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 200, 200, 401, 404]);
    const everything = lines.join('\n') + answers.map((a) => a.text).join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const secret of [password, token, invitationToken]) {
      expect(everything).not.toContain(secret);
    }
    // The log still says which session acted, by its prefix.
    expect(everything).toContain(token.slice(0, 12));
  });
});
