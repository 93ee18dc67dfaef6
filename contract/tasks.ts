import { z } from 'zod';
import {
  FilledLongText,
  DateTime,
  HttpUrl,
  Name,
  TEXT_LIMITS,
  Uuid,
  pageOf,
  listQuery,
} from './common.ts';
import { Format, Platform, ReviewMode, TaskStatus } from './enums.ts';

const unique = (items: readonly unknown[]) => new Set(items).size === items.length;

/** A task (deliverable) of a campaign. */
export const Task = z
  .object({
    id: Uuid,
    title: z.string(),
    instructions: z.string(),
    platforms: z.array(Platform),
    formats: z.array(Format),
    caption: z
      .string()
      .nullable()
      .meta({ description: 'caption the creator must use when posting' }),
    require_ad_disclosure: z
      .boolean()
      .meta({ description: "post must carry the platform's paid-partnership/ad disclosure" }),
    tiktok_sound_url: HttpUrl.nullable().meta({ description: 'sound the content must use' }),
    instagram_sound_url: HttpUrl.nullable().meta({ description: 'sound the content must use' }),
    video_examples: z.array(HttpUrl),
    image_url: HttpUrl.nullable().meta({ description: 'cover image' }),
    review_mode: ReviewMode,
    autoreview_prompt: z.string().nullable().meta({
      description:
        'what the AI verifies before approving; used only when review_mode is autoreview; with no prompt, autoreview approves every submission',
    }),
    is_required: z.boolean().meta({
      description:
        "whether every creator must complete the task; authored only when the campaign's completion_mode is some_required, otherwise derived",
    }),
    max_posts_per_creator: z.number().int().nullable().meta({
      description: 'null means unlimited; always null for campaigns of the weekly-video-cap kind',
    }),
    display_order: z.number().int().meta({ description: 'position in the campaign brief' }),
    status: TaskStatus,
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({
    id: 'Task',
    description:
      'A task (deliverable) of a campaign: where and what to post, the caption and sounds to use, and how submissions are reviewed. Set by the service: id, status and the timestamps.',
  });
export type Task = z.infer<typeof Task>;

const taskCreateShape = {
  title: Name,
  instructions: FilledLongText,
  platforms: z
    .array(Platform)
    .min(1, { error: 'must name at least one platform' })
    .max(Platform.options.length)
    .refine(unique, { error: 'must not repeat a platform' }),
  formats: z
    .array(Format)
    .max(Format.options.length)
    .refine(unique, { error: 'must not repeat a format' })
    .optional(),
  caption: z.string().max(TEXT_LIMITS.caption).nullable().optional().meta({
    description:
      'caption the creator must use when posting; at most 2,200 characters (the Instagram limit)',
  }),
  require_ad_disclosure: z.boolean().optional(),
  tiktok_sound_url: HttpUrl.nullable().optional(),
  instagram_sound_url: HttpUrl.nullable().optional(),
  video_examples: z.array(HttpUrl).max(20).optional(),
  image_url: HttpUrl.nullable().optional(),
  review_mode: ReviewMode.optional(),
  autoreview_prompt: z.string().max(TEXT_LIMITS.longText).nullable().optional(),
  is_required: z.boolean().optional().meta({
    description: "may be written only when the campaign's completion_mode is some_required",
  }),
  max_posts_per_creator: z.number().int().min(1).max(1000).nullable().optional().meta({
    description: 'null means unlimited',
  }),
  display_order: z.number().int().min(0).max(10_000).optional().meta({
    description: 'position in the campaign brief; defaults to after the last task',
  }),
};

/** A task to create, alone (`POST /campaigns/{id}/tasks`) or inside a campaign creation body. */
export const TaskCreate = z.strictObject(taskCreateShape).meta({
  id: 'TaskCreate',
  description:
    'A task to create, alone (POST /campaigns/{campaign_id}/tasks) or inside a campaign creation body. Omitted optional fields take their defaults.',
});
export type TaskCreate = z.infer<typeof TaskCreate>;

/** `PATCH /campaigns/{id}/tasks/{task_id}`: any subset of TaskCreate; omitted fields stay unchanged. */
export const TaskUpdate = z.strictObject(taskCreateShape).partial().meta({
  id: 'TaskUpdate',
  description:
    'The body of PATCH /campaigns/{campaign_id}/tasks/{task_id}: any subset of TaskCreate; omitted fields stay unchanged.',
});
export type TaskUpdate = z.infer<typeof TaskUpdate>;

/**
 * Values a created task takes for the optional fields it omits, so the service and the builder's
 * form agree. `is_required` is derived from the campaign's completion mode and `display_order`
 * follows the last task, so neither is here.
 */
export const TASK_DEFAULTS: Readonly<
  Pick<
    Task,
    | 'formats'
    | 'caption'
    | 'require_ad_disclosure'
    | 'tiktok_sound_url'
    | 'instagram_sound_url'
    | 'video_examples'
    | 'image_url'
    | 'review_mode'
    | 'autoreview_prompt'
    | 'max_posts_per_creator'
  >
> = {
  formats: [],
  caption: null,
  require_ad_disclosure: true,
  tiktok_sound_url: null,
  instagram_sound_url: null,
  video_examples: [],
  image_url: null,
  review_mode: 'media_review',
  autoreview_prompt: null,
  max_posts_per_creator: null,
};

export const TaskListQuery = listQuery({
  status: TaskStatus.optional(),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;

export const TaskPage = pageOf(Task).meta({
  id: 'TaskPage',
  description:
    "A page of a campaign's tasks, by display_order, in the page envelope {data, has_more, next_cursor}.",
});
export type TaskPage = z.infer<typeof TaskPage>;
