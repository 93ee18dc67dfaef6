import { z } from 'zod';
import { CAMPAIGN_LIMITS } from '#contract/limits';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  CampaignLinkInput,
  CampaignSettings,
  DEFAULT_VISIBILITY,
  campaignCreateShape,
  withCampaignRules,
  type Campaign,
  type CampaignCreate,
  type CampaignLinkInput as LinkInput,
  type ProductInfoInput,
} from '#contract/campaigns';
import { HttpUrl } from '#contract/common';
import { Format, ReviewMode, Visibility, type CompletionMode } from '#contract/enums';
import { TASK_DEFAULTS, TaskCreate, type Task } from '#contract/tasks';

/**
 * The builder's form model. Inputs hold what the controls hold (text, with '' for "nothing");
 * each field is then checked by the contract's own rule for it, so the form and the service
 * refuse the same values. The output is the contract's shape, ready to become a request body.
 */

const S = campaignCreateShape;
const T = TaskCreate.shape;

/** The most tasks, example videos and links a campaign carries: the contract's (contract/limits.ts). */
export const MAX_TASKS = CAMPAIGN_LIMITS.tasks;
export const MAX_EXAMPLES = CAMPAIGN_LIMITS.videoExamples;
export const MAX_LINKS = CAMPAIGN_LIMITS.links;

const blankIsNull = (value: string): string | null | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** An optional text input: blank is "no value" (null), anything else obeys `rule`. */
function optionalText<R extends z.core.$ZodType<unknown, string | null | undefined>>(rule: R) {
  return z.string().transform(blankIsNull).pipe(rule);
}

/** A row of a URL list. A blank row is an error, not silently dropped: the user added it. */
const urlRow = z.object({
  url: z.string().trim().min(1, { error: 'enter a URL, or remove this row' }).pipe(HttpUrl),
});

function urlList<R extends z.core.$ZodType<unknown, string[] | undefined>>(rule: R) {
  return z
    .array(urlRow)
    .transform((rows): string[] | undefined => rows.map((row) => row.url))
    .pipe(rule);
}

const linkRow = z
  .object({
    url: z.string().trim().min(1, { error: 'enter the link’s URL' }),
    service: z.string(),
    description: z.string(),
    affiliate_code: z.string(),
  })
  .transform((row): LinkInput => ({
    url: row.url,
    service: blankIsNull(row.service),
    description: blankIsNull(row.description),
    affiliate_code: blankIsNull(row.affiliate_code),
  }))
  .pipe(CampaignLinkInput);

const product = z
  .object({ name: z.string(), url: z.string(), image_url: z.string() })
  .transform((p): ProductInfoInput | undefined => {
    if (!p.name.trim() && !p.url.trim() && !p.image_url.trim()) return undefined;
    return { name: p.name, url: blankIsNull(p.url), image_url: blankIsNull(p.image_url) };
  })
  .pipe(S.product);

const taskValues = z.object({
  /** The task's id at the service; null until it is created. */
  taskId: z.string().nullable(),
  title: T.title,
  instructions: T.instructions,
  platforms: T.platforms,
  formats: z
    .array(Format)
    .transform((v): Format[] | undefined => v)
    .pipe(T.formats),
  caption: optionalText(T.caption),
  require_ad_disclosure: z.boolean(),
  tiktok_sound_url: optionalText(T.tiktok_sound_url),
  instagram_sound_url: optionalText(T.instagram_sound_url),
  video_examples: urlList(T.video_examples),
  image_url: optionalText(T.image_url),
  review_mode: ReviewMode,
  autoreview_prompt: optionalText(T.autoreview_prompt),
  is_required: z.boolean(),
  max_posts_per_creator: z
    .string()
    .transform((v): number | null | undefined => (v.trim() === '' ? null : Number(v.trim())))
    .pipe(T.max_posts_per_creator),
});

export const builderSchema = withCampaignRules(
  z.object({
    name: S.name,
    brand_id: z
      .string()
      .min(1, { error: 'choose a brand' })
      .transform((v): string | undefined => v)
      .pipe(S.brand_id),
    visibility: Visibility,
    invite_code: z
      .string()
      .transform((v): string | undefined => v.trim() || undefined)
      .pipe(S.invite_code),
    product,
    description: optionalText(S.description),
    instructions: optionalText(S.instructions),
    icon_url: optionalText(S.icon_url),
    brief_url: optionalText(S.brief_url),
    video_examples: urlList(S.video_examples),
    links: z
      .array(linkRow)
      .transform((v): LinkInput[] | undefined => v)
      .pipe(S.links),
    targeting: S.targeting,
    content_deadline_date: optionalText(S.content_deadline_date),
    post_deadline_date: optionalText(S.post_deadline_date),
    settings: CampaignSettings,
    tasks: z.array(taskValues).max(MAX_TASKS),
  }),
  DEFAULT_VISIBILITY,
);

/** What the builder's controls hold. */
export type BuilderValues = z.input<typeof builderSchema>;
/** The checked form: the contract's shapes (null for "no value"). */
export type BuilderOutput = z.output<typeof builderSchema>;
export type TaskValues = BuilderValues['tasks'][number];
export type TaskOutput = BuilderOutput['tasks'][number];
export type LinkValues = BuilderValues['links'][number];

/** A new task as the "Add task" button makes it: the contract's defaults, nothing chosen yet. */
export function emptyTask(): TaskValues {
  return {
    taskId: null,
    title: '',
    instructions: '',
    platforms: [],
    formats: [...TASK_DEFAULTS.formats],
    caption: '',
    require_ad_disclosure: TASK_DEFAULTS.require_ad_disclosure,
    tiktok_sound_url: '',
    instagram_sound_url: '',
    video_examples: [],
    image_url: '',
    review_mode: TASK_DEFAULTS.review_mode,
    autoreview_prompt: '',
    is_required: true,
    max_posts_per_creator: '',
  };
}

export const emptyLink = (): LinkValues => ({
  url: '',
  service: '',
  description: '',
  affiliate_code: '',
});

/** A copy of a task that becomes a new task when saved. */
export function duplicateTask(task: TaskValues): TaskValues {
  return {
    ...structuredClone(task),
    taskId: null,
    title: task.title.trim() ? `${task.title.trim()} (copy)`.slice(0, 200) : '',
  };
}

/** The builder of a new campaign: the contract's defaults, for the given brand. */
export function emptyBuilderValues(brandId: string): BuilderValues {
  return {
    name: '',
    brand_id: brandId,
    visibility: DEFAULT_VISIBILITY,
    invite_code: '',
    product: { name: '', url: '', image_url: '' },
    description: '',
    instructions: '',
    icon_url: '',
    brief_url: '',
    video_examples: [],
    links: [],
    targeting: null,
    content_deadline_date: '',
    post_deadline_date: '',
    settings: { ...CAMPAIGN_SETTINGS_DEFAULTS },
    tasks: [],
  };
}

const text = (value: string | null | undefined) => value ?? '';

/** Tasks the builder edits: the active ones, in brief order. Archived tasks take no new work. */
export function activeTasks(campaign: Campaign): Task[] {
  return (campaign.tasks ?? [])
    .filter((task) => task.status === 'active')
    .sort((a, b) => a.display_order - b.display_order || a.created_at.localeCompare(b.created_at));
}

export function taskValuesFrom(task: Task): TaskValues {
  return {
    taskId: task.id,
    title: task.title,
    instructions: task.instructions,
    platforms: [...task.platforms],
    formats: [...task.formats],
    caption: text(task.caption),
    require_ad_disclosure: task.require_ad_disclosure,
    tiktok_sound_url: text(task.tiktok_sound_url),
    instagram_sound_url: text(task.instagram_sound_url),
    video_examples: task.video_examples.map((url) => ({ url })),
    image_url: text(task.image_url),
    review_mode: task.review_mode,
    autoreview_prompt: text(task.autoreview_prompt),
    is_required: task.is_required,
    max_posts_per_creator:
      task.max_posts_per_creator === null ? '' : String(task.max_posts_per_creator),
  };
}

/** The builder of an existing campaign, as the service has it. */
export function builderValuesFrom(campaign: Campaign): BuilderValues {
  return {
    name: campaign.name,
    brand_id: campaign.brand_id,
    visibility: campaign.visibility,
    invite_code: text(campaign.invite_code),
    product: {
      name: campaign.product.name,
      url: text(campaign.product.url),
      image_url: text(campaign.product.image_url),
    },
    description: text(campaign.description),
    instructions: text(campaign.instructions),
    icon_url: text(campaign.icon_url),
    brief_url: text(campaign.brief_url),
    video_examples: campaign.video_examples.map((url) => ({ url })),
    links: campaign.links.map((link) => ({
      url: link.url,
      service: text(link.service),
      description: text(link.description),
      affiliate_code: text(link.affiliate_code),
    })),
    targeting: campaign.targeting,
    content_deadline_date: text(campaign.content_deadline_date),
    post_deadline_date: text(campaign.post_deadline_date),
    settings: { ...campaign.settings },
    tasks: activeTasks(campaign).map(taskValuesFrom),
  };
}

/** Drops the keys whose value is null, undefined or an empty list: the service's defaults apply. */
function withoutEmpty<O extends Record<string, unknown>>(object: O): O {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) =>
        value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  ) as O;
}

/**
 * A task as `POST` sends it. `is_required` only where the completion mode lets the buyer author it
 * (else the service answers 422); the prompt only for autoreview, the one mode that reads it.
 */
export function taskCreateBody(
  task: TaskOutput,
  completionMode: CompletionMode,
  displayOrder: number,
): TaskCreate {
  return withoutEmpty({
    title: task.title,
    instructions: task.instructions,
    platforms: task.platforms,
    formats: task.formats,
    caption: task.caption,
    require_ad_disclosure: task.require_ad_disclosure,
    tiktok_sound_url: task.tiktok_sound_url,
    instagram_sound_url: task.instagram_sound_url,
    video_examples: task.video_examples,
    image_url: task.image_url,
    review_mode: task.review_mode,
    autoreview_prompt: task.review_mode === 'autoreview' ? task.autoreview_prompt : undefined,
    is_required: completionMode === 'some_required' ? task.is_required : undefined,
    max_posts_per_creator: task.max_posts_per_creator,
    display_order: displayOrder,
  });
}

/**
 * `POST /campaigns` from the checked form: tasks embedded, optional fields that are empty left out
 * (the service's defaults apply), settings always explicit. `brand_id` is sent for agency keys;
 * a brand key acts for its own brand.
 */
export function campaignCreateBody(
  output: BuilderOutput,
  options: { sendBrandId: boolean },
): CampaignCreate {
  const mode = output.settings.completion_mode;
  return withoutEmpty({
    name: output.name,
    brand_id: options.sendBrandId ? output.brand_id : undefined,
    visibility: output.visibility,
    invite_code: output.visibility === 'unlisted' ? output.invite_code : undefined,
    product: output.product && withoutEmpty(output.product),
    description: output.description,
    instructions: output.instructions,
    icon_url: output.icon_url,
    brief_url: output.brief_url,
    video_examples: output.video_examples,
    links: output.links?.map((link) => withoutEmpty(link)),
    targeting: output.targeting,
    content_deadline_date: output.content_deadline_date,
    post_deadline_date: output.post_deadline_date,
    settings: output.settings,
    tasks: output.tasks.map((task, index) => taskCreateBody(task, mode, index)),
  });
}
