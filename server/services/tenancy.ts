import { randomUUID } from 'node:crypto';
import type { OpsTargetingPropertyCreate } from '#contract/ops';
import type { TargetingProperty } from '#contract/targeting';
import { transaction, type Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { insertApiKey, type KeyOwner, type NewKey } from '../domain/keys.ts';
import { insertProperty, propertyIdTaken } from '../domain/targeting.ts';
import * as tenancy from '../domain/tenancy.ts';
import { validationFailed } from '../errors.ts';
import { inTransaction } from './write.ts';

// The platform's side (/ops): brands, agencies, their keys and the targeting properties
// (docs/architecture.md#services). Brands, agencies and properties have no audit trigger.

/** A brand. */
export const createBrand = inTransaction(tenancy.insertBrand);

/** An agency managing the given brands (422 naming an unknown one). */
export const createAgency = inTransaction(tenancy.insertAgency);

/** The brand or agency a body names by brand_id or agency_id; 422 naming the field if it does not exist. */
export async function namedOwner(
  db: Db,
  body: { brand_id: string } | { agency_id: string },
): Promise<KeyOwner> {
  if ('brand_id' in body) {
    if (!(await tenancy.findBrand(db, body.brand_id)))
      throw validationFailed('brand_id', 'unknown brand');
    return { kind: 'brand', brandId: body.brand_id };
  }
  if (!(await tenancy.findAgency(db, body.agency_id)))
    throw validationFailed('agency_id', 'unknown agency');
  return { kind: 'agency', agencyId: body.agency_id };
}

/**
 * A key of the brand or agency the body names: one transaction checks the owner and stores the
 * key. Audit entry by trigger api_keys_audit, docs/architecture.md#triggers.
 */
export function createKeyFor(
  db: Db,
  body: ({ brand_id: string } | { agency_id: string }) & Pick<NewKey, 'scopes'>,
) {
  return transaction(db, async (tx) =>
    insertApiKey(tx, {
      ...(await namedOwner(tx, body)),
      ...(body.scopes ? { scopes: body.scopes } : {}),
    }),
  );
}

/** A targeting property with its values. */
export function createProperty(
  db: Db,
  input: OpsTargetingPropertyCreate,
): Promise<TargetingProperty> {
  const id = input.id ?? randomUUID();
  return transaction(db, (tx) => insertProperty(tx, { ...input, id })).catch((err: unknown) => {
    // Two creates of the same id at once: the primary key decides, the loser gets the same 422.
    throw isUniqueViolation(err) ? propertyIdTaken(id) : err;
  });
}
