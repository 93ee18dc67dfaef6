import { describe, expect, it } from 'vitest';
import { Me } from '#contract/me';
import { fileContext, TEST_OPS_TOKEN } from '../../test/harness.ts';

const ctx = await fileContext();

describe('GET /me', () => {
  it('answers a brand key with its own brand and no agency', async () => {
    const { brand, key } = await ctx.ops.brandWithKey(['campaigns:read']);
    const res = await ctx.request('GET', '/2026-07/me', { key: key.key });
    expect(res.status).toBe(200);
    const me = Me.parse(res.json);
    expect(me).toEqual({
      key: { id: key.id, kind: 'brand', scopes: ['campaigns:read'], prefix: key.key.slice(0, 12) },
      agency: null,
      brands: [{ id: brand.id, name: brand.name }],
      member: null,
    });
  });

  it('answers an agency key with its agency and every brand it manages, by name', async () => {
    const { agency, brands, key } = await ctx.ops.agencyWithKey(3);
    const res = await ctx.request('GET', '/2026-07/me', { key: key.key });
    expect(res.status).toBe(200);
    const me = Me.parse(res.json);
    expect(me.key).toMatchObject({ id: key.id, kind: 'agency', prefix: key.prefix });
    expect(me.key.scopes).toHaveLength(8);
    expect(me.agency).toEqual({ id: agency.id, name: agency.name });
    expect(me.brands).toEqual(
      [...brands]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((b) => ({ id: b.id, name: b.name })),
    );
  });

  it('answers a key without any scope (no scope is needed)', async () => {
    const { key } = await ctx.ops.brandWithKey([]);
    const res = await ctx.request('GET', '/2026-07/me', { key: key.key });
    expect(res.status).toBe(200);
    expect(res.json.key.scopes).toEqual([]);
  });

  it('does not list a brand of another agency', async () => {
    const mine = await ctx.ops.agencyWithKey(1);
    const theirs = await ctx.ops.agencyWithKey(1);
    const res = await ctx.request('GET', '/2026-07/me', { key: mine.key.key });
    expect(res.json.brands.map((b: { id: string }) => b.id)).not.toContain(theirs.brands[0]!.id);
  });
});

describe('authentication on /2026-07', () => {
  const expect401 = (res: { status: number; json: unknown }) => {
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 401, code: 'unauthenticated' });
  };

  it('GET /me answers 401 unauthenticated without an Authorization header', async () => {
    const res = await ctx.request('GET', '/2026-07/me');
    expect401(res);
    expect(res.json.message).toMatch(/Missing API key/);
  });

  it('GET /me reads a blank Authorization header as a missing key, and says so', async () => {
    const res = await ctx.request('GET', '/2026-07/me', { headers: { Authorization: '   ' } });
    expect401(res);
    expect(res.json.message).toMatch(/Missing API key/);
  });

  it.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer '],
    ['Bearer two words'],
    ['cck_without_scheme'],
  ])('GET /me answers 401 unauthenticated for the malformed header %j', async (header) => {
    const res = await ctx.request('GET', '/2026-07/me', { headers: { Authorization: header } });
    expect401(res);
  });

  it('GET /me answers 401 unauthenticated for an unknown key', async () => {
    expect401(
      await ctx.request('GET', '/2026-07/me', {
        key: 'cck_0000000000000000000000000000000000000000',
      }),
    );
  });

  it('GET /me answers 401 unauthenticated for a revoked key', async () => {
    const { key } = await ctx.ops.brandWithKey();
    expect((await ctx.request('GET', '/2026-07/me', { key: key.key })).status).toBe(200);
    await ctx.ops.revokeKey(key.id);
    expect401(await ctx.request('GET', '/2026-07/me', { key: key.key }));
  });

  it('GET /me answers 401 unauthenticated for the ops token', async () => {
    expect401(await ctx.request('GET', '/2026-07/me', { key: TEST_OPS_TOKEN }));
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const res = await ctx.request('GET', '/2026-07/me', {
      headers: { Authorization: `bearer ${key.key}` },
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 before routing: an unknown path without a key is 401, with a key 404', async () => {
    expect401(await ctx.request('GET', '/2026-07/nothing-here'));
    const { key } = await ctx.ops.brandWithKey();
    const res = await ctx.request('GET', '/2026-07/nothing-here', { key: key.key });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: 404, code: 'not_found' });
  });
});
