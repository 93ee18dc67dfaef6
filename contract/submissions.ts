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
    revision_count: z.number().int().min(0).meta({
      description:
        'times re-submitted after a rejection; 0 for a never-rejected initial submission',
    }),
    feedback: z
      .string()
      .nullable()
      .meta({ description: 'most recent rejection feedback sent to the creator' }),
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
  .meta({ id: 'Submission' });
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

export const SubmissionPage = pageOf(Submission).meta({ id: 'SubmissionPage' });
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** The optional body of a rejection; without `feedback` the creator gets a generic changes-requested note. */
export const SubmissionReject = z
  .strictObject({
    feedback: FilledLongText.optional().meta({
      description: 'delivered to the creator to say what to fix',
    }),
  })
  .meta({ id: 'SubmissionReject' });
export type SubmissionReject = z.infer<typeof SubmissionReject>;
