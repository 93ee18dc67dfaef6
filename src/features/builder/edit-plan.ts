import type { Campaign, CampaignUpdate } from '#contract/campaigns';
import type { CompletionMode } from '#contract/enums';
import type { Task, TaskCreate, TaskUpdate } from '#contract/tasks';
import { taskCreateBody, type BuilderOutput, type TaskOutput } from './builder-form';
import type { CampaignLocks } from '#contract/campaign-rules';
import { sameValue } from './same-value';

/** One call of the task endpoints. `index` is the task's position in the builder. */
export type TaskOperation =
  | { kind: 'create'; index: number; body: TaskCreate }
  | { kind: 'update'; index: number; taskId: string; body: TaskUpdate }
  | { kind: 'archive'; taskId: string; title: string };

/** What saving an edited campaign sends: a PATCH of the changed fields, then the task calls. */
export type EditPlan = { campaign: CampaignUpdate | null; tasks: TaskOperation[] };

const same = sameValue;
const sameSet = (a: readonly string[], b: readonly string[]) => same([...a].sort(), [...b].sort());

function withoutNulls<O extends Record<string, unknown>>(object: O): O {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => v !== null && v !== undefined),
  ) as O;
}

/**
 * The campaign fields that differ from what the service has, leaving out the areas the status
 * locks (a draft restored from before a publish may still hold changes to them). Null: nothing.
 */
export function campaignPatch(
  output: BuilderOutput,
  baseline: Campaign,
  locks: CampaignLocks,
): CampaignUpdate | null {
  const patch: Record<string, unknown> = {};
  const put = (key: keyof CampaignUpdate, next: unknown, current: unknown) => {
    if (!same(next, current)) patch[key] = next;
  };

  if (!locks.reasons.content) {
    put('name', output.name, baseline.name);
    put('visibility', output.visibility, baseline.visibility);
    if (output.visibility === 'unlisted' && output.invite_code !== undefined) {
      put('invite_code', output.invite_code, baseline.invite_code);
    }
    if (output.product) {
      const product = {
        name: output.product.name,
        url: output.product.url ?? null,
        image_url: output.product.image_url ?? null,
      };
      put('product', product, baseline.product);
    }
    put('description', output.description ?? null, baseline.description);
    put('instructions', output.instructions ?? null, baseline.instructions);
    put('icon_url', output.icon_url ?? null, baseline.icon_url);
    put('brief_url', output.brief_url ?? null, baseline.brief_url);
    put('video_examples', output.video_examples ?? [], baseline.video_examples);
    const links = (output.links ?? []).map((link) => ({
      url: link.url,
      service: link.service ?? null,
      description: link.description ?? null,
      affiliate_code: link.affiliate_code ?? null,
    }));
    const current = baseline.links.map(({ id: _id, ...link }) => link);
    // Links are replaced whole: send the full list when any of it changed.
    if (!same(links, current)) patch.links = links.map((link) => withoutNulls(link));
  }

  if (!locks.reasons.settings) {
    // Settings merge key by key: only the changed ones.
    const settings: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(output.settings)) {
      if (baseline.settings[key as keyof Campaign['settings']] !== value) settings[key] = value;
    }
    if (Object.keys(settings).length > 0) patch.settings = settings;
  }

  if (!locks.reasons.targeting) put('targeting', output.targeting ?? null, baseline.targeting);

  if (!locks.reasons.deadlines) {
    put(
      'content_deadline_date',
      output.content_deadline_date ?? null,
      baseline.content_deadline_date,
    );
    put('post_deadline_date', output.post_deadline_date ?? null, baseline.post_deadline_date);
  }

  return Object.keys(patch).length > 0 ? (patch as CampaignUpdate) : null;
}

/** The fields of a task that differ from the service's copy. */
export function taskPatch(task: TaskOutput, base: Task, mode: CompletionMode): TaskUpdate {
  const patch: Record<string, unknown> = {};
  const put = (key: keyof TaskUpdate, next: unknown, current: unknown) => {
    if (!same(next, current)) patch[key] = next;
  };
  put('title', task.title, base.title);
  put('instructions', task.instructions, base.instructions);
  if (!sameSet(task.platforms, base.platforms)) patch.platforms = task.platforms;
  if (!sameSet(task.formats ?? [], base.formats)) patch.formats = task.formats ?? [];
  put('caption', task.caption ?? null, base.caption);
  put('require_ad_disclosure', task.require_ad_disclosure, base.require_ad_disclosure);
  put('tiktok_sound_url', task.tiktok_sound_url ?? null, base.tiktok_sound_url);
  put('instagram_sound_url', task.instagram_sound_url ?? null, base.instagram_sound_url);
  put('video_examples', task.video_examples ?? [], base.video_examples);
  put('image_url', task.image_url ?? null, base.image_url);
  put('review_mode', task.review_mode, base.review_mode);
  // The prompt is read only in autoreview; a hidden prompt is left as the service has it.
  if (task.review_mode === 'autoreview') {
    put('autoreview_prompt', task.autoreview_prompt ?? null, base.autoreview_prompt);
  }
  if (mode === 'some_required') put('is_required', task.is_required, base.is_required);
  put('max_posts_per_creator', task.max_posts_per_creator ?? null, base.max_posts_per_creator);
  return patch as TaskUpdate;
}

/**
 * The task calls that make the service's active tasks match the builder's list: removed tasks
 * are archived (the interface cannot delete a task), new ones created, changed ones patched.
 * Positions are rewritten only when the order changed; new tasks at the end go after every
 * existing task.
 */
export function taskOperations(
  tasks: readonly TaskOutput[],
  baseline: readonly Task[],
  mode: CompletionMode,
): TaskOperation[] {
  const active = new Map(
    baseline.filter((task) => task.status === 'active').map((task) => [task.id, task]),
  );
  const known = (task: TaskOutput) => (task.taskId ? active.get(task.taskId) : undefined);

  const kept = new Set(tasks.map((task) => task.taskId).filter(Boolean));
  const archives: TaskOperation[] = [...active.values()]
    .filter((task) => !kept.has(task.id))
    .sort((a, b) => a.display_order - b.display_order)
    .map((task) => ({ kind: 'archive', taskId: task.id, title: task.title }));

  const existingOrders = tasks.flatMap((task) => {
    const base = known(task);
    return base ? [base.display_order] : [];
  });
  const lastExisting = tasks.reduce((last, task, i) => (known(task) ? i : last), -1);
  const inOrder =
    existingOrders.every((order, i) => i === 0 || order > existingOrders[i - 1]!) &&
    tasks.every((task, i) => known(task) !== undefined || i > lastExisting);
  let nextOrder = Math.max(-1, ...baseline.map((task) => task.display_order)) + 1;

  const writes = tasks.flatMap((task, index): TaskOperation[] => {
    const base = known(task);
    if (!base) {
      const order = inOrder ? nextOrder++ : index;
      return [{ kind: 'create', index, body: taskCreateBody(task, mode, order) }];
    }
    const body = taskPatch(task, base, mode);
    if (!inOrder && base.display_order !== index) body.display_order = index;
    return Object.keys(body).length > 0 ? [{ kind: 'update', index, taskId: base.id, body }] : [];
  });
  return [...archives, ...writes];
}

export function editPlan(
  output: BuilderOutput,
  baseline: Campaign,
  locks: CampaignLocks,
): EditPlan {
  return {
    campaign: campaignPatch(output, baseline, locks),
    tasks: locks.reasons.tasks
      ? []
      : taskOperations(output.tasks, baseline.tasks ?? [], output.settings.completion_mode),
  };
}
