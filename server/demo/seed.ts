import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { Role } from '#contract/me';
import { apiKeys, brands, members } from '../db/schema.ts';
import { hashPassword } from '../domain/passwords.ts';
import { hashApiKey, insertApiKey } from '../domain/keys.ts';
import { insertAgency, insertBrand } from '../domain/tenancy.ts';
import { seedDemoActivity } from './activity.ts';
import { seedDemoCampaigns } from './campaigns.ts';

// The demo world of a first start: Brightline Agency manages Glow Lab and Northwind Outdoors;
// Pixel Coffee is on its own. Each brand has campaigns in every status (see ./campaigns.ts). The two keys are fixed, well-known strings so the README can give
// them; like any key they are stored only as hashes. Each brand and the agency have a member of
// each role (`<role>@glowlab.demo`, ...), all with DEMO_MEMBER_PASSWORD, stored as scrypt hashes.

export const DEMO_BRAND_KEY = 'cck_demo_brand_glowlab_0000000000000000000000';
export const DEMO_AGENCY_KEY = 'cck_demo_agency_brightline_00000000000000000';

/** The password of every demo member (docs/api.md#people); printed at start and in the README. */
export const DEMO_MEMBER_PASSWORD = 'demo-password-2026';

const DEMO_PEOPLE: Record<Role, string[]> = {
  admin: ['Ava Morgan', 'Noah Patel', 'Lena Fischer', 'Sam Okafor'],
  manager: ['Ben Carter', 'Ines Duarte', 'Omar Haddad', 'Julia Novak'],
  reviewer: ['Maya Chen', 'Leo Rossi', 'Priya Shah', 'Tom Becker'],
  viewer: ['Zoe Martin', 'Kai Nakamura', 'Emma Larsen', 'Diego Alvarez'],
};

/** The demo's sign-ins: each role for each brand (`<role>@<brand>.demo`) and for the agency. */
export const DEMO_MEMBER_DOMAINS = [
  { domain: 'glowlab.demo', owner: 'Glow Lab' },
  { domain: 'northwind.demo', owner: 'Northwind Outdoors' },
  { domain: 'pixelcoffee.demo', owner: 'Pixel Coffee' },
  { domain: 'brightline.demo', owner: 'Brightline Agency' },
] as const;

export interface DemoMember {
  email: string;
  name: string;
  role: Role;
  of: string;
}

export function demoMembers(): DemoMember[] {
  return DEMO_MEMBER_DOMAINS.flatMap(({ domain, owner }, i) =>
    Role.options.map((role) => ({
      email: `${role}@${domain}`,
      name: DEMO_PEOPLE[role][i]!,
      role,
      of: owner,
    })),
  );
}

export interface DemoWorld {
  brand_key: string;
  agency_key: string;
  members: { password: string; emails: string[] };
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

/**
 * Builds the demo world in `tx` on an empty database (no brands yet); otherwise changes nothing.
 * Run through `seedDemo` (server/services/demo.ts), which opens the transaction.
 */
export async function buildDemoWorld(tx: Tx, options: SeedOptions = {}): Promise<SeedResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
  const [any] = await tx.select({ id: brands.id }).from(brands).limit(1);
  if (any) return { created: false } as const;

  const glow = await insertBrand(tx, 'Glow Lab');
  const northwind = await insertBrand(tx, 'Northwind Outdoors');
  const pixel = await insertBrand(tx, 'Pixel Coffee');
  const agency = await insertAgency(tx, 'Brightline Agency', [glow.id, northwind.id]);
  await insertApiKey(tx, {
    kind: 'brand',
    brandId: glow.id,
    key: DEMO_BRAND_KEY,
    name: 'Demo brand key',
  });
  const agencyKey = await insertApiKey(tx, {
    kind: 'agency',
    agencyId: agency.id,
    key: DEMO_AGENCY_KEY,
    name: 'Demo agency key',
  });
  const owners: Record<string, { brandId: string } | { agencyId: string }> = {
    'Glow Lab': { brandId: glow.id },
    'Northwind Outdoors': { brandId: northwind.id },
    'Pixel Coffee': { brandId: pixel.id },
    'Brightline Agency': { agencyId: agency.id },
  };
  // Hashed in parallel (scrypt runs on libuv's thread pool), inserted in this transaction.
  const people = demoMembers();
  const hashes = await Promise.all(people.map(() => hashPassword(DEMO_MEMBER_PASSWORD)));
  await tx.insert(members).values(
    people.map((m, i) => ({
      ...owners[m.of],
      email: m.email,
      name: m.name,
      role: m.role,
      passwordHash: hashes[i]!,
    })),
  );
  await seedDemoCampaigns(
    tx,
    { glow: glow.id, northwind: northwind.id, pixel: pixel.id },
    options.mediaBase ?? DEFAULT_MEDIA_BASE,
  );
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
      members: { password: DEMO_MEMBER_PASSWORD, emails: people.map((m) => m.email) },
      agency: { id: agency.id, name: agency.name },
      brands: [
        { ...glow, managed_by_agency: true },
        { ...northwind, managed_by_agency: true },
        { ...pixel, managed_by_agency: false },
      ],
    },
  } as const;
}

/** The demo members that still exist (to print them at each start). */
export async function existingDemoMembers(db: Db): Promise<DemoMember[]> {
  const all = demoMembers();
  const rows = await db
    .select({ email: members.email })
    .from(members)
    .where(
      inArray(
        members.email,
        all.map((m) => m.email),
      ),
    );
  const present = new Set(rows.map((r) => r.email));
  return all.filter((m) => present.has(m.email));
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
