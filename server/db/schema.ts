import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Self-contained on purpose: drizzle-kit loads this file on its own to generate migrations.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const agencyBrands = pgTable(
  'agency_brands',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.brandId] }), index('agency_brands_brand_id_idx').on(t.brandId)],
);

export const apiKeyKind = pgEnum('api_key_kind', ['brand', 'agency']);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: apiKeyKind('kind').notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    /** The first characters of the key, safe to show; the key itself is never stored. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key: a request's key is found by hashing it. */
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'api_keys_owner_check',
      sql`(${t.kind} = 'brand' and ${t.brandId} is not null and ${t.agencyId} is null)
        or (${t.kind} = 'agency' and ${t.agencyId} is not null and ${t.brandId} is null)`,
    ),
    index('api_keys_brand_id_idx').on(t.brandId),
    index('api_keys_agency_id_idx').on(t.agencyId),
  ],
);

export const targetingPropertyKind = pgEnum('targeting_property_kind', ['option', 'number']);

export const targetingProperties = pgTable('targeting_properties', {
  /** Opaque to callers: a slug for built-in properties, a UUID or slug for added ones. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: targetingPropertyKind('kind').notNull(),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

export const targetingValues = pgTable(
  'targeting_values',
  {
    propertyId: text('property_id')
      .notNull()
      .references(() => targetingProperties.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.value] })],
);
