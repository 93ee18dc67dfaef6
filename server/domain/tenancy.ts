import { asc, eq, inArray } from 'drizzle-orm';
import type { Role, Scope, Side } from '#contract/me';
import type { Db, Tx } from '../db/client.ts';
import { agencies, agencyBrands, brands } from '../db/schema.ts';
import { fieldsRefused, validationFailed } from '../errors.ts';
import { existingIds } from './sql.ts';

// Who a key acts for. A brand key acts for its brand; an agency key for the brands its agency
// manages (read at each request, so a change of the agency's brands applies at once).
//
// Convention for every route: a resource of a brand the key does not act for answers 404
// `not_found`, exactly as a missing one (ids of other brands leak nothing); a brand_id that the
// caller names explicitly (creation body, filter) answers 403 `brand_not_managed`.

export interface AuthContext {
  keyId: string;
  kind: Side;
  /** The shown part of the key, for /me and the request log. */
  prefix: string;
  scopes: readonly Scope[];
  /** The brands the key acts for. */
  brandIds: readonly string[];
  agencyId: string | null;
  /**
   * The signed-in member when the credential is a session (docs/api.md#people; `keyId` is then
   * the session's id); null for an API key.
   */
  member: SessionMember | null;
  /**
   * When a session ends unless used again (12 hours idle, 7 days at most); absent for a key. An
   * open event stream closes when it passes (streams.ts).
   */
  endsAt?: Date;
  /**
   * For a key a member made: that member (a key it makes is theirs too, so no chain of keys
   * outlives the member's role). Absent for sessions and for keys made by /ops.
   */
  madeBy?: string | null;
  /** An API key's name ("Shop sync"), which the audit trail shows; absent for sessions. */
  keyName?: string | null;
}

export interface SessionMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The agency's name for an agency's member (null for a brand's): who a label says they are. */
  agencyName: string | null;
}

export const hasScope = (auth: AuthContext, scope: Scope) => auth.scopes.includes(scope);

export const actsForBrand = (auth: AuthContext, brandId: string) => auth.brandIds.includes(brandId);

/**
 * The brand a create acts on. Brand keys: their own brand (a named brand_id must be it). Agency
 * keys: the named brand_id, which must be one the agency manages.
 */
export function brandForCreate(
  auth: AuthContext,
  brandId: string | null | undefined,
  field = 'brand_id',
): string {
  if (brandId == null) {
    if (auth.kind === 'brand' && auth.brandIds[0]) return auth.brandIds[0];
    throw validationFailed(field, 'is required for agency keys');
  }
  if (!actsForBrand(auth, brandId)) {
    throw fieldsRefused(403, 'brand_not_managed', [
      { field, message: `this key does not manage brand ${brandId}` },
    ]);
  }
  return brandId;
}

export interface BrandRow {
  id: string;
  name: string;
}

export async function insertBrand(tx: Tx, name: string): Promise<BrandRow> {
  const [row] = await tx
    .insert(brands)
    .values({ name })
    .returning({ id: brands.id, name: brands.name });
  if (!row) throw new Error('insert into brands returned no row');
  return row;
}

/** Creates an agency managing the given brands; unknown brand ids answer 422 naming the entry. */
export async function insertAgency(
  tx: Tx,
  name: string,
  brandIds: readonly string[],
): Promise<{ id: string; name: string; brandIds: string[] }> {
  const unique = [...new Set(brandIds)];
  if (unique.length > 0) {
    const known = await existingIds(tx, brands.id, unique);
    const missing = brandIds.findIndex((id) => !known.has(id));
    if (missing >= 0)
      throw validationFailed(`brand_ids[${missing}]`, `unknown brand ${brandIds[missing]}`);
  }
  const [agency] = await tx
    .insert(agencies)
    .values({ name })
    .returning({ id: agencies.id, name: agencies.name });
  if (!agency) throw new Error('insert into agencies returned no row');
  if (unique.length > 0) {
    await tx
      .insert(agencyBrands)
      .values(unique.map((brandId) => ({ agencyId: agency.id, brandId })));
  }
  return { ...agency, brandIds: unique };
}

/** Finds a row of a table of named tenants (brands, agencies) by id: its id and name, or null. */
const findNamed =
  (table: typeof brands | typeof agencies) =>
  async (db: Db, id: string): Promise<BrandRow | null> => {
    const [row] = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(eq(table.id, id));
    return row ?? null;
  };

export const findBrand = findNamed(brands);
export const findAgency = findNamed(agencies);

/** The brands, by name then id. */
export async function brandsByIds(db: Db, ids: readonly string[]): Promise<BrandRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(inArray(brands.id, [...ids]))
    .orderBy(asc(brands.name), asc(brands.id));
}
