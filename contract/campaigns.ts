import { z } from 'zod';
import { CAMPAIGN_LIMITS, CAMPAIGN_LIST_LIMITS } from './limits.ts';
import {
  Cursor,
  DateString,
  DateTime,
  HttpUrl,
  LongText,
  Name,
  TEXT_LIMITS,
  orNull,
  Uuid,
  pageOf,
  repeatable,
  listQuery,
} from './common.ts';
import {
  CampaignSort,
  CampaignStatus,
  CampaignStatusDetailKind,
  CompletionMode,
  PostApprovalMode,
  Visibility,
} from './enums.ts';
import { Targeting } from './targeting.ts';
import { Task, TaskCreate } from './tasks.ts';

/** The product a campaign promotes. */
export const ProductInfo = z
  .object({
    name: z.string(),
    url: HttpUrl.nullable(),
    image_url: HttpUrl.nullable(),
  })
  .meta({
    id: 'ProductInfo',
    description:
      'The product a campaign promotes, as answered: its name and, when known, its page and image URLs (null otherwise).',
  });
export type ProductInfo = z.infer<typeof ProductInfo>;

/** ProductInfo as a request sends it: `url` and `image_url` may be omitted (null). */
export const ProductInfoInput = z
  .strictObject({
    name: Name,
    url: HttpUrl.nullable().optional(),
    image_url: HttpUrl.nullable().optional(),
  })
  .meta({
    id: 'ProductInfoInput',
    description:
      'The product a campaign promotes, as a request sends it: a name of 1 to 200 characters; url and image_url may be omitted or null.',
  });
export type ProductInfoInput = z.infer<typeof ProductInfoInput>;

export const CampaignLink = z
  .object({
    id: Uuid,
    url: HttpUrl,
    service: z
      .string()
      .nullable()
      .meta({ description: 'a short slug naming what the link points at' }),
    description: z.string().nullable(),
    affiliate_code: z.string().nullable(),
  })
  .meta({
    id: 'CampaignLink',
    description:
      'A link shown to creators in the campaign brief (a shop, a landing page), with an optional affiliate code. The service assigns its id.',
  });
export type CampaignLink = z.infer<typeof CampaignLink>;

/** A link as a request sends it: no `id` (the service assigns ids; a PATCH replaces the whole list). */
export const CampaignLinkInput = z
  .strictObject({
    url: HttpUrl,
    service: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'must be a short slug (a-z, 0-9, _ and -)' })
      .nullable()
      .optional()
      .meta({
        description: 'a short slug naming what the link points at, e.g. "shop"; lower-cased',
      }),
    description: z.string().max(TEXT_LIMITS.linkDescription).nullable().optional(),
    affiliate_code: z.string().trim().max(TEXT_LIMITS.affiliateCode).nullable().optional(),
  })
  .meta({
    id: 'CampaignLinkInput',
    description:
      'A link as a request sends it, without an id: the service assigns ids, and a PATCH that sends links replaces the whole list.',
  });
export type CampaignLinkInput = z.infer<typeof CampaignLinkInput>;

/** Campaign settings as answered: the service fills every setting (see CAMPAIGN_SETTINGS_DEFAULTS). */
export const CampaignSettings = z
  .object({
    creator_approval_required: z
      .boolean()
      .meta({ description: 'creators must be approved before starting work' }),
    brand_approval_required: z.boolean().meta({
      description:
        "for agency-managed campaigns, the brand also signs off after the agency's review",
    }),
    post_approval_mode: PostApprovalMode,
    completion_mode: CompletionMode,
  })
  .meta({
    id: 'CampaignSettings',
    description:
      "How a campaign runs: creator approval, the brand's sign-off after an agency's review, the review bar and which tasks creators must complete. The service fills every setting.",
  });
export type CampaignSettings = z.infer<typeof CampaignSettings>;

/** Settings as a request sends them: all optional; on PATCH, the settings sent replace only themselves. */
export const CampaignSettingsInput = z.strictObject(CampaignSettings.shape).partial().meta({
  id: 'CampaignSettingsInput',
  description:
    'Campaign settings as a request sends them: each is optional (omitted ones take their defaults on creation); on PATCH the settings sent replace only themselves.',
});
export type CampaignSettingsInput = z.infer<typeof CampaignSettingsInput>;

/** Settings of a new campaign that omits them. */
export const CAMPAIGN_SETTINGS_DEFAULTS: Readonly<CampaignSettings> = {
  creator_approval_required: false,
  brand_approval_required: false,
  post_approval_mode: 'moderate',
  completion_mode: 'all_required',
};

/** A campaign created without `visibility` is public. */
export const DEFAULT_VISIBILITY: Visibility = 'public';

export const CampaignStatusDetail = z
  .object({
    kind: CampaignStatusDetailKind,
    reason: z.string().meta({
      description:
        "for auto_paused: billing_issue or other; for publish_denied: the reviewer's explanation",
    }),
    occurred_at: DateTime,
  })
  .meta({
    id: 'CampaignStatusDetail',
    description:
      'Why a campaign is in its status when that needs saying: auto-paused (by billing or another trigger) or a publish request denied, with the reason and when it happened.',
  });
export type CampaignStatusDetail = z.infer<typeof CampaignStatusDetail>;

/**
 * A campaign as lists answer it: everything but its tasks (see `tasks_count`). A single campaign
 * (`Campaign`) embeds them, always.
 */
export const CampaignSummary = z
  .object({
    id: Uuid,
    name: z.string(),
    brand_id: Uuid,
    brand_name: z.string(),
    status: CampaignStatus,
    status_detail: orNull(CampaignStatusDetail).meta({
      description: 'null unless auto-paused or a publish request was denied',
    }),
    publish_requested_at: DateTime.nullable().meta({
      description:
        'when the campaign was last sent for approval; set by publish, null again once the review decides or the request is withdrawn',
    }),
    visibility: Visibility,
    invite_code: z
      .string()
      .nullable()
      .meta({ description: 'access code for unlisted campaigns; null for public' }),
    description: z.string().nullable().meta({ description: 'shown to creators' }),
    instructions: z.string().nullable().meta({ description: 'campaign-wide instructions' }),
    icon_url: HttpUrl.nullable(),
    brief_url: HttpUrl.nullable().meta({ description: 'link to an external brief' }),
    video_examples: z.array(HttpUrl).meta({ description: 'campaign-level examples' }),
    links: z.array(CampaignLink),
    targeting: orNull(Targeting).meta({ description: 'null means open to all' }),
    product: ProductInfo,
    spent_cents: z
      .number()
      .int()
      .meta({ description: 'total paid to creators, in cents; read-only' }),
    accepting_submissions: z
      .boolean()
      .meta({ description: 'whether new creators can start work; controlled by pause and resume' }),
    content_deadline_date: DateString.nullable().meta({
      description: 'date by which content must be submitted for review',
    }),
    post_deadline_date: DateString.nullable().meta({
      description: 'date by which approved content must be posted',
    }),
    settings: CampaignSettings,
    tasks_count: z.number().int(),
    creators_waiting: z.number().int().meta({
      description:
        "creators whose application waits for the brand's decision (status applied); always 0 when settings.creator_approval_required is false, since creators then join at once. This service's addition; read-only",
    }),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({
    id: 'CampaignSummary',
    description:
      'A campaign as lists answer it: everything but its tasks (see tasks_count). Money is in integer cents, dates are YYYY-MM-DD, times ISO 8601; id, status, spent_cents and the timestamps are set by the service.',
  });
export type CampaignSummary = z.infer<typeof CampaignSummary>;

/** A single campaign, as every operation on one campaign answers it: with its tasks. */
export const Campaign = CampaignSummary.extend({
  tasks: z.array(Task).meta({ description: 'the campaign’s tasks, archived ones included' }),
}).meta({
  id: 'Campaign',
  description:
    'A single campaign, as every operation on one campaign answers it: the CampaignSummary fields plus its tasks, archived ones included. Money is in integer cents, dates are YYYY-MM-DD, times ISO 8601.',
});
export type Campaign = z.infer<typeof Campaign>;

/** How long the platform's review of a publish request usually takes (docs/api.md#getting-live). */
export const PublishReviewSummary = z
  .object({
    decisions: z
      .number()
      .int()
      .meta({ description: 'how many recent decisions the figures come from (at most 50)' }),
    typical_seconds: z.number().int().nullable().meta({
      description:
        'the median time from the request to the decision, in seconds; null without recent decisions',
    }),
    most_within_seconds: z.number().int().nullable().meta({
      description:
        'nine in ten of those requests were decided within this many seconds; null without recent decisions',
    }),
    since: DateTime.meta({ description: 'the oldest decision that may count (30 days back)' }),
  })
  .meta({
    id: 'PublishReviewSummary',
    description:
      'How long review of a publish request usually takes: the newest decisions of the platform (at most 50, of the last 30 days), whichever brand they were for, summed up.',
  });
export type PublishReviewSummary = z.infer<typeof PublishReviewSummary>;

// Fields a creation body and a PATCH share. Null clears a field whose answer may be null.
const editableShape = {
  name: Name,
  visibility: Visibility.optional(),
  invite_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, { error: 'must be 4 to 64 letters, digits, _ or -' })
    .optional()
    .meta({ description: 'custom access code for an unlisted campaign; generated when omitted' }),
  product: ProductInfoInput.optional(),
  description: LongText.nullable().optional().meta({ description: 'shown to creators' }),
  instructions: LongText.nullable().optional().meta({ description: 'campaign-wide instructions' }),
  icon_url: HttpUrl.nullable().optional(),
  brief_url: HttpUrl.nullable().optional().meta({ description: 'link to an external brief' }),
  video_examples: z.array(HttpUrl).max(CAMPAIGN_LIMITS.videoExamples).optional(),
  links: z.array(CampaignLinkInput).max(CAMPAIGN_LIMITS.links).optional(),
  targeting: orNull(Targeting).optional().meta({ description: 'null means open to all' }),
  content_deadline_date: DateString.nullable().optional().meta({
    description: 'must be on or before post_deadline_date',
  }),
  post_deadline_date: DateString.nullable().optional(),
  settings: CampaignSettingsInput.optional(),
};

/** Every field a campaign creation body may hold, so `/ops` can extend it. */
export const campaignCreateShape = {
  ...editableShape,
  brand_id: Uuid.optional().meta({
    description:
      "required with an agency key; with a brand key it must equal the key's brand when present",
  }),
  tasks: z
    .array(TaskCreate)
    .max(CAMPAIGN_LIMITS.tasks)
    .optional()
    .meta({ description: 'drafts may have no tasks' }),
};

type Editable = {
  visibility?: Visibility | undefined;
  invite_code?: string | undefined;
  content_deadline_date?: string | null | undefined;
  post_deadline_date?: string | null | undefined;
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Runs a cross-field rule only when the fields it reads are themselves valid.
function fieldsValid(...fields: { key: string; schema: z.ZodType }[]) {
  return (payload: { value: unknown }) =>
    isRecord(payload.value) &&
    fields.every(
      ({ key, schema }) =>
        schema.safeParse((payload.value as Record<string, unknown>)[key]).success,
    );
}

const deadlinesValid = fieldsValid(
  { key: 'content_deadline_date', schema: DateString.nullable().optional() },
  { key: 'post_deadline_date', schema: DateString.nullable().optional() },
);
const inviteValid = fieldsValid(
  { key: 'visibility', schema: Visibility.optional() },
  { key: 'invite_code', schema: z.string().optional() },
);

/** `content_deadline_date` on or before `post_deadline_date` when both are given. */
export function deadlinesInOrder(v: Editable): boolean {
  const { content_deadline_date: content, post_deadline_date: post } = v;
  return !content || !post || content <= post;
}

/**
 * Adds the cross-field rules of a campaign body. `visibilityDefault` is the visibility assumed when
 * the body omits it: `public` for creation, unknown (undefined) for a PATCH.
 */
export function withCampaignRules<T extends z.ZodType<Editable>>(
  schema: T,
  visibilityDefault?: Visibility,
) {
  return schema
    .refine(deadlinesInOrder, {
      path: ['content_deadline_date'],
      error: 'must be on or before post_deadline_date',
      when: deadlinesValid,
    })
    .refine(
      (v) => v.invite_code === undefined || (v.visibility ?? visibilityDefault) !== 'public',
      {
        path: ['invite_code'],
        error: 'only an unlisted campaign has an invite_code',
        when: inviteValid,
      },
    );
}

/** `POST /campaigns`. Unknown and read-only fields (id, status, spent_cents, ...) are refused. */
export const CampaignCreate = withCampaignRules(
  z.strictObject(campaignCreateShape),
  DEFAULT_VISIBILITY,
).meta({
  id: 'CampaignCreate',
  description:
    'The body of POST /campaigns: a new draft. Unknown and read-only fields (id, status, spent_cents, ...) are refused; brand_id is required with an agency credential, and content_deadline_date must be on or before post_deadline_date.',
});
export type CampaignCreate = z.infer<typeof CampaignCreate>;

/** `PATCH /campaigns/{id}`: any subset of the creation body except `brand_id` and `tasks`. */
export const CampaignUpdate = withCampaignRules(
  z.strictObject({ ...editableShape, name: Name.optional() }),
).meta({
  id: 'CampaignUpdate',
  description:
    'The body of PATCH /campaigns/{campaign_id}: any subset of the creation body except brand_id and tasks; null clears a field. What may change depends on the status (409 field_locked_for_status names a field that may not).',
});
export type CampaignUpdate = z.infer<typeof CampaignUpdate>;

/** The filters of the campaign list, which GET /metrics takes too (docs/api.md#campaign-list). */
export const campaignFilters = {
  status: repeatable(CampaignStatus, CampaignStatus.options.length)
    .optional()
    .meta({ description: 'repeat to match any of several statuses' }),
  brand_id: Uuid.optional().meta({ description: 'agency keys only; a brand the agency manages' }),
  created_after: DateTime.optional().meta({ description: 'created at or after this time' }),
  created_before: DateTime.optional().meta({ description: 'created before this time' }),
  q: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(CAMPAIGN_LIST_LIMITS.search, {
      error: `must be at most ${CAMPAIGN_LIST_LIMITS.search} characters`,
    })
    .optional()
    .meta({
      description: `campaigns whose name contains this text (trimmed, 1 to ${CAMPAIGN_LIST_LIMITS.search} characters), without regard to case or common accents`,
    }),
  id: repeatable(Uuid, CAMPAIGN_LIST_LIMITS.ids)
    .optional()
    .meta({
      description: `repeat (up to ${CAMPAIGN_LIST_LIMITS.ids}) to read these campaigns only, e.g. to name the campaigns a page of another list mentions`,
    }),
};

export const CampaignListQuery = listQuery({
  ...campaignFilters,
  sort: CampaignSort.default('newest').meta({
    description: 'the order of the list; a cursor belongs to the order it was made with',
  }),
}).extend({
  starting_after: Cursor.optional().meta({ description: "a previous page's next_cursor" }),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

export const CampaignPage = pageOf(CampaignSummary).meta({
  id: 'CampaignPage',
  description:
    'A page of campaigns, newest first, in the page envelope {data, has_more, next_cursor}.',
});
export type CampaignPage = z.infer<typeof CampaignPage>;

/** `DELETE /campaigns/{id}` of a draft. */
export const CampaignDeleted = z.object({ id: Uuid, deleted: z.literal(true) }).meta({
  id: 'CampaignDeleted',
  description: 'The answer to deleting a draft campaign: its id and deleted true.',
});
export type CampaignDeleted = z.infer<typeof CampaignDeleted>;
