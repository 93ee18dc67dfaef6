import type { FieldErrors } from 'react-hook-form';
import type { BuilderValues } from './builder-form';
import type { LockArea } from '#contract/campaign-rules';

export const STEPS = [
  { id: 'basics', label: 'Basics' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'settings', label: 'Settings' },
  { id: 'deadlines', label: 'Deadlines' },
  { id: 'targeting', label: 'Targeting' },
  { id: 'review', label: 'Review' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

type TopField = keyof BuilderValues;

/** The form's top-level fields on each step, in the order the step shows them. */
export const STEP_FIELDS: Record<StepId, readonly TopField[]> = {
  basics: [
    'name',
    'brand_id',
    'description',
    'instructions',
    'visibility',
    'invite_code',
    'product',
    'icon_url',
    'brief_url',
    'video_examples',
    'links',
  ],
  tasks: ['tasks'],
  settings: ['settings'],
  deadlines: ['content_deadline_date', 'post_deadline_date'],
  targeting: ['targeting'],
  review: [],
};

/** The lock area each top-level field belongs to. */
export const LOCK_AREA_OF: Record<TopField, LockArea> = {
  name: 'content',
  brand_id: 'content',
  description: 'content',
  instructions: 'content',
  visibility: 'content',
  invite_code: 'content',
  product: 'content',
  icon_url: 'content',
  brief_url: 'content',
  video_examples: 'content',
  links: 'content',
  tasks: 'tasks',
  settings: 'settings',
  content_deadline_date: 'deadlines',
  post_deadline_date: 'deadlines',
  targeting: 'targeting',
};

/** The step that shows a form path (`tasks.1.platforms` is on Tasks); null when none does. */
export function stepOfPath(path: string): StepId | null {
  const top = path.split('.')[0];
  for (const step of STEPS) {
    if ((STEP_FIELDS[step.id] as readonly string[]).includes(top ?? '')) return step.id;
  }
  return null;
}

type ErrorNode = Record<string, unknown>;

const isNode = (value: unknown): value is ErrorNode => typeof value === 'object' && value !== null;

/**
 * The paths of every error under `node`, depth first, in the order the form reports them.
 * `links.root` (a field array's own error) is reported as `links`.
 */
export function errorPaths(node: unknown, prefix = ''): string[] {
  if (!isNode(node)) return [];
  const paths: string[] = [];
  if (typeof node.message === 'string' && prefix) paths.push(prefix);
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'types' || key === 'message' || key === 'type') continue;
    if (key === 'root') {
      if (isNode(child) && typeof child.message === 'string') paths.push(prefix);
      continue;
    }
    paths.push(...errorPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return paths;
}

/** The error paths of one step, in the order its fields are shown. */
export function stepErrorPaths(errors: FieldErrors<BuilderValues>, step: StepId): string[] {
  return STEP_FIELDS[step].flatMap((field) => errorPaths({ [field]: errors[field] }));
}

/** The first step (in stepper order) with an error, and that error's path. */
export function firstError(
  errors: FieldErrors<BuilderValues>,
): { step: StepId; path: string } | null {
  for (const step of STEPS) {
    const [path] = stepErrorPaths(errors, step.id);
    if (path !== undefined) return { step: step.id, path };
  }
  return null;
}

// Lists whose rows the form holds as `{ url }` objects, so an input can be registered per row.
const URL_ROW_LIST = /^(?:tasks\.\d+\.)?video_examples\.\d+$/;

/**
 * The form path of a field named by a service message (`tasks[0].title` → `tasks.0.title`).
 * `within` prefixes a path named by a task endpoint (its messages name the task's own fields).
 */
export function formPathOfServiceField(field: string, within = ''): string {
  let path = `${within}${field}`.replace(/\[(\d+)\]/g, '.$1');
  if (URL_ROW_LIST.test(path)) path = `${path}.url`;
  if (path === 'product') path = 'product.name';
  return path;
}

// The inputs a service error can land on; anything else is reported at the top of its step.
const FIELD_PATTERNS: readonly RegExp[] = [
  /^(name|brand_id|visibility|invite_code|description|instructions|icon_url|brief_url)$/,
  /^product\.(name|url|image_url)$/,
  /^video_examples\.\d+\.url$/,
  /^links\.\d+\.(url|service|description|affiliate_code)$/,
  /^settings\.(creator_approval_required|brand_approval_required|post_approval_mode|completion_mode)$/,
  /^(content_deadline_date|post_deadline_date)$/,
  /^tasks\.\d+\.(title|instructions|platforms|formats|caption|require_ad_disclosure|tiktok_sound_url|instagram_sound_url|image_url|review_mode|autoreview_prompt|is_required|max_posts_per_creator)$/,
  /^tasks\.\d+\.video_examples\.\d+\.url$/,
];

export function isFormFieldPath(path: string): boolean {
  return FIELD_PATTERNS.some((pattern) => pattern.test(path));
}
