import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { queryRows } from '../server/db/client.ts';
import { createLogger } from '../server/logger.ts';
import { createTestContext, TEST_OPS_TOKEN } from '../server/test/harness.ts';
import { opsInvite, tokenOf, uniqueEmail } from '../server/test/people.ts';

// The log never holds a secret (docs/reliability.md, decision 0090): a realistic run of requests
// against the app in-process, its logger (server/logger.ts, at debug) writing to a buffer, then
// every secret the run used is looked for in the text: passwords, session tokens, API keys,
// invitation tokens, password hashes, the ops token, and the e-mail a failed insert carried.

let logText = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    logText += String(chunk);
    done();
  },
});
const ctx = await createTestContext({ deps: { logger: createLogger('debug', sink) } });
afterAll(() => ctx.close());

const secrets = new Map<string, string>([['the ops token', TEST_OPS_TOKEN]]);
const keep = (what: string, value: string) => {
  secrets.set(what, value);
  return value;
};
const password = (what: string) => keep(what, `pw-${randomBytes(9).toString('base64url')}`);

const api = (method: string, path: string, key?: string, body?: unknown) =>
  ctx.request(method, `/2026-07${path}`, {
    ...(key !== undefined ? { key } : {}),
    ...(body !== undefined ? { body } : {}),
  });

/** Accepts an invitation with `pass`: the answer (201 with a session, or the refusal). */
const accept = (token: string, pass: string) =>
  api('POST', `/invitations/${token}/accept`, undefined, { name: 'Probe Member', password: pass });

describe('the log', () => {
  test('holds none of the secrets of a realistic run, database errors included', async () => {
    const { brand, key } = await ctx.ops.brandWithKey();
    keep('the brand key', key.key);

    // An admin invited by ops, accepted, signing in with the right and a wrong password.
    const adminPassword = password("the admin's password");
    const invitation = await opsInvite(ctx, { brand_id: brand.id }, 'admin');
    const adminToken = keep("the admin's invitation token", tokenOf(invitation.invitation_url));
    const joined = await accept(adminToken, adminPassword);
    expect(joined.status, joined.text).toBe(201);
    keep("the admin's first session", joined.json.token);
    const signedIn = await api('POST', '/sessions', undefined, {
      email: invitation.email,
      password: adminPassword,
    });
    expect(signedIn.status, signedIn.text).toBe(201);
    const session = keep("the admin's session", signedIn.json.token);
    const wrong = await api('POST', '/sessions', undefined, {
      email: invitation.email,
      password: password('a wrong password'),
    });
    expect(wrong.status).toBe(401);

    // A key made and revoked by the admin; the used invitation tried again.
    const made = await api('POST', '/keys', session, {
      name: 'Probe key',
      scopes: ['campaigns:read'],
    });
    expect(made.status, made.text).toBe(201);
    keep('a key made by a member', made.json.key);
    expect((await api('GET', '/me', made.json.key)).status).toBe(200);
    expect((await api('POST', `/keys/${made.json.id}/revoke`, session)).status).toBe(200);
    expect((await api('GET', '/me', made.json.key)).status).toBe(401);
    expect((await accept(adminToken, password('a used invitation'))).status).toBe(404);

    // Two invitations of one e-mail accepted at once: on PostgreSQL the second insert may break
    // the unique index; PGlite runs them one after the other (409).
    const twice = uniqueEmail();
    const raced = await Promise.all(
      [0, 1].map(async (i) => {
        const inv = await opsInvite(ctx, { brand_id: brand.id }, 'viewer', twice);
        return accept(
          keep(`racing invitation ${i}`, tokenOf(inv.invitation_url)),
          password(`racing password ${i}`),
        );
      }),
    );
    expect(raced.map((r) => r.status).sort()).toContainEqual(201);

    // A unique violation forced on both drivers: a trigger refuses a member of this domain with
    // the error PostgreSQL gives a duplicate e-mail (its detail holds the value).
    await ctx.db.execute(
      sql.raw(`create or replace function probe_duplicate() returns trigger language plpgsql as $$
        begin
          if new.email like '%@collide.test' then
            raise exception using errcode = '23505', constraint = 'members_email_key',
              message = 'duplicate key value violates unique constraint "members_email_key"',
              detail = 'Key (email)=(' || new.email || ') already exists.';
          end if;
          return new;
        end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger probe_duplicate before insert on members
        for each row execute function probe_duplicate()`),
    );
    const collide = keep('the colliding e-mail', `${randomBytes(6).toString('hex')}@collide.test`);
    const collideInvitation = await opsInvite(ctx, { brand_id: brand.id }, 'viewer', collide);
    const failed = await accept(
      keep('the colliding invitation', tokenOf(collideInvitation.invitation_url)),
      password('the colliding password'),
    );
    expect(failed.status, failed.text).toBe(500);

    // A bad body holding a password, a key in a path and in a query, the ops side.
    const badBody = password('a password in a bad body');
    const bad = await ctx.request('POST', '/2026-07/sessions', {
      rawBody: `{"email": "${invitation.email}", "password": "${badBody}"`,
    });
    expect(bad.status).toBe(400);
    expect((await api('GET', `/nowhere/${key.key}`, key.key)).status).toBe(404);
    expect((await api('GET', `/campaigns?starting_after=${session}`, key.key)).status).toBe(400);
    const opsBrand = { name: 'Probe Brand' };
    expect(
      (await ctx.request('POST', '/ops/brands', { key: TEST_OPS_TOKEN, body: opsBrand })).status,
    ).toBe(201);
    expect(
      (await ctx.request('POST', '/ops/brands', { key: `${TEST_OPS_TOKEN}x`, body: opsBrand }))
        .status,
    ).toBe(401);

    // Every password hash of the database.
    const hashes = await queryRows<{ password_hash: string }>(
      ctx.db,
      sql`select password_hash from members`,
    );
    hashes.forEach((h, i) => keep(`password hash ${i}`, h.password_hash));

    // The run was logged: the database error with its code and constraint, without its values.
    const lines = logText
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const unhandled = lines.filter((l) => l.msg === 'unhandled error');
    expect(unhandled.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(unhandled)).toContain('23505');
    expect(JSON.stringify(unhandled)).toContain('members_email_key');
    expect(lines.filter((l) => l.msg === 'request').length).toBeGreaterThan(20);

    const found = [...secrets].filter(([, value]) => logText.includes(value)).map(([what]) => what);
    expect(found, 'secrets found in the log').toEqual([]);
    // Nor any part of a hash, nor the parameters or the query text of a failed query.
    expect(logText).not.toMatch(/scrypt\$\d+\$/);
    expect(logText).not.toMatch(/"params"|params: |insert into "members"/i);
  });
});
