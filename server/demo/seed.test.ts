import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Me } from '#contract/me';
import { BUILTIN_TARGETING, ensureBuiltinTargeting } from '../db/builtin-targeting.ts';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { DEMO_AGENCY_KEY, DEMO_BRAND_KEY, seedDemo, type DemoWorld } from './seed.ts';

let ctx: TestContext;
let world: DemoWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  const result = await seedDemo(ctx.db);
  if (!result.created) throw new Error('the test database should have been empty');
  world = result.world;
});
afterAll(() => ctx.close());

async function counts() {
  const tables = ['brands', 'agencies', 'agency_brands', 'api_keys', 'targeting_properties', 'targeting_values'];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: number }>(ctx.db, sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = row!.n;
  }
  return out;
}

describe('the demo world', () => {
  it('has an agency managing Glow Lab and Northwind Outdoors, and Pixel Coffee on its own', () => {
    expect(world.agency.name).toBe('Brightline Agency');
    expect(world.brands.map((b) => [b.name, b.managed_by_agency])).toEqual([
      ['Glow Lab', true],
      ['Northwind Outdoors', true],
      ['Pixel Coffee', false],
    ]);
    expect(world.brand_key).toBe(DEMO_BRAND_KEY);
    expect(world.agency_key).toBe(DEMO_AGENCY_KEY);
  });

  it('gives a brand key for Glow Lab with every scope', async () => {
    const res = await ctx.request('GET', '/2026-07/me', { key: DEMO_BRAND_KEY });
    expect(res.status).toBe(200);
    const me = Me.parse(res.json);
    expect(me.brands.map((b) => b.name)).toEqual(['Glow Lab']);
    expect(me.key.scopes).toHaveLength(6);
  });

  it('gives an agency key for Brightline with its two brands and every scope', async () => {
    const me = Me.parse((await ctx.request('GET', '/2026-07/me', { key: DEMO_AGENCY_KEY })).json);
    expect(me.agency?.name).toBe('Brightline Agency');
    expect(me.brands.map((b) => b.name)).toEqual(['Glow Lab', 'Northwind Outdoors']);
    expect(me.key.scopes).toHaveLength(6);
  });

  it('stores the demo keys hashed, like any key', async () => {
    const rows = await queryRows<{ row: string }>(ctx.db, sql`select row_to_json(k)::text as row from api_keys k`);
    const all = rows.map((r) => r.row).join('\n');
    expect(all).not.toContain(DEMO_BRAND_KEY);
    expect(all).not.toContain(DEMO_AGENCY_KEY);
  });

  it('is seeded only once: seeding again changes nothing', async () => {
    const before = await counts();
    expect(await seedDemo(ctx.db)).toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });
});

describe('built-in targeting properties', () => {
  it('exist on a database that was never seeded', async () => {
    const other = await createTestContext();
    try {
      const { key } = await other.ops.brandWithKey();
      const res = await other.request('GET', '/2026-07/targeting/properties', { key: key.key });
      expect(res.json.data.map((p: { id: string }) => p.id)).toEqual(BUILTIN_TARGETING.map((p) => p.id));
    } finally {
      await other.close();
    }
  });

  it('are ensured idempotently', async () => {
    const before = await counts();
    await ensureBuiltinTargeting(ctx.db);
    expect(await counts()).toEqual(before);
  });
});
