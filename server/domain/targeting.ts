import { asc, eq, sql } from 'drizzle-orm';
import type { OpsTargetingPropertyCreate } from '#contract/ops';
import type { TargetingProperty, TargetingValue } from '#contract/targeting';
import type { Db, Tx } from '../db/client.ts';
import { targetingProperties, targetingValues } from '../db/schema.ts';
import { ApiError, validationFailed } from '../errors.ts';

export async function listProperties(db: Db): Promise<TargetingProperty[]> {
  return db
    .select({
      id: targetingProperties.id,
      name: targetingProperties.name,
      kind: targetingProperties.kind,
    })
    .from(targetingProperties)
    .orderBy(asc(targetingProperties.position), asc(targetingProperties.id));
}

/** The allowed values of an option property; a number property has none (422), an unknown one 404. */
export async function listValues(db: Db, propertyId: string): Promise<TargetingValue[]> {
  const [property] = await db
    .select({ kind: targetingProperties.kind })
    .from(targetingProperties)
    .where(eq(targetingProperties.id, propertyId));
  if (!property) throw new ApiError(404, 'not_found', 'Targeting property not found');
  if (property.kind !== 'option') {
    throw validationFailed(
      'property_id',
      `${propertyId} is a number property: it has no list of values; use one "<min>-<max>" range`,
    );
  }
  return db
    .select({ value: targetingValues.value, label: targetingValues.label })
    .from(targetingValues)
    .where(eq(targetingValues.propertyId, propertyId))
    .orderBy(asc(targetingValues.position), asc(targetingValues.value));
}

/** 422: a property with this id exists (also when two creates of one id meet at commit). */
export const propertyIdTaken = (id: string) =>
  validationFailed('id', `a targeting property with id "${id}" already exists`);

/** Adds a property (after the existing ones) with its values; `input.id` is its id. */
export async function insertProperty(
  tx: Tx,
  input: OpsTargetingPropertyCreate & { id: string },
): Promise<TargetingProperty> {
  const values = input.values ?? [];
  if (input.kind === 'number' && values.length > 0) {
    throw validationFailed(
      'values',
      'only option properties have values; number properties take a range',
    );
  }
  const seen = new Set<string>();
  values.forEach((v, i) => {
    if (v.value.trim() === '') throw validationFailed(`values[${i}].value`, 'must not be empty');
    if (v.label.trim() === '') throw validationFailed(`values[${i}].label`, 'must not be empty');
    if (seen.has(v.value))
      throw validationFailed(`values[${i}].value`, `duplicate value "${v.value}"`);
    seen.add(v.value);
  });
  const id = input.id;
  const [existing] = await tx
    .select({ id: targetingProperties.id })
    .from(targetingProperties)
    .where(eq(targetingProperties.id, id));
  if (existing) throw propertyIdTaken(id);
  const [row] = await tx
    .insert(targetingProperties)
    .values({
      id,
      name: input.name,
      kind: input.kind,
      position: sql`(select coalesce(max(${targetingProperties.position}), -1) + 1 from ${targetingProperties})`,
    })
    .returning({
      id: targetingProperties.id,
      name: targetingProperties.name,
      kind: targetingProperties.kind,
    });
  if (!row) throw new Error('insert into targeting_properties returned no row');
  if (values.length > 0) {
    await tx
      .insert(targetingValues)
      .values(
        values.map((v, i) => ({ propertyId: id, value: v.value, label: v.label, position: i })),
      );
  }
  return row;
}
