import { asc, eq, getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CompletionMode } from '#contract/enums';
import { TASK_DEFAULTS, type Task, type TaskCreate, type TaskUpdate } from '#contract/tasks';
import type { Db } from '../db/client.ts';
import { tasks } from '../db/schema.ts';
import { derivedIsRequired, isRequiredNotWritable } from './campaign-rules.ts';
import { isoTimestamp, isoTimestampText } from './sql.ts';

// Tasks as stored and as answered (one shape for every answer).

export const taskSelection = {
  ...getTableColumns(tasks),
  createdAt: isoTimestamp(tasks.createdAt),
  updatedAt: isoTimestamp(tasks.updatedAt),
};

export type TaskRow = Omit<typeof tasks.$inferSelect, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions,
    platforms: row.platforms as Task['platforms'],
    formats: row.formats as Task['formats'],
    caption: row.caption,
    require_ad_disclosure: row.requireAdDisclosure,
    tiktok_sound_url: row.tiktokSoundUrl,
    instagram_sound_url: row.instagramSoundUrl,
    video_examples: row.videoExamples,
    image_url: row.imageUrl,
    review_mode: row.reviewMode as Task['review_mode'],
    autoreview_prompt: row.autoreviewPrompt,
    is_required: row.isRequired,
    max_posts_per_creator: row.maxPostsPerCreator,
    display_order: row.displayOrder,
    status: row.status,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The order of tasks everywhere: display_order, then created_at, then id. */
export const taskOrder = [asc(tasks.displayOrder), asc(tasks.createdAt), asc(tasks.id)] as const;

/**
 * Every task (active and archived) of the campaign whose id is `campaignId` (a column of the
 * outer statement), as answers show them and in taskOrder, built by the database: a campaign
 * and its tasks are read in one statement (decision 0077). Keys in the contract's order, the
 * values toTask gives.
 */
export const tasksJson = (campaignId: AnyColumn): SQL<Task[]> => sql<Task[]>`coalesce((
  select json_agg(json_build_object(
    'id', t.id, 'title', t.title, 'instructions', t.instructions, 'platforms', t.platforms,
    'formats', t.formats, 'caption', t.caption, 'require_ad_disclosure', t.require_ad_disclosure,
    'tiktok_sound_url', t.tiktok_sound_url, 'instagram_sound_url', t.instagram_sound_url,
    'video_examples', t.video_examples, 'image_url', t.image_url, 'review_mode', t.review_mode,
    'autoreview_prompt', t.autoreview_prompt, 'is_required', t.is_required,
    'max_posts_per_creator', t.max_posts_per_creator, 'display_order', t.display_order,
    'status', t.status, 'created_at', ${sql.raw(isoTimestampText('t.created_at'))},
    'updated_at', ${sql.raw(isoTimestampText('t.updated_at'))})
    order by t.display_order, t.created_at, t.id)
  from tasks t where t.campaign_id = ${campaignId}), '[]'::json)`;

/** Every task of a campaign (active and archived), in order. */
export async function loadTasks(db: Db, campaignId: string): Promise<Task[]> {
  const rows = await db
    .select(taskSelection)
    .from(tasks)
    .where(eq(tasks.campaignId, campaignId))
    .orderBy(...taskOrder);
  return rows.map(toTask);
}

/** The row of a new task; omitted optional fields take TASK_DEFAULTS. */
export function taskValues(
  t: TaskCreate,
  extra: { campaignId: string; isRequired: boolean; displayOrder: number },
): typeof tasks.$inferInsert {
  return {
    campaignId: extra.campaignId,
    title: t.title,
    instructions: t.instructions,
    platforms: t.platforms,
    formats: t.formats ?? TASK_DEFAULTS.formats,
    caption: t.caption ?? TASK_DEFAULTS.caption,
    requireAdDisclosure: t.require_ad_disclosure ?? TASK_DEFAULTS.require_ad_disclosure,
    tiktokSoundUrl: t.tiktok_sound_url ?? TASK_DEFAULTS.tiktok_sound_url,
    instagramSoundUrl: t.instagram_sound_url ?? TASK_DEFAULTS.instagram_sound_url,
    videoExamples: t.video_examples ?? TASK_DEFAULTS.video_examples,
    imageUrl: t.image_url ?? TASK_DEFAULTS.image_url,
    reviewMode: t.review_mode ?? TASK_DEFAULTS.review_mode,
    autoreviewPrompt: t.autoreview_prompt ?? TASK_DEFAULTS.autoreview_prompt,
    isRequired: extra.isRequired,
    maxPostsPerCreator: t.max_posts_per_creator ?? TASK_DEFAULTS.max_posts_per_creator,
    displayOrder: extra.displayOrder,
  };
}

/**
 * The columns a task PATCH sets (omitted fields stay; null clears a nullable one). `is_required`
 * is writable only under some_required: 422 naming it otherwise.
 */
export function taskChanges(
  patch: TaskUpdate,
  mode: CompletionMode,
): Partial<typeof tasks.$inferInsert> {
  if (patch.is_required !== undefined && derivedIsRequired(mode) !== null)
    throw isRequiredNotWritable(mode);
  const out: Partial<typeof tasks.$inferInsert> = {};
  const set = <K extends keyof typeof tasks.$inferInsert>(
    key: K,
    value: (typeof tasks.$inferInsert)[K] | undefined,
  ) => {
    if (value !== undefined) out[key] = value;
  };
  set('title', patch.title);
  set('instructions', patch.instructions);
  set('platforms', patch.platforms);
  set('formats', patch.formats);
  set('caption', patch.caption);
  set('requireAdDisclosure', patch.require_ad_disclosure);
  set('tiktokSoundUrl', patch.tiktok_sound_url);
  set('instagramSoundUrl', patch.instagram_sound_url);
  set('videoExamples', patch.video_examples);
  set('imageUrl', patch.image_url);
  set('reviewMode', patch.review_mode);
  set('autoreviewPrompt', patch.autoreview_prompt);
  set('isRequired', patch.is_required);
  set('maxPostsPerCreator', patch.max_posts_per_creator);
  set('displayOrder', patch.display_order);
  return out;
}
