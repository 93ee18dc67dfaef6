import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
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

// Campaigns and their tasks. Timestamps keep PostgreSQL's microseconds: the service reads them as
// text (see server/domain/sql.ts), so cursors compare exactly what is stored. JSON columns hold the
// interface's shapes as they are answered.

export const campaignStatus = pgEnum('campaign_status', ['draft', 'pending_approval', 'active', 'paused', 'completed']);
export const visibility = pgEnum('visibility', ['public', 'unlisted']);
export const taskStatus = pgEnum('task_status', ['active', 'archived']);

const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 6 }).notNull().defaultNow();

export interface StoredStatusDetail {
  kind: 'auto_paused' | 'publish_denied';
  reason: string;
  occurred_at: string;
}
export interface StoredLink {
  id: string;
  url: string;
  service: string | null;
  description: string | null;
  affiliate_code: string | null;
}
export interface StoredProduct {
  name: string;
  url: string | null;
  image_url: string | null;
}
export interface StoredSettings {
  creator_approval_required: boolean;
  brand_approval_required: boolean;
  post_approval_mode: 'strict' | 'moderate' | 'lenient' | 'always';
  completion_mode: 'all_required' | 'pick_one' | 'all_optional' | 'some_required';
}
export interface StoredTargeting {
  root_operator: 'AND' | 'OR';
  groups: { name?: string | undefined; operator: 'AND' | 'OR'; conditions: { property: string; operator: 'IN' | 'NOT_IN'; values: string[] }[] }[];
}

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: campaignStatus('status').notNull().default('draft'),
    statusDetail: jsonb('status_detail').$type<StoredStatusDetail>(),
    visibility: visibility('visibility').notNull().default('public'),
    /** Globally unique; null exactly when the campaign is public. */
    inviteCode: text('invite_code').unique(),
    description: text('description'),
    instructions: text('instructions'),
    iconUrl: text('icon_url'),
    briefUrl: text('brief_url'),
    videoExamples: jsonb('video_examples').$type<string[]>().notNull().default([]),
    links: jsonb('links').$type<StoredLink[]>().notNull().default([]),
    targeting: jsonb('targeting').$type<StoredTargeting>(),
    product: jsonb('product').$type<StoredProduct>().notNull(),
    settings: jsonb('settings').$type<StoredSettings>().notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    acceptingSubmissions: boolean('accepting_submissions').notNull().default(false),
    contentDeadlineDate: date('content_deadline_date', { mode: 'string' }),
    postDeadlineDate: date('post_deadline_date', { mode: 'string' }),
    /** Set only for campaigns of the weekly-video-cap kind, whose tasks are read-only. */
    weeklyVideoCap: integer('weekly_video_cap'),
    /** Number of tasks (active and archived), kept in the transaction that adds a task. */
    tasksCount: integer('tasks_count').notNull().default(0),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    index('campaigns_brand_created_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check(
      'campaigns_invite_code_check',
      sql`(${t.visibility} = 'unlisted' and ${t.inviteCode} is not null) or (${t.visibility} = 'public' and ${t.inviteCode} is null)`,
    ),
    check('campaigns_spent_cents_check', sql`${t.spentCents} >= 0`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    platforms: text('platforms').array().notNull(),
    formats: text('formats').array().notNull(),
    caption: text('caption'),
    requireAdDisclosure: boolean('require_ad_disclosure').notNull(),
    tiktokSoundUrl: text('tiktok_sound_url'),
    instagramSoundUrl: text('instagram_sound_url'),
    videoExamples: jsonb('video_examples').$type<string[]>().notNull().default([]),
    imageUrl: text('image_url'),
    reviewMode: text('review_mode').notNull(),
    autoreviewPrompt: text('autoreview_prompt'),
    isRequired: boolean('is_required').notNull(),
    maxPostsPerCreator: integer('max_posts_per_creator'),
    displayOrder: integer('display_order').notNull(),
    status: taskStatus('status').notNull().default('active'),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('tasks_campaign_order_idx').on(t.campaignId, t.displayOrder, t.createdAt, t.id)],
);

/**
 * Answers of `POST /campaigns` sent with an Idempotency-Key, per API key, for 24 hours. The row is
 * written in the transaction that creates the campaign.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Hex SHA-256 of the method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    /** The JSON answer exactly as sent, so a replay is byte for byte the original. */
    responseBody: text('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

/** Secrets every instance shares (the cursor signing key), made once on first boot. */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
