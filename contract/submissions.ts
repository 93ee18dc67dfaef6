import { z } from 'zod';
import { CreatorId, Cursor, DateTime, HttpUrl, Limit, Uuid, pageOf, repeatable } from './common.ts';
import { MediaType, SubmissionStatus } from './enums.ts';

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
    submitted_at: DateTime.nullable(),
    reviewed_at: DateTime.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'Submission' });
export type Submission = z.infer<typeof Submission>;

/** `GET /campaigns/{id}/submissions`, ordered by `submitted_at` ascending (oldest waiting first). */
export const SubmissionListQuery = z
  .object({
    status: repeatable(SubmissionStatus, SubmissionStatus.options.length)
      .optional()
      .meta({ description: 'repeat to match any of several statuses' }),
    task_id: Uuid.optional(),
    creator_id: CreatorId.optional(),
    limit: Limit,
    starting_after: Cursor.optional(),
  })
  .strict();
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;

export const SubmissionPage = pageOf(Submission).meta({ id: 'SubmissionPage' });
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** The optional body of a rejection; without `feedback` the creator gets a generic changes-requested note. */
export const SubmissionReject = z
  .object({
    feedback: z
      .string()
      .trim()
      .min(1)
      .max(10_000)
      .optional()
      .meta({ description: 'delivered to the creator to say what to fix' }),
  })
  .strict()
  .meta({ id: 'SubmissionReject' });
export type SubmissionReject = z.infer<typeof SubmissionReject>;
