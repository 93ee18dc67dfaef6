import { z } from 'zod';
import { CreatorId, DateTime, HttpUrl, Name, Uuid } from './common.ts';
import { DEFAULT_VISIBILITY, campaignCreateShape, withCampaignRules } from './campaigns.ts';
import { AutoPauseReason, MediaType, Platform } from './enums.ts';
import { CAROUSEL_MAX, CAROUSEL_MIN, MediaItemInput } from './submissions.ts';
import { Scope, Side } from './me.ts';
import { TargetingPropertyKind, TargetingValue } from './targeting.ts';

/** Bodies and answers of the platform side (`/ops`, docs/api.md#the-platform-side-ops): tenancy and keys. */
export const OpsBrandCreate = z.strictObject({ name: Name });
export type OpsBrandCreate = z.infer<typeof OpsBrandCreate>;
export const OpsBrand = z
  .object({ id: Uuid, name: z.string() })
  .meta({ id: 'OpsBrand', description: 'A brand created on the platform side: its id and name.' });
export type OpsBrand = z.infer<typeof OpsBrand>;

export const OpsAgencyCreate = z.strictObject({ name: Name, brand_ids: z.array(Uuid).max(1000) });
export type OpsAgencyCreate = z.infer<typeof OpsAgencyCreate>;
export const OpsAgency = z.object({ id: Uuid, name: z.string(), brand_ids: z.array(Uuid) }).meta({
  id: 'OpsAgency',
  description: 'An agency created on the platform side, with the brands it manages.',
});
export type OpsAgency = z.infer<typeof OpsAgency>;

export const OpsKeyCreate = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('brand'), brand_id: Uuid, scopes: z.array(Scope).optional() }),
  z.strictObject({ kind: z.literal('agency'), agency_id: Uuid, scopes: z.array(Scope).optional() }),
]);
export type OpsKeyCreate = z.infer<typeof OpsKeyCreate>;

/** The one answer that carries the whole key; it is never shown again. */
export const OpsKeyCreated = z
  .object({ id: Uuid, key: z.string(), prefix: z.string(), kind: Side, scopes: z.array(Scope) })
  .meta({
    id: 'OpsKeyCreated',
    description:
      'An API key issued on the platform side. The only answer that carries the whole key; it is never shown again.',
  });
export type OpsKeyCreated = z.infer<typeof OpsKeyCreated>;

export const OpsKeyRevoked = z.object({ id: Uuid, revoked_at: z.string() }).meta({
  id: 'OpsKeyRevoked',
  description: 'The answer to revoking a key on the platform side: its id and when it was revoked.',
});
export type OpsKeyRevoked = z.infer<typeof OpsKeyRevoked>;

export const OpsTargetingPropertyCreate = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, { error: 'must be a short slug (a-z, 0-9, _ and -)' })
    .optional(),
  name: Name,
  kind: TargetingPropertyKind,
  values: z.array(TargetingValue).max(1000).optional(),
});
export type OpsTargetingPropertyCreate = z.infer<typeof OpsTargetingPropertyCreate>;

const Reason = z.string().trim().min(1).max(1000);

/** A creator's value of a targeting property: an option's `value`, or a number. */
export const OpsCreatorPropertyValue = z.union([z.string().max(200), z.number().finite()]);
export type OpsCreatorPropertyValue = z.infer<typeof OpsCreatorPropertyValue>;

const CreatorProperties = z
  .record(z.string().min(1).max(100), OpsCreatorPropertyValue)
  .refine((p) => Object.keys(p).length <= 100, { error: 'must hold at most 100 properties' })
  .meta({ description: "targeting property id -> the creator's value" });

/** `POST /ops/creators`. */
export const OpsCreatorCreate = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.]{1,64}$/, { error: 'must be 1 to 64 letters, digits, _ or .' }),
  properties: CreatorProperties.optional(),
});
export type OpsCreatorCreate = z.infer<typeof OpsCreatorCreate>;

export const OpsCreator = z
  .object({
    id: z.string().meta({ description: 'opaque creator id' }),
    username: z.string(),
    properties: z.record(z.string(), OpsCreatorPropertyValue),
  })
  .meta({
    id: 'OpsCreator',
    description:
      'A creator registered on the platform side: an opaque id, a username and their values of targeting properties.',
  });
export type OpsCreator = z.infer<typeof OpsCreator>;

/** `POST /ops/campaigns`: a creation body with a required `brand_id`, optionally of the weekly-video-cap kind. */
export const OpsCampaignCreate = withCampaignRules(
  z.strictObject({
    ...campaignCreateShape,
    brand_id: Uuid,
    weekly_video_cap: z.number().int().min(1).max(1000).optional().meta({
      description:
        'videos per creator per week; makes a campaign of the weekly-video-cap kind, whose tasks are read-only',
    }),
  }),
  DEFAULT_VISIBILITY,
);
export type OpsCampaignCreate = z.infer<typeof OpsCampaignCreate>;

/** `POST /ops/campaigns/{id}/review`: the service's decision on a publish request. */
export const OpsCampaignReview = z.strictObject({
  decision: z.enum(['approved', 'denied']),
  reason: Reason.optional().meta({
    description: "the reviewer's explanation, shown as status_detail.reason when denied",
  }),
});
export type OpsCampaignReview = z.infer<typeof OpsCampaignReview>;

export const OpsAutoPause = z.strictObject({ reason: AutoPauseReason });
export type OpsAutoPause = z.infer<typeof OpsAutoPause>;

/** `POST /ops/campaigns/{id}/applications`: a creator applies. */
export const OpsApplicationCreate = z.strictObject({ creator_id: CreatorId });
export type OpsApplicationCreate = z.infer<typeof OpsApplicationCreate>;

/** The content as items (docs/api.md#media-items-and-notes): 1 to 20, each url http or https. */
const mediaItemsField = z
  .array(MediaItemInput)
  .min(1)
  .max(CAROUSEL_MAX)
  .optional()
  .meta({
    description: `the content in order: one video, or every slide of a carousel (${CAROUSEL_MIN} to ${CAROUSEL_MAX}); instead of media_url`,
  });

/** Exactly one of media_url and media_items. */
function mediaGiven(
  body: { media_url?: string | undefined; media_items?: unknown[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.media_url === undefined && body.media_items === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['media_items'],
      message: 'give media_items (or media_url)',
    });
  } else if (body.media_url !== undefined && body.media_items !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['media_url'],
      message: 'give media_items or media_url, not both',
    });
  }
}

/** `POST /ops/campaigns/{id}/submissions`: a creator submits content for a task. */
export const OpsSubmissionCreate = z
  .strictObject({
    creator_id: CreatorId,
    task_id: Uuid,
    media_type: MediaType,
    media_url: HttpUrl.optional().meta({
      description: 'the video or the first slide; give media_items instead to send every slide',
    }),
    media_items: mediaItemsField,
    thumbnail_url: HttpUrl.optional(),
  })
  .superRefine(mediaGiven);
export type OpsSubmissionCreate = z.infer<typeof OpsSubmissionCreate>;

/** `POST /ops/submissions/{id}/revise`: a rejected submission comes back. */
export const OpsRevise = z
  .strictObject({
    media_url: HttpUrl.optional().meta({
      description: 'the video or the first slide; give media_items instead to send every slide',
    }),
    media_items: mediaItemsField,
    thumbnail_url: HttpUrl.optional(),
  })
  .superRefine(mediaGiven);
export type OpsRevise = z.infer<typeof OpsRevise>;

/** `POST /ops/submissions/{id}/fail`. */
export const OpsFail = z.strictObject({
  reason: Reason.meta({ description: 'becomes failure_reason' }),
});
export type OpsFail = z.infer<typeof OpsFail>;

/** `POST /ops/submissions/{id}/post`: approved content is published. */
export const OpsPostCreate = z.strictObject({
  platform: Platform,
  url: HttpUrl,
  is_story: z.boolean().optional(),
  posted_at: DateTime.optional().meta({ description: 'defaults to now' }),
});
export type OpsPostCreate = z.infer<typeof OpsPostCreate>;

const Total = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `PATCH /ops/posts/{id}/metrics`: running totals, never lower than the stored ones. */
export const OpsMetricsUpdate = z.strictObject({
  views: Total,
  likes: Total,
  comments: Total,
  shares: Total,
  saves: Total,
});
export type OpsMetricsUpdate = z.infer<typeof OpsMetricsUpdate>;

/** `POST /ops/payouts`: pays a creator; adds to their spend_cents and the campaign's spent_cents. */
export const OpsPayoutCreate = z.strictObject({
  campaign_id: Uuid,
  creator_id: CreatorId,
  amount_cents: z.number().int().min(1).max(100_000_000),
});
export type OpsPayoutCreate = z.infer<typeof OpsPayoutCreate>;

export const OpsPayout = z
  .object({
    id: Uuid,
    campaign_id: Uuid,
    creator_id: z.string(),
    amount_cents: z.number().int(),
    created_at: DateTime,
  })
  .meta({
    id: 'OpsPayout',
    description:
      "A payment to a creator for a campaign, in integer cents; it adds to the creator's spend_cents and the campaign's spent_cents.",
  });
export type OpsPayout = z.infer<typeof OpsPayout>;

/** `POST /ops/code-groups`: answers a CodeGroup. */
export const OpsCodeGroupCreate = z.strictObject({
  brand_id: Uuid,
  name: Name,
  user_description: z.string().trim().min(1).max(1000),
  commission_cents: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .meta({ description: 'paid to the creator per use' }),
});
export type OpsCodeGroupCreate = z.infer<typeof OpsCodeGroupCreate>;

/** `POST /ops/codes/{code}/assign`: answers the DiscountCode. */
export const OpsCodeAssign = z.strictObject({ creator_id: CreatorId, campaign_id: Uuid });
export type OpsCodeAssign = z.infer<typeof OpsCodeAssign>;
