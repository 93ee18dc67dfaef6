import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  CampaignStatus,
  CreatorStatus,
  MediaType,
  PostStatus,
  SubmissionStatus,
  TaskStatus,
  Visibility,
} from '../../contract/enums.ts';
import { Role, Side } from '../../contract/me.ts';
import { TargetingPropertyKind } from '../../contract/targeting.ts';

// drizzle-kit loads this file on its own to generate migrations: it imports the contract by
// relative path (no `#contract` alias), and nothing else of the service.

/** A database enum with exactly the values of the contract's enum of the same meaning. */
const contractEnum = <T extends string>(name: string, values: { options: readonly T[] }) =>
  pgEnum(name, values.options as unknown as [T, ...T[]]);

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
  (t) => [
    primaryKey({ columns: [t.agencyId, t.brandId] }),
    index('agency_brands_brand_id_idx').on(t.brandId),
  ],
);

export const apiKeyKind = contractEnum('api_key_kind', Side);

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
    /** What its creator called it (self-service keys, docs/api.md#people); null for keys made by /ops. */
    name: text('name'),
    /** Who made it: `ops`, or the label of the member or key that called POST /keys. */
    createdBy: text('created_by').notNull().default('ops'),
    /**
     * The member who made it with POST /keys (docs/api.md#keys-act-within-their-makers-role): it
     * acts with at most the scopes of that member's current role, and is revoked when the member
     * is removed. Null for keys made by /ops or by another key.
     */
    createdByMemberId: uuid('created_by_member_id').references(() => members.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check(
      'api_keys_owner_check',
      sql`(${t.kind} = 'brand' and ${t.brandId} is not null and ${t.agencyId} is null)
        or (${t.kind} = 'agency' and ${t.agencyId} is not null and ${t.brandId} is null)`,
    ),
    index('api_keys_brand_id_idx').on(t.brandId),
    index('api_keys_agency_id_idx').on(t.agencyId),
    index('api_keys_created_by_member_idx').on(t.createdByMemberId),
  ],
);

export const targetingPropertyKind = contractEnum('targeting_property_kind', TargetingPropertyKind);

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

export const campaignStatus = contractEnum('campaign_status', CampaignStatus);
export const visibility = contractEnum('visibility', Visibility);
export const taskStatus = contractEnum('task_status', TaskStatus);

const stamp = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 6 }).notNull().defaultNow();

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
  groups: {
    name?: string | undefined;
    operator: 'AND' | 'OR';
    conditions: { property: string; operator: 'IN' | 'NOT_IN'; values: string[] }[];
  }[];
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
    /** When the campaign was last sent for approval; null unless pending_approval (0015). */
    publishRequestedAt: timestamp('publish_requested_at', { withTimezone: true, precision: 6 }),
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
    index('campaigns_brand_created_idx').on(
      t.brandId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
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
    /** The credential (an API key or a session, docs/api.md#people): no foreign key, either table. */
    apiKeyId: uuid('api_key_id').notNull(),
    key: text('key').notNull(),
    /** Hex SHA-256 of the method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    /** The JSON answer exactly as sent, so a replay is byte for byte the original. */
    responseBody: text('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** Secrets every instance shares (the cursor signing key), made once on first boot. */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// Creator activity: creators, their participation in campaigns, submissions, posts, payouts, and
// the outbox of live events. campaign_creators carries running totals (content counts, live posts,
// metrics, spend) kept in the transaction of each change, so no answer sums posts or submissions.

export const creatorStatus = contractEnum('creator_status', CreatorStatus);
export const submissionStatus = contractEnum('submission_status', SubmissionStatus);
export const mediaType = contractEnum('media_type', MediaType);
export const postStatus = contractEnum('post_status', PostStatus);
export const reviewAwaiting = pgEnum('review_awaiting', ['agency', 'brand']);

export interface StoredMediaFacts {
  content_type: string | null;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_s: number | null;
}
export interface StoredCheck {
  name: 'playable' | 'orientation' | 'duration' | 'resolution' | 'autoreview';
  outcome: 'pass' | 'warn' | 'fail';
  detail: string;
}

/** One item of a submission's content (docs/api.md#media-items-and-notes); sizes from inspection. */
export interface StoredMediaItem {
  type: 'video' | 'image';
  url: string;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  duration_s: number | null;
}
/** A note of a rejection: at a moment of a video (at_s), on an item, or on the whole (nulls). */
export interface StoredNote {
  text: string;
  at_s: number | null;
  item: number | null;
}

const count0 = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const creators = pgTable('creators', {
  /** Opaque: `cr_<random>`. */
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  properties: jsonb('properties').$type<Record<string, string | number>>().notNull().default({}),
  createdAt: stamp('created_at'),
});

export const campaignCreators = pgTable(
  'campaign_creators',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    status: creatorStatus('status').notNull(),
    appliedAt: stamp('applied_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 6 }),
    decidedByKeyId: uuid('decided_by_key_id'),
    /** "Maya Chen (reviewer)" when a signed-in member decided (a session is not a key). */
    decidedByLabel: text('decided_by_label'),
    reason: text('reason'),
    submittedCount: count0('submitted_count'),
    inReviewCount: count0('in_review_count'),
    approvedCount: count0('approved_count'),
    rejectedCount: count0('rejected_count'),
    livePosts: count0('live_posts'),
    views: count0('views'),
    likes: count0('likes'),
    comments: count0('comments'),
    shares: count0('shares'),
    saves: count0('saves'),
    spendCents: count0('spend_cents'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.creatorId] }),
    index('campaign_creators_applied_idx').on(t.campaignId, t.appliedAt.desc(), t.creatorId.desc()),
    index('campaign_creators_creator_idx').on(t.creatorId),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /**
     * The campaign's brand, set by a trigger at insert (whatever the insert says), so a brand's
     * review queue is a keyset read of one index (docs/decisions/0100).
     */
    brandId: uuid('brand_id').notNull(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    status: submissionStatus('status').notNull(),
    mediaType: mediaType('media_type').notNull(),
    mediaUrl: text('media_url'),
    thumbnailUrl: text('thumbnail_url'),
    revisionCount: integer('revision_count').notNull().default(0),
    feedback: text('feedback'),
    failureReason: text('failure_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 6 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, precision: 6 }),
    reviewedByKeyId: uuid('reviewed_by_key_id'),
    /** "Maya Chen (reviewer)" when a signed-in member decided (a session is not a key). */
    reviewedByLabel: text('reviewed_by_label'),
    /** Who acts next while in_review when the brand signs off after its agency (docs/review-bar.md#sign-off). */
    awaiting: reviewAwaiting('awaiting'),
    agencyApprovedAt: timestamp('agency_approved_at', { withTimezone: true, precision: 6 }),
    agencyApprovedByKeyId: uuid('agency_approved_by_key_id'),
    agencyApprovedByLabel: text('agency_approved_by_label'),
    /** Inspection (docs/review-bar.md#inspection): null while it runs (checks) or before it (media). */
    media: jsonb('media').$type<StoredMediaFacts>(),
    checks: jsonb('checks').$type<StoredCheck[]>(),
    /** Every item in order: the video, or every slide of a carousel (migration 0014). */
    mediaItems: jsonb('media_items').$type<StoredMediaItem[]>().notNull().default([]),
    /** The notes of the most recent rejection, ordered by item then at_s. */
    notes: jsonb('notes').$type<StoredNote[]>().notNull().default([]),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    index('submissions_review_order_idx').on(t.campaignId, t.status, t.submittedAt, t.id),
    index('submissions_campaign_order_idx').on(t.campaignId, t.submittedAt, t.id),
    index('submissions_creator_idx').on(t.campaignId, t.creatorId, t.taskId),
    // GET /submissions (docs/api.md#review-queue): one index per way the queue is narrowed.
    index('submissions_brand_queue_idx').on(t.brandId, t.status, t.submittedAt, t.id),
    index('submissions_brand_awaiting_idx')
      .on(t.brandId, t.awaiting, t.submittedAt, t.id)
      .where(sql`${t.status} = 'in_review'`),
    index('submissions_campaign_awaiting_idx')
      .on(t.campaignId, t.awaiting, t.submittedAt, t.id)
      .where(sql`${t.status} = 'in_review'`),
    index('submissions_task_queue_idx').on(t.taskId, t.status, t.submittedAt, t.id),
    index('submissions_creator_queue_idx').on(t.creatorId, t.status, t.submittedAt, t.id),
  ],
);

/**
 * Every version of a submission (revision 0 = the first), written by the trigger
 * submissions_versions in the transaction of every change of the submission (migration 0014,
 * docs/api.md#revisions): what was sent, its checks, the decision and who made it.
 */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    mediaItems: jsonb('media_items').$type<StoredMediaItem[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 6 }),
    checks: jsonb('checks').$type<StoredCheck[]>(),
    decisionStatus: text('decision_status').$type<'approved' | 'rejected' | 'failed'>(),
    feedback: text('feedback'),
    notes: jsonb('notes').$type<StoredNote[]>().notNull().default([]),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 6 }),
    decidedByType: text('decided_by_type').$type<'member' | 'key' | 'ops' | 'email'>(),
    decidedById: text('decided_by_id'),
    decidedByLabel: text('decided_by_label'),
  },
  (t) => [
    primaryKey({ name: 'submission_versions_pk', columns: [t.submissionId, t.revision] }),
    check(
      'submission_versions_decision_check',
      sql`${t.decisionStatus} in ('approved', 'rejected', 'failed')`,
    ),
  ],
);

/**
 * What waits for review in each campaign (in review, of which awaiting the agency or the brand;
 * failed), kept by a trigger on submissions in the transaction of every change (migration 0010,
 * docs/decisions/0100). A campaign with nothing waiting may have a row of zeros, or none.
 */
export const submissionQueueCampaigns = pgTable(
  'submission_queue_campaigns',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').notNull(),
    inReview: count0('in_review'),
    awaitingAgency: count0('awaiting_agency'),
    awaitingBrand: count0('awaiting_brand'),
    failed: count0('failed'),
  },
  (t) => [
    index('submission_queue_campaigns_waiting_idx')
      .on(t.brandId, t.campaignId)
      .where(sql`${t.inReview} > 0 OR ${t.failed} > 0`),
  ],
);

/** The same totals summed over each brand's campaigns, by the same trigger. */
export const submissionQueueBrands = pgTable('submission_queue_brands', {
  brandId: uuid('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  inReview: count0('in_review'),
  awaitingAgency: count0('awaiting_agency'),
  awaitingBrand: count0('awaiting_brand'),
  failed: count0('failed'),
});

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .unique()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    isStory: boolean('is_story').notNull().default(false),
    status: postStatus('status').notNull().default('live'),
    postedAt: stamp('posted_at'),
    views: count0('views'),
    likes: count0('likes'),
    comments: count0('comments'),
    shares: count0('shares'),
    saves: count0('saves'),
    metricsUpdatedAt: stamp('metrics_updated_at'),
  },
  (t) => [index('posts_campaign_posted_idx').on(t.campaignId, t.postedAt.desc(), t.id.desc())],
);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [index('payouts_campaign_creator_idx').on(t.campaignId, t.creatorId)],
);

/**
 * The outbox of live events, written by triggers in the transaction of each change (see the
 * migration creator_activity). `tx_id` lets readers skip rows of transactions still running, so a
 * reader's position never passes an event that commits later with a smaller id.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: uuid('brand_id').notNull(),
    campaignId: uuid('campaign_id'),
    type: text('type').notNull(),
    resourceId: text('resource_id').notNull(),
    occurredAt: stamp('occurred_at'),
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (t) => [
    index('events_position_idx').on(t.txId, t.id),
    // The triggers' check for an event of the same resource and kind in the same transaction.
    index('events_dedupe_idx').on(t.txId, t.resourceId, t.type),
    index('events_occurred_idx').on(t.occurredAt),
  ],
);

// Metrics and discount codes. post_totals holds, per campaign, task and platform, the number of
// live posts and the metrics summed over them: a trigger on posts keeps it in the transaction of
// every post change (migration metrics_codes), so the metrics report reads a handful of rows
// whatever the number of posts.

export const postTotals = pgTable(
  'post_totals',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').notNull(),
    platform: text('platform').notNull(),
    livePosts: count0('live_posts'),
    views: count0('views'),
    likes: count0('likes'),
    comments: count0('comments'),
    shares: count0('shares'),
    saves: count0('saves'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.taskId, t.platform] })],
);

/**
 * The history of each campaign's figures (docs/api.md#metrics-history): what its live posts'
 * metrics and its spend moved by in each clock hour (UTC), written by triggers on posts and
 * campaigns in the transaction of every change (migration 0013).
 */
export const campaignMetricHours = pgTable(
  'campaign_metric_hours',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true, precision: 6 }).notNull(),
    views: count0('views'),
    likes: count0('likes'),
    comments: count0('comments'),
    shares: count0('shares'),
    saves: count0('saves'),
    spentCents: count0('spent_cents'),
  },
  (t) => [primaryKey({ name: 'campaign_metric_hours_pk', columns: [t.campaignId, t.hour] })],
);

/**
 * The funnel of each campaign (docs/api.md#metrics-report): creators who applied (any status) and approved ones,
 * submissions in review and approved now, summed over its campaign_creators rows by a trigger on
 * that table in the transaction of every change.
 */
export const campaignTotals = pgTable('campaign_totals', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  creatorsApplied: count0('creators_applied'),
  creatorsApproved: count0('creators_approved'),
  /** Creators whose application waits for a decision (status applied), migration 0019. */
  creatorsWaiting: count0('creators_waiting'),
  submissionsInReview: count0('submissions_in_review'),
  submissionsApproved: count0('submissions_approved'),
});

export const codeGroups = pgTable(
  'code_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    userDescription: text('user_description').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    /** Number of codes in the group, kept in the transaction that adds or deletes codes. */
    codesCount: count0('codes_count'),
    /**
     * The secret part of the group's e-mail intake address `usage+<token>@<INTAKE_DOMAIN>`: 32
     * lowercase hex characters (128 bits) from the database's cryptographic random source.
     */
    intakeToken: text('intake_token')
      .notNull()
      .default(
        sql`substr(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'), 1, 32)`,
      ),
    createdAt: stamp('created_at'),
  },
  (t) => [
    index('code_groups_brand_created_idx').on(t.brandId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('code_groups_intake_token_idx').on(t.intakeToken),
    check('code_groups_commission_check', sql`${t.commissionCents} >= 0`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    /** Unique across the service, case-sensitive. */
    code: text('code').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => codeGroups.id, { onDelete: 'cascade' }),
    /** The group's brand, so lists and visibility need no join. */
    brandId: uuid('brand_id').notNull(),
    userDescription: text('user_description').notNull(),
    totalUses: count0('total_uses'),
    assignedCampaignId: uuid('assigned_campaign_id'),
    assignedCreatorId: text('assigned_creator_id'),
    earningsCents: count0('earnings_cents'),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true, precision: 6 }),
    createdAt: stamp('created_at'),
  },
  (t) => [
    index('discount_codes_brand_code_idx').on(t.brandId, t.code),
    index('discount_codes_group_code_idx').on(t.groupId, t.code),
    index('discount_codes_assignee_idx').on(t.assignedCampaignId, t.assignedCreatorId),
    // An assigned code belongs to one creator's participation in one campaign.
    foreignKey({
      name: 'discount_codes_assignee_fk',
      columns: [t.assignedCampaignId, t.assignedCreatorId],
      foreignColumns: [campaignCreators.campaignId, campaignCreators.creatorId],
    }).onDelete('set null'),
    check(
      'discount_codes_assignment_check',
      sql`(${t.assignedCampaignId} is null) = (${t.assignedCreatorId} is null)`,
    ),
    check('discount_codes_totals_check', sql`${t.totalUses} >= 0 and ${t.earningsCents} >= 0`),
  ],
);

/**
 * Every usage report from every channel (docs/usage-reports.md), written in the transaction that
 * applies it or records its refusal. `brand_ids`: the brands whose codes it names (an agency key
 * may report codes of several), or the reporter's brands when it names none; a report is visible
 * to a key acting for any of them. An e-mail's Message-ID is unique per group, so a message
 * delivered twice, or to two instances, is applied once. A trigger writes usage_report.created.
 */
export const usageReports = pgTable(
  'usage_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandIds: uuid('brand_ids').array().notNull(),
    groupId: uuid('group_id').references(() => codeGroups.id, { onDelete: 'set null' }),
    /** api, dashboard or email. */
    channel: text('channel').notNull(),
    /** json or csv. */
    format: text('format').notNull(),
    /** applied or refused. */
    outcome: text('outcome').notNull(),
    rows: integer('rows').notNull(),
    codesChanged: integer('codes_changed').notNull(),
    usesAdded: count0('uses_added'),
    paidCents: count0('paid_cents'),
    /** [{line, index, code, message}] */
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    sender: text('sender').notNull(),
    messageId: text('message_id'),
    receivedAt: stamp('received_at'),
  },
  (t) => [
    index('usage_reports_received_idx').on(t.receivedAt.desc(), t.id.desc()),
    index('usage_reports_brands_idx').using('gin', t.brandIds),
    index('usage_reports_group_received_idx').on(t.groupId, t.receivedAt.desc(), t.id.desc()),
    uniqueIndex('usage_reports_message_idx').on(t.groupId, t.messageId),
    check('usage_reports_channel_check', sql`${t.channel} in ('api', 'dashboard', 'email')`),
    check('usage_reports_format_check', sql`${t.format} in ('json', 'csv')`),
    check('usage_reports_outcome_check', sql`${t.outcome} in ('applied', 'refused')`),
  ],
);

/**
 * The ledger of earnings (docs/api.md#payouts, docs/decisions/0161): one row per payment to a
 * creator, written in the transaction of the payment: `code` (the code, and the usage report that
 * paid it when there was one) or `payout` (POST /ops/payouts). Its sums agree with the creators'
 * spend_cents; the Payouts reads group one brand's rows (brand_id leads every index).
 */
export const earnings = pgTable(
  'earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    /** code or payout. */
    source: text('source').notNull(),
    /** The code that earned it; null for a payout and for an opening row of the migration. */
    code: text('code'),
    /** The usage report that paid it (deferred foreign key: the rows precede the record). */
    usageReportId: uuid('usage_report_id'),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'cascade' }),
    uses: count0('uses'),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    earnedAt: stamp('earned_at'),
  },
  (t) => [
    index('earnings_brand_earned_idx').on(t.brandId, t.earnedAt.desc(), t.id.desc()),
    index('earnings_brand_creator_idx').on(t.brandId, t.creatorId, t.earnedAt),
    index('earnings_brand_campaign_idx').on(t.brandId, t.campaignId, t.earnedAt),
    index('earnings_usage_report_idx').on(t.usageReportId),
    index('earnings_payout_idx').on(t.payoutId),
    check('earnings_source_check', sql`${t.source} in ('code', 'payout')`),
    check('earnings_payout_check', sql`(${t.source} = 'payout') = (${t.payoutId} is not null)`),
    check(
      'earnings_cents_check',
      sql`${t.cents} >= 0 or (${t.source} = 'code' and ${t.code} is null)`,
    ),
    check('earnings_uses_check', sql`${t.uses} >= 0`),
  ],
);

/**
 * Durable inspection jobs (docs/review-bar.md#inspection), one per submission and revision. A worker claims a due job
 * with FOR UPDATE SKIP LOCKED and holds it by a lease (locked_until, lock_token) rather than an
 * open transaction, so the network fetch runs outside any transaction and a crashed worker's job
 * is taken again when its lease runs out; only the holder of the current token may finish it.
 */
export const inspectionJobs = pgTable(
  'inspection_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** queued, running (leased) or done. */
    state: text('state').$type<'queued' | 'running' | 'done'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: stamp('run_at'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 6 }),
    lockToken: uuid('lock_token'),
    lastError: text('last_error'),
    createdAt: stamp('created_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 6 }),
  },
  (t) => [
    uniqueIndex('inspection_jobs_submission_revision_idx').on(t.submissionId, t.revision),
    index('inspection_jobs_due_idx').on(t.state, t.runAt),
    check('inspection_jobs_state_check', sql`${t.state} in ('queued', 'running', 'done')`),
  ],
);

// People (docs/api.md#people): members of a brand or an agency who sign in with e-mail and
// password, their sessions and invitations, and the append-only audit trail of every write.

export const memberRole = contractEnum('member_role', Role);

/** Exactly one of brand_id and agency_id; the e-mail is unique across the service, in any case. */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: memberRole('role').notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64url), see domain/passwords.ts. */
    passwordHash: text('password_hash').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [
    // The e-mail is stored in its canonical form (server/domain/emails.ts): one form for the
    // lookup, the sign-in lock and uniqueness.
    uniqueIndex('members_email_idx').on(t.email),
    index('members_brand_idx').on(t.brandId),
    index('members_agency_idx').on(t.agencyId),
    check('members_owner_check', sql`(${t.brandId} is null) <> (${t.agencyId} is null)`),
  ],
);

/**
 * Sign-in sessions: the token (`ccs_` + 40 base62) is stored as its SHA-256 like an API key.
 * It ends 12 hours after last_used_at or 7 days after created_at, or when deleted (sign-out,
 * removal of the member).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: stamp('created_at'),
    lastUsedAt: stamp('last_used_at'),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/** One-time invitations, valid until expires_at; the token is stored as its SHA-256. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: memberRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').notNull(),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 6 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 6 }),
    /** Whether the link was e-mailed (migration 0016): off, sending, sent or failed. */
    emailStatus: text('email_status').notNull().default('off'),
  },
  (t) => [
    check('invitations_owner_check', sql`(${t.brandId} is null) <> (${t.agencyId} is null)`),
    check(
      'invitations_email_status_check',
      sql`${t.emailStatus} in ('off', 'sending', 'sent', 'failed')`,
    ),
  ],
);

/**
 * The audit trail: one row per changed resource of each successful write, written by triggers
 * in the transaction of the change (migration 0006). A trigger refuses UPDATE and DELETE.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: stamp('occurred_at'),
    /** The order the rows were written: breaks the tie between entries of one write (0018). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** member, key, ops or email. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    campaignId: uuid('campaign_id'),
    brandId: uuid('brand_id'),
    agencyId: uuid('agency_id'),
    /** {field: [before, after]} */
    changes: jsonb('changes')
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_brand_idx').on(t.brandId, t.occurredAt.desc(), t.seq),
    index('audit_events_agency_idx').on(t.agencyId, t.occurredAt.desc(), t.seq),
    index('audit_events_campaign_idx').on(t.campaignId, t.occurredAt.desc(), t.seq),
    index('audit_events_target_idx').on(t.targetId),
    check(
      'audit_events_actor_type_check',
      sql`${t.actorType} in ('member', 'key', 'ops', 'email')`,
    ),
  ],
);

/**
 * Counters of the sign-in limits when no Redis is configured: the one counter that every instance
 * on the database shares, incremented atomically (server/http/db-counter-store.ts).
 */
export const authCounters = pgTable('auth_counters', {
  key: text('key').primaryKey(),
  windowEnd: timestamp('window_end', { withTimezone: true, precision: 3 }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The platform's review decisions of publish requests, one row each: how long each waited
 * (docs/api.md#getting-live). No foreign key: a denied draft may be deleted, its wait still counts.
 */
export const publishReviews = pgTable(
  'publish_reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 6 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 6 }).notNull(),
    approved: boolean('approved').notNull(),
  },
  (t) => [index('publish_reviews_decided_idx').on(t.decidedAt.desc())],
);
