import { z } from 'zod';
import {
  FilledLongText,
  CreatorId,
  DateTime,
  HttpUrl,
  Uuid,
  pageOf,
  repeatable,
  listQuery,
} from './common.ts';
import { MediaType, SubmissionStatus } from './enums.ts';
import { MediaCheck, MediaFacts, ReviewAwaiting } from './media-checks.ts';
import { AuditActor } from './people.ts';

// ---------------------------------------------------------------- the content itself (docs/api.md#media-items-and-notes)

/** At most this many slides in a carousel; at least CAROUSEL_MIN. */
export const CAROUSEL_MAX = 20;
export const CAROUSEL_MIN = 2;
/** At most this many notes on one rejection, each of at most NOTE_TEXT_MAX characters. */
export const NOTES_MAX = 50;
export const NOTE_TEXT_MAX = 1000;

export const MediaItemType = z.enum(['video', 'image']).meta({
  id: 'MediaItemType',
  description: 'What one item of a submission is: a video or an image (a slide of a carousel).',
});
export type MediaItemType = z.infer<typeof MediaItemType>;

/** One item of a submission's content, in order: the video, or one slide of a carousel. */
export const MediaItem = z
  .object({
    type: MediaItemType,
    url: HttpUrl,
    thumbnail_url: HttpUrl.nullable(),
    width: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'pixels, from inspection; null before it' }),
    height: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'pixels, from inspection; null before it' }),
    duration_s: z.number().min(0).nullable().meta({
      description: 'seconds, from inspection; null before it and for images',
    }),
  })
  .meta({
    id: 'MediaItem',
    description:
      "One item of a submission's content, in order: the video, or one slide of a carousel, with its size and duration once inspection has measured them.",
  });
export type MediaItem = z.infer<typeof MediaItem>;

/** One item as the platform sends it (`POST /ops/campaigns/{id}/submissions`, `.../revise`). */
export const MediaItemInput = z
  .strictObject({
    type: MediaItemType,
    url: HttpUrl,
    thumbnail_url: HttpUrl.optional(),
  })
  .meta({
    id: 'MediaItemInput',
    description:
      'One item of the content a creator sends: its type, url (http or https) and optional thumbnail.',
  });
export type MediaItemInput = z.infer<typeof MediaItemInput>;

/** A reviewer's note on a rejection: at a moment of a video, on a slide, or on the whole. */
export const ReviewNote = z
  .object({
    text: z.string(),
    at_s: z.number().min(0).nullable().meta({
      description: 'a moment of a video item, in seconds; null for a note not tied to a moment',
    }),
    item: z.number().int().min(0).nullable().meta({
      description: '0-based index into media_items; null for a note on the whole submission',
    }),
  })
  .meta({
    id: 'ReviewNote',
    description:
      'A note of a rejection: its text, the moment of a video it is about (at_s) and the item (0-based index into media_items) it is about; null when it is about the whole.',
  });
export type ReviewNote = z.infer<typeof ReviewNote>;

/** A note as the reviewer sends it with a rejection. */
export const ReviewNoteInput = z
  .strictObject({
    text: z.string().trim().min(1).max(NOTE_TEXT_MAX),
    at_s: z.number().min(0).nullable().optional().meta({
      description:
        "a moment of a video item, in seconds (of the note's item, else of the first item); not past its duration",
    }),
    item: z.number().int().min(0).nullable().optional().meta({
      description: "0-based index into the submission's media_items",
    }),
  })
  .meta({
    id: 'ReviewNoteInput',
    description:
      'A note sent with a rejection: text (1 to 1000 characters), optionally a moment at_s of a video and the item (0-based) it is about.',
  });
export type ReviewNoteInput = z.infer<typeof ReviewNoteInput>;

/** Content a creator submitted for review before posting. */
export const Submission = z
  .object({
    id: Uuid,
    creator_id: z.string(),
    creator_username: z.string(),
    task_id: Uuid,
    status: SubmissionStatus,
    media_type: MediaType,
    media_url: HttpUrl.nullable().meta({
      description: 'the video, or the first image of a carousel',
    }),
    thumbnail_url: HttpUrl.nullable(),
    media_items: z.array(MediaItem).meta({
      description:
        "the content in order: one item for a video, every slide for a carousel; media_url is the first item's url",
    }),
    revision_count: z.number().int().min(0).meta({
      description:
        'times re-submitted after a rejection; 0 for a never-rejected initial submission',
    }),
    feedback: z
      .string()
      .nullable()
      .meta({ description: 'most recent rejection feedback sent to the creator' }),
    notes: z.array(ReviewNote).meta({
      description:
        'the notes of the most recent rejection, ordered by item then at_s; empty without',
    }),
    failure_reason: z.string().nullable().meta({
      description: 'short explanation when status is failed; null for every other status',
    }),
    awaiting: ReviewAwaiting.nullable().meta({
      description:
        'who must act next while in_review when the brand signs off after the agency (settings.brand_approval_required); null otherwise',
    }),
    agency_approved_at: DateTime.nullable().meta({
      description: "when the agency approved it, before the brand's sign-off; null when it has not",
    }),
    agency_approved_by: z.string().nullable().meta({
      description:
        'who approved it for the agency: the member\'s name and role ("Maya Chen (reviewer)") when a signed-in member did, otherwise the shown part of the agency key; null when the agency has not',
    }),
    media: MediaFacts.nullable().meta({
      description: 'what inspection found in the media; null before or without it',
    }),
    checks: z.array(MediaCheck).nullable().meta({
      description: 'the outcome of each inspection check; null while inspection runs',
    }),
    submitted_at: DateTime.nullable(),
    reviewed_at: DateTime.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({
    id: 'Submission',
    description:
      'Content a creator submitted for a task, waiting for or having had review, with what media inspection found. Times are ISO 8601; submitted_at and reviewed_at are null until they happen.',
  });
export type Submission = z.infer<typeof Submission>;

/** `GET /campaigns/{id}/submissions`, ordered by `submitted_at` ascending (oldest waiting first). */
export const SubmissionListQuery = listQuery({
  status: repeatable(SubmissionStatus, SubmissionStatus.options.length)
    .optional()
    .meta({ description: 'repeat to match any of several statuses' }),
  task_id: Uuid.optional(),
  creator_id: CreatorId.optional(),
  awaiting: ReviewAwaiting.optional().meta({
    description: "in review and waiting for the agency's review or the brand's sign-off",
  }),
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;

export const SubmissionPage = pageOf(Submission).meta({
  id: 'SubmissionPage',
  description:
    "A page of a campaign's submissions, oldest submitted_at first, in the page envelope {data, has_more, next_cursor}.",
});
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** The optional body of a rejection; without `feedback` the creator gets a generic changes-requested note. */
export const SubmissionReject = z
  .strictObject({
    feedback: FilledLongText.optional().meta({
      description: 'delivered to the creator to say what to fix',
    }),
    notes: z
      .array(ReviewNoteInput)
      .max(NOTES_MAX)
      .optional()
      .meta({
        description: `up to ${NOTES_MAX} notes at a moment of a video or on a slide; with notes and no feedback, the feedback lists them`,
      }),
  })
  .meta({
    id: 'SubmissionReject',
    description:
      'The optional body of rejecting a submission: feedback that tells the creator what to fix and notes at a moment or on a slide; without either the creator gets a generic changes-requested note.',
  });
export type SubmissionReject = z.infer<typeof SubmissionReject>;

// ---------------------------------------------------------------- every version (docs/api.md#revisions)

/** Who decided a version: the audit trail's actor (a member, a key, or the platform). */
export const RevisionDecision = z
  .object({
    status: z.enum(['approved', 'rejected', 'failed']),
    feedback: z.string().nullable(),
    notes: z.array(ReviewNote),
    decided_at: DateTime,
    decided_by: AuditActor,
  })
  .meta({
    id: 'RevisionDecision',
    description:
      'What was decided about one version: approved, rejected (with feedback and notes) or failed, when and by whom (the platform, type ops, for the review bar and automatic review).',
  });
export type RevisionDecision = z.infer<typeof RevisionDecision>;

/** One version of a submission as the creator sent it. */
export const SubmissionRevision = z
  .object({
    revision: z.number().int().min(0).meta({ description: '0 for the first version' }),
    media_items: z.array(MediaItem),
    submitted_at: DateTime.nullable(),
    checks: z.array(MediaCheck).nullable().meta({
      description:
        'the outcome of each inspection check of this version; null while inspection runs',
    }),
    decision: RevisionDecision.nullable().meta({ description: 'null while this version waits' }),
  })
  .meta({
    id: 'SubmissionRevision',
    description:
      'One version of a submission the creator sent: its number (0 = the first), content, checks and the decision about it.',
  });
export type SubmissionRevision = z.infer<typeof SubmissionRevision>;

/** `GET /campaigns/{campaign_id}/submissions/{submission_id}/revisions`, newest first. */
export const RevisionListQuery = listQuery({});
export type RevisionListQuery = z.infer<typeof RevisionListQuery>;

export const SubmissionRevisionPage = pageOf(SubmissionRevision).meta({
  id: 'SubmissionRevisionPage',
  description:
    'A page of the versions of a submission, newest first, in the page envelope {data, has_more, next_cursor}.',
});
export type SubmissionRevisionPage = z.infer<typeof SubmissionRevisionPage>;

// ---------------------------------------------------------------- the review queue of a brand

/** A submission in the queue of every campaign the credential acts for (docs/api.md#review-queue). */
export const QueuedSubmission = Submission.extend({
  campaign_id: Uuid,
  campaign_name: z.string(),
  brand_id: Uuid,
}).meta({
  id: 'QueuedSubmission',
  description:
    'A submission in the review queue of every campaign the credential acts for: a Submission plus its campaign_id, campaign_name and brand_id.',
});
export type QueuedSubmission = z.infer<typeof QueuedSubmission>;

/**
 * Whose turn a submission in review is, as the queue filters it: `agency` and `brand` as its
 * `awaiting`, `none` for a submission without a sign-off step (`awaiting` null), which either side
 * may decide (docs/api.md#review-queue).
 */
export const QueueAwaiting = z.enum(['agency', 'brand', 'none']).meta({
  id: 'QueueAwaiting',
  description:
    'Whose turn a submission in review is: agency or brand (its awaiting), or none (no sign-off step: awaiting null, either side decides).',
});
export type QueueAwaiting = z.infer<typeof QueueAwaiting>;

/** At most this many campaign_id values in one query of the queue. */
export const QUEUE_CAMPAIGNS_MAX = 100;

const queueFilters = {
  status: repeatable(SubmissionStatus, SubmissionStatus.options.length)
    .optional()
    .meta({ description: 'repeat to match any of several statuses' }),
  awaiting: repeatable(QueueAwaiting, QueueAwaiting.options.length).optional().meta({
    description:
      "in review and waiting for the agency's review (agency), the brand's sign-off (brand), or either side (none: no sign-off step); repeat to match several",
  }),
  campaign_id: repeatable(Uuid, QUEUE_CAMPAIGNS_MAX)
    .optional()
    .meta({
      description: `repeat (up to ${QUEUE_CAMPAIGNS_MAX}) to match any of several campaigns`,
    }),
  task_id: Uuid.optional(),
  creator_id: CreatorId.optional(),
  brand_id: Uuid.optional().meta({ description: 'agency keys only; a brand the agency manages' }),
  submitted_after: DateTime.optional().meta({ description: 'submitted at or after this time' }),
  submitted_before: DateTime.optional().meta({ description: 'submitted before this time' }),
};

/** `GET /submissions`: oldest `submitted_at` first, then id. */
export const QueueQuery = listQuery(queueFilters);
export type QueueQuery = z.infer<typeof QueueQuery>;

export const QueuedSubmissionPage = pageOf(QueuedSubmission).meta({
  id: 'QueuedSubmissionPage',
  description:
    'A page of the review queue, oldest submitted_at first, then id, in the page envelope {data, has_more, next_cursor}.',
});
export type QueuedSubmissionPage = z.infer<typeof QueuedSubmissionPage>;

/** `GET /submissions/counts`: the filters of `GET /submissions`, without the page. */
export const QueueCountsQuery = z.strictObject(queueFilters);
export type QueueCountsQuery = z.infer<typeof QueueCountsQuery>;

/** At most this many campaigns in `by_campaign`. */
export const QUEUE_BY_CAMPAIGN_MAX = 100;

const Count = z.number().int().min(0);

/** What waits, over the filtered submissions, and per campaign with something waiting. */
export const QueueCounts = z
  .object({
    in_review: Count,
    awaiting_agency: Count.meta({ description: 'of in_review, waiting for the agency' }),
    awaiting_brand: Count.meta({ description: "of in_review, waiting for the brand's sign-off" }),
    failed: Count,
    by_campaign: z.array(z.object({ campaign_id: Uuid, in_review: Count, failed: Count })).meta({
      description: `the campaigns with something in_review or failed, by campaign_id; at most ${QUEUE_BY_CAMPAIGN_MAX}`,
    }),
    by_campaign_has_more: z.boolean().meta({
      description: `more than ${QUEUE_BY_CAMPAIGN_MAX} campaigns have something waiting (narrow with campaign_id)`,
    }),
  })
  .meta({
    id: 'QueueCounts',
    description:
      'GET /submissions/counts: what waits among the submissions GET /submissions would list, in total and per campaign (at most 100).',
  });
export type QueueCounts = z.infer<typeof QueueCounts>;
