import { z } from 'zod';
import { Cursor, DateTime, Limit, pageOf } from './common.ts';
import { CreatorStatus } from './enums.ts';
import { EngagementMetrics } from './posts.ts';

const Count = z.number().int().min(0);

/** How many of a creator's submissions are in each state. */
export const CreatorContentCounts = z
  .object({ submitted: Count, in_review: Count, approved: Count, rejected: Count })
  .meta({ id: 'CreatorContentCounts' });
export type CreatorContentCounts = z.infer<typeof CreatorContentCounts>;

/** A creator's participation in a campaign; `metrics` are totals across the creator's posts. */
export const CampaignCreator = z
  .object({
    creator_id: z.string(),
    username: z.string(),
    status: CreatorStatus,
    applied_at: DateTime,
    decided_at: DateTime.nullable().meta({ description: 'when approved or rejected' }),
    content: CreatorContentCounts,
    posts: Count.meta({ description: 'number of live posts' }),
    metrics: EngagementMetrics,
    spend_cents: z
      .number()
      .int()
      .meta({ description: 'total paid to this creator on this campaign, in cents' }),
  })
  .meta({ id: 'CampaignCreator' });
export type CampaignCreator = z.infer<typeof CampaignCreator>;

/** `GET /campaigns/{id}/creators`, newest `applied_at` first. */
export const CreatorListQuery = z
  .object({
    status: CreatorStatus.optional(),
    limit: Limit,
    starting_after: Cursor.optional(),
  })
  .strict();
export type CreatorListQuery = z.infer<typeof CreatorListQuery>;

export const CreatorPage = pageOf(CampaignCreator).meta({ id: 'CreatorPage' });
export type CreatorPage = z.infer<typeof CreatorPage>;

/** The optional body of `POST .../creators/{creator_id}/reject`. */
export const CreatorReject = z
  .object({ reason: z.string().trim().min(1).max(10_000).optional() })
  .strict()
  .meta({ id: 'CreatorReject' });
export type CreatorReject = z.infer<typeof CreatorReject>;
