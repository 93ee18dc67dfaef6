import { describe, expect, it } from 'vitest';
import { agencyBrands } from '../db/schema.ts';
import { brandForCreate } from '../domain/tenancy.ts';
import { fileContext } from '../test/harness.ts';
import { assertBrandManaged, getAuth, requireScope } from './auth.ts';

// The helpers later routes build on, exercised through test-only routes.

const ctx = await fileContext();
const app = ctx.makeApp();
app.get('/2026-07/test-only/things/:brandId', requireScope('campaigns:read'), (c) =>
  c.json({ ok: true }),
);
app.get('/2026-07/test-only/filter', (c) => {
  assertBrandManaged(c, c.req.query('brand_id') ?? '');
  return c.json({ ok: true });
});
app.get('/2026-07/test-only/create-for', (c) => {
  return c.json({ brand_id: brandForCreate(getAuth(c), c.req.query('brand_id')) });
});

describe('tenancy helpers', () => {
  it('requireScope answers 403 missing_scope before the resource is looked at', async () => {
    const k = await ctx.ops.brandWithKey(['campaigns:write']);
    const res = await ctx.requestTo(app, 'GET', `/2026-07/test-only/things/${k.brand.id}`, {
      key: k.key.key,
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('missing_scope');
  });

  it('a brand_id the caller names but does not manage answers 403 brand_not_managed', async () => {
    const agency = await ctx.ops.agencyWithKey(1);
    const outsider = await ctx.ops.createBrand();
    const ok = await ctx.requestTo(
      app,
      'GET',
      `/2026-07/test-only/filter?brand_id=${agency.brands[0]!.id}`,
      {
        key: agency.key.key,
      },
    );
    expect(ok.status).toBe(200);
    const res = await ctx.requestTo(
      app,
      'GET',
      `/2026-07/test-only/filter?brand_id=${outsider.id}`,
      {
        key: agency.key.key,
      },
    );
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: 403, code: 'brand_not_managed' });
    expect(res.json.message).toMatch(/^brand_id: /);
  });

  it('a create by a brand key defaults to its brand; an agency key must name a managed brand', async () => {
    const brandKey = await ctx.ops.brandWithKey();
    const other = await ctx.ops.createBrand();
    const own = await ctx.requestTo(app, 'GET', '/2026-07/test-only/create-for', {
      key: brandKey.key.key,
    });
    expect(own.json).toEqual({ brand_id: brandKey.brand.id });
    const foreign = await ctx.requestTo(
      app,
      'GET',
      `/2026-07/test-only/create-for?brand_id=${other.id}`,
      {
        key: brandKey.key.key,
      },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.json.code).toBe('brand_not_managed');

    const agency = await ctx.ops.agencyWithKey(1);
    const missing = await ctx.requestTo(app, 'GET', '/2026-07/test-only/create-for', {
      key: agency.key.key,
    });
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe('brand_id: is required for agency keys');
    const named = await ctx.requestTo(
      app,
      'GET',
      `/2026-07/test-only/create-for?brand_id=${agency.brands[0]!.id}`,
      {
        key: agency.key.key,
      },
    );
    expect(named.json).toEqual({ brand_id: agency.brands[0]!.id });
  });

  it('an agency key acts for a brand added to its agency later (read at each request)', async () => {
    const agency = await ctx.ops.agencyWithKey(0);
    const before = await ctx.request('GET', '/2026-07/me', { key: agency.key.key });
    expect(before.json.brands).toEqual([]);
    // No /ops route changes an agency's brands yet: add one in the database directly.
    const brand = await ctx.ops.createBrand();
    await ctx.db.insert(agencyBrands).values({ agencyId: agency.agency.id, brandId: brand.id });
    const after = await ctx.request('GET', '/2026-07/me', { key: agency.key.key });
    expect(after.json.brands).toEqual([{ id: brand.id, name: brand.name }]);
  });
});
