import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKeys, brands } from '../db/schema.ts';
import { hashApiKey, insertApiKey } from '../domain/keys.ts';
import { insertAgency, insertBrand } from '../domain/tenancy.ts';
import { seedDemoActivity } from './activity.ts';
import { seedDemoCampaigns } from './campaigns.ts';

// The demo world of a first start: Brightline Agency manages Glow Lab and Northwind Outdoors;
// Pixel Coffee is on its own. Each brand has campaigns in every status (see ./campaigns.ts). The two keys are fixed, well-known strings so the README can give
// them; like any key they are stored only as hashes.

export const DEMO_BRAND_KEY = 'cck_demo_brand_glowlab_0000000000000000000000';
export const DEMO_AGENCY_KEY = 'cck_demo_agency_brightline_00000000000000000';

export interface DemoWorld {
  brand_key: string;
  agency_key: string;
  agency: { id: string; name: string };
  brands: { id: string; name: string; managed_by_agency: boolean }[];
}

export type SeedResult = { created: true; world: DemoWorld } | { created: false };

// Any fixed number: instances starting together on one empty PostgreSQL seed once.
const SEED_LOCK = 7_202_608;

/** Creates the demo world on an empty database (no brands yet); otherwise changes nothing. */
export interface SeedOptions {
  /** Where the service answers, for the demo media URLs (public/samples). */
  mediaBase?: string;
  /** Queue media inspections for the demo's submissions (the running service does). */
  inspect?: boolean;
}

export const DEFAULT_MEDIA_BASE = 'http://127.0.0.1:8080';

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [any] = await tx.select({ id: brands.id }).from(brands).limit(1);
    if (any) return { created: false } as const;

    const glow = await insertBrand(tx, 'Glow Lab');
    const northwind = await insertBrand(tx, 'Northwind Outdoors');
    const pixel = await insertBrand(tx, 'Pixel Coffee');
    const agency = await insertAgency(tx, 'Brightline Agency', [glow.id, northwind.id]);
    await insertApiKey(tx, { kind: 'brand', brandId: glow.id, key: DEMO_BRAND_KEY });
    const agencyKey = await insertApiKey(tx, {
      kind: 'agency',
      agencyId: agency.id,
      key: DEMO_AGENCY_KEY,
    });
    await seedDemoCampaigns(tx, { glow: glow.id, northwind: northwind.id, pixel: pixel.id });
    await seedDemoActivity(
      tx,
      [glow.id, northwind.id, pixel.id],
      options.mediaBase ?? DEFAULT_MEDIA_BASE,
      {
        inspect: options.inspect ?? false,
        agencyKeyId: agencyKey.id,
      },
    );
    return {
      created: true,
      world: {
        brand_key: DEMO_BRAND_KEY,
        agency_key: DEMO_AGENCY_KEY,
        agency: { id: agency.id, name: agency.name },
        brands: [
          { ...glow, managed_by_agency: true },
          { ...northwind, managed_by_agency: true },
          { ...pixel, managed_by_agency: false },
        ],
      },
    } as const;
  });
}

/** Which of the well-known demo keys exist and are not revoked (to print them at each start). */
export async function activeDemoKeys(db: Db): Promise<{ brandKey: boolean; agencyKey: boolean }> {
  const active = async (key: string) => {
    const [row] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
    return Boolean(row);
  };
  const [brandKey, agencyKey] = await Promise.all([
    active(DEMO_BRAND_KEY),
    active(DEMO_AGENCY_KEY),
  ]);
  return { brandKey, agencyKey };
}

/** Writes `<dataDir>/demo-keys.json` for scripts and people who missed the boot banner. */
export function writeDemoKeysFile(dataDir: string, world: DemoWorld): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'demo-keys.json');
  writeFileSync(file, `${JSON.stringify(world, null, 2)}\n`, { mode: 0o600 });
  return file;
}
