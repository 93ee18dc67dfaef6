import { z } from 'zod';
import { FilledLongText, DateTime, pageOf, QueryBoolean, listQuery } from './common.ts';
import { CreatorStatus } from './enums.ts';
import { EngagementMetrics } from './posts.ts';

const Count = z.number().int().min(0);

/** How many of a creator's submissions are in each state. */
export const CreatorContentCounts = z
  .object({ submitted: Count, in_review: Count, approved: Count, rejected: Count })
  .meta({
    id: 'CreatorContentCounts',
    description: "How many of a creator's submissions to the campaign are in each state.",
  });
export type CreatorContentCounts = z.infer<typeof CreatorContentCounts>;

/** One of the creator's values of a targeting property, as people read it. */
export const CreatorPropertyValue = z
  .object({
    property_id: z.string(),
    name: z.string().meta({ description: "the property's name" }),
    value: z.union([z.string(), z.number()]).meta({
      description: "an option property's opaque value, or a number property's number",
    }),
    label: z.string().meta({
      description: "the option's label from the values list, or the number formatted (12,500)",
    }),
  })
  .meta({
    id: 'CreatorPropertyValue',
    description:
      "One of the creator's values of a targeting property, with the property's name and a label to show.",
  });
export type CreatorPropertyValue = z.infer<typeof CreatorPropertyValue>;

/** The campaign's targeting evaluated against the creator's properties. */
export const TargetingFit = z
  .object({
    matches: z.boolean().meta({ description: 'true when the campaign has no targeting' }),
    unmet: z.array(z.string()).meta({
      description:
        'one sentence per condition that keeps the creator out (e.g. "Country is not United States or India"); empty when matches',
    }),
  })
  .meta({
    id: 'TargetingFit',
    description:
      "The campaign's targeting evaluated against the creator's properties: whether the creator matches, and one sentence per unmet condition.",
  });
export type TargetingFit = z.infer<typeof TargetingFit>;

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
    properties: z.array(CreatorPropertyValue).meta({
      description:
        "the creator's values of the targeting properties, in the properties list's order",
    }),
    targeting_fit: TargetingFit,
  })
  .meta({
    id: 'CampaignCreator',
    description:
      "A creator's participation in a campaign: application status, content counts, live posts, engagement totals across their posts and spend in integer cents, with their targeting properties and fit.",
  });
export type CampaignCreator = z.infer<typeof CampaignCreator>;

/** `GET /campaigns/{id}/creators`, newest `applied_at` first. */
export const CreatorListQuery = listQuery({
  status: CreatorStatus.optional(),
  fits: QueryBoolean.optional().meta({
    description:
      "true: only creators who meet the campaign's targeting; false: only those who do not",
  }),
});
export type CreatorListQuery = z.infer<typeof CreatorListQuery>;

export const CreatorPage = pageOf(CampaignCreator).meta({
  id: 'CreatorPage',
  description:
    "A page of a campaign's creators, newest application first, in the page envelope {data, has_more, next_cursor}.",
});
export type CreatorPage = z.infer<typeof CreatorPage>;

/** The optional body of `POST .../creators/{creator_id}/reject`. */
export const CreatorReject = z.strictObject({ reason: FilledLongText.optional() }).meta({
  id: 'CreatorReject',
  description: 'The optional body of rejecting a creator: a reason of 1 to 10,000 characters.',
});
export type CreatorReject = z.infer<typeof CreatorReject>;
