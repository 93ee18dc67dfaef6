import { randomBytes } from 'node:crypto';
import type { CampaignLinkInput, CampaignUpdate, ProductInfoInput } from '#contract/campaigns';
import {
  areaLocked,
  fieldEditable,
  pastDeadlineIssues,
  transitionOf,
  transitionRefusal,
  type CampaignAction,
  type CampaignField,
} from '#contract/campaign-rules';
import type { CampaignStatus, CompletionMode, Visibility } from '#contract/enums';
import type {
  StoredLink,
  StoredProduct,
  StoredSettings,
  StoredStatusDetail,
  StoredTargeting,
} from '../db/schema.ts';
import { ApiError, fieldsRefused, invalidTransition, validationFailed } from '../errors.ts';
import { sameJson } from './json.ts';

// The rules of a campaign that are not HTTP and not SQL: its status machine (docs/api.md#campaign-states,
// docs/api.md#the-platform-side-ops), what a PATCH may change in each status
// (docs/api.md#what-patch-may-change), deadlines, invite
// codes and how tasks' is_required follows the completion mode. Pure functions, unit-tested.

// ---------------------------------------------------------------- status machine

export type { CampaignAction };

/** 409 `invalid_state_transition` naming `status` unless `action` may run in `status`. */
export function assertTransition(action: CampaignAction, status: CampaignStatus): void {
  const refusal = transitionRefusal(action, status);
  if (refusal) throw invalidTransition('status', refusal);
}

export interface StatusState {
  status: CampaignStatus;
  statusDetail: StoredStatusDetail | null;
  acceptingSubmissions: boolean;
}

export const DEFAULT_DENIAL_REASON =
  'The publish request was denied. Review the campaign and publish it again.';

/**
 * The state after `action`: the status the contract's table leads to (409 when it does not allow
 * the action), accepting submissions only when active, and the detail a denial or auto-pause
 * leaves. `delete` has none.
 */
export function stateAfter(
  action: Exclude<CampaignAction, 'delete'>,
  current: StatusState,
  context: { now: Date; reason?: string | undefined },
): StatusState {
  assertTransition(action, current.status);
  const status = transitionOf(action, current.status)!.to!;
  const occurred_at = context.now.toISOString();
  const statusDetail: StoredStatusDetail | null =
    action === 'deny'
      ? { kind: 'publish_denied', reason: context.reason ?? DEFAULT_DENIAL_REASON, occurred_at }
      : action === 'auto_pause'
        ? { kind: 'auto_paused', reason: context.reason ?? 'other', occurred_at }
        : null;
  return { status, statusDetail, acceptingSubmissions: status === 'active' };
}

/** Publishing needs an active task, unless creators must be approved first (a waitlist). */
export function assertPublishable(activeTasks: number, settings: StoredSettings): void {
  if (activeTasks === 0 && !settings.creator_approval_required) {
    throw validationFailed(
      'tasks',
      'a campaign needs at least one active task to be published (or settings.creator_approval_required)',
    );
  }
}

// ---------------------------------------------------------------- what PATCH may change

export type { CampaignField };

/** 409 `field_locked_for_status` naming the first of `changed` (in the order sent) that is locked. */
export function assertEditable(status: CampaignStatus, changed: readonly CampaignField[]): void {
  const locked = changed.find((field) => !fieldEditable(status, field));
  if (locked) {
    throw fieldsRefused(409, 'field_locked_for_status', [
      { field: locked, message: `cannot be changed while the campaign is ${status}` },
    ]);
  }
}

// ---------------------------------------------------------------- normalising input

export const normalizeProduct = (p: ProductInfoInput): StoredProduct => ({
  name: p.name,
  url: p.url ?? null,
  image_url: p.image_url ?? null,
});

type LinkContent = Omit<StoredLink, 'id'>;
const linkContent = (l: CampaignLinkInput | StoredLink): LinkContent => ({
  url: l.url,
  service: l.service ?? null,
  description: l.description ?? null,
  affiliate_code: l.affiliate_code ?? null,
});

/** Links as stored: each gets a new id (a PATCH replaces the whole list). */
export const newLinks = (links: readonly CampaignLinkInput[], uuid: () => string): StoredLink[] =>
  links.map((l) => ({ id: uuid(), ...linkContent(l) }));

export const mergeSettings = (
  stored: StoredSettings,
  patch: Partial<Record<keyof StoredSettings, unknown>> | undefined,
): StoredSettings => {
  const out = { ...stored } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch ?? {})) if (v !== undefined) out[k] = v;
  return out as unknown as StoredSettings;
};

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random invite code: 10 characters without look-alikes (0/O, 1/I), about 50 bits. */
export function generateInviteCode(): string {
  let code = '';
  for (const byte of randomBytes(10)) code += INVITE_ALPHABET[byte % INVITE_ALPHABET.length];
  return code;
}

/** Deadlines: content on or before post, checked on the values the campaign will have. */
export function assertDeadlineOrder(
  content: string | null,
  post: string | null,
  changed: { content: boolean; post: boolean },
): void {
  if (!content || !post || content <= post) return;
  if (changed.content || !changed.post) {
    throw validationFailed(
      'content_deadline_date',
      `must be on or before post_deadline_date (${post})`,
    );
  }
  throw validationFailed(
    'post_deadline_date',
    `must be on or after content_deadline_date (${content})`,
  );
}

// ---------------------------------------------------------------- planning a PATCH

/** What a PATCH reads of the stored campaign. */
export interface EditableCampaign {
  status: CampaignStatus;
  name: string;
  description: string | null;
  instructions: string | null;
  iconUrl: string | null;
  briefUrl: string | null;
  videoExamples: string[];
  links: StoredLink[];
  product: StoredProduct;
  visibility: Visibility;
  inviteCode: string | null;
  targeting: StoredTargeting | null;
  settings: StoredSettings;
  contentDeadlineDate: string | null;
  postDeadlineDate: string | null;
}

export type CampaignChanges = Partial<Omit<EditableCampaign, 'status'>>;

export interface UpdatePlan {
  changes: CampaignChanges;
  /** Set when the completion mode changes: the tasks' is_required follow it. */
  completionMode: CompletionMode | null;
}

interface UpdateContext {
  today: string;
  uuid: () => string;
  inviteCode: () => string;
}

/** How a PATCH field becomes a stored value: the value, and whether it is the stored one. */
interface FieldRule<K extends keyof CampaignChanges> {
  key: K;
  plan(
    patch: CampaignUpdate,
    stored: EditableCampaign,
    context: UpdateContext,
  ): { value: EditableCampaign[K]; same: boolean };
}

const rule = <K extends keyof CampaignChanges>(key: K, plan: FieldRule<K>['plan']) => ({
  key,
  plan,
});

/** A value stored as sent (absent or null: null), the same when equal. */
const asSent = <K extends keyof CampaignChanges>(field: CampaignField, key: K) =>
  rule(key, (patch, stored) => {
    const value = (patch[field] ?? null) as EditableCampaign[K];
    return { value, same: value === stored[key] };
  });

/** A JSON value stored as sent, the same when its JSON is. */
const asSentJson = <K extends keyof CampaignChanges>(field: CampaignField, key: K) =>
  rule(key, (patch, stored) => {
    const value = (patch[field] ?? null) as EditableCampaign[K];
    return { value, same: sameJson(value, stored[key]) };
  });

const FIELD_RULES: { [F in CampaignField]: FieldRule<keyof CampaignChanges> } = {
  name: asSent('name', 'name'),
  description: asSent('description', 'description'),
  instructions: asSent('instructions', 'instructions'),
  icon_url: asSent('icon_url', 'iconUrl'),
  brief_url: asSent('brief_url', 'briefUrl'),
  video_examples: asSentJson('video_examples', 'videoExamples'),
  links: rule('links', (patch, stored, context) => {
    const same = sameJson(patch.links!.map(linkContent), stored.links.map(linkContent));
    return { value: same ? stored.links : newLinks(patch.links!, context.uuid), same };
  }),
  product: rule('product', (patch, stored) => {
    const product = normalizeProduct(patch.product!);
    return { value: product, same: sameJson(product, stored.product) };
  }),
  visibility: asSent('visibility', 'visibility'),
  invite_code: asSent('invite_code', 'inviteCode'),
  targeting: asSentJson('targeting', 'targeting'),
  settings: rule('settings', (patch, stored) => {
    const settings = mergeSettings(stored.settings, patch.settings);
    return { value: settings, same: sameJson(settings, stored.settings) };
  }),
  content_deadline_date: asSent('content_deadline_date', 'contentDeadlineDate'),
  post_deadline_date: asSent('post_deadline_date', 'postDeadlineDate'),
};

/**
 * The changes a PATCH makes, or the error it answers. A field sent with the value it already has
 * is not a change: it is never locked, so a form may send back fields it did not touch.
 * `sent` lists the body's fields in the order they were sent (the first locked one is named).
 */
export function planCampaignUpdate(
  stored: EditableCampaign,
  patch: CampaignUpdate,
  sent: readonly string[],
  context: UpdateContext,
): UpdatePlan {
  const next: CampaignChanges = {};
  const changed: CampaignField[] = [];
  const order = [...new Set([...sent, ...Object.keys(patch)])] as CampaignField[];
  for (const field of order) {
    const fieldRule = Object.hasOwn(FIELD_RULES, field) ? FIELD_RULES[field] : undefined;
    if (patch[field] === undefined || !fieldRule) continue;
    const { value, same } = fieldRule.plan(patch, stored, context);
    if (same) continue;
    changed.push(field);
    Object.assign(next, { [fieldRule.key]: value });
  }

  assertEditable(stored.status, changed);

  // Visibility and invite code: unlisted campaigns have a code (generated when none is given),
  // public ones none.
  const visibility = next.visibility ?? stored.visibility;
  if (visibility === 'public') {
    if (patch.invite_code !== undefined)
      throw validationFailed('invite_code', 'only an unlisted campaign has an invite_code');
    if (stored.inviteCode !== null) next.inviteCode = null;
  } else if (!('inviteCode' in next) && stored.inviteCode === null) {
    next.inviteCode = context.inviteCode();
  }

  // Deadlines: one that is set or moved is never in the past (in any status); the order holds for
  // the values the campaign will have, stored ones included.
  const late = pastDeadlineIssues(
    { content_deadline_date: next.contentDeadlineDate, post_deadline_date: next.postDeadlineDate },
    context.today,
  );
  if (late.length > 0) throw fieldsRefused(422, 'validation_failed', late);
  assertDeadlineOrder(
    'contentDeadlineDate' in next ? next.contentDeadlineDate! : stored.contentDeadlineDate,
    'postDeadlineDate' in next ? next.postDeadlineDate! : stored.postDeadlineDate,
    { content: 'contentDeadlineDate' in next, post: 'postDeadlineDate' in next },
  );

  const mode = next.settings?.completion_mode;
  return {
    changes: next,
    completionMode: mode && mode !== stored.settings.completion_mode ? mode : null,
  };
}

// ---------------------------------------------------------------- tasks

/** is_required that a completion mode imposes on every task; null when each task decides. */
export function derivedIsRequired(mode: CompletionMode): boolean | null {
  switch (mode) {
    case 'all_required':
      return true;
    case 'pick_one':
    case 'all_optional':
      return false;
    case 'some_required':
      return null;
  }
}

/**
 * is_required of a new task: derived from the mode, or as sent under some_required (default
 * true). Sending it under another mode answers 422 naming `field`.
 */
export function isRequiredForNewTask(
  mode: CompletionMode,
  sent: boolean | undefined,
  field: string,
): boolean {
  const derived = derivedIsRequired(mode);
  if (derived === null) return sent ?? true;
  if (sent !== undefined) throw isRequiredNotWritable(mode, field);
  return derived;
}

export const isRequiredNotWritable = (mode: CompletionMode, field = 'is_required') =>
  validationFailed(
    field,
    `can be set only when the campaign's completion_mode is some_required (it is ${mode})`,
  );

/** Task writes: 409 for a campaign of the weekly-video-cap kind, or one under review or completed. */
export function assertTasksWritable(campaign: {
  status: CampaignStatus;
  weeklyVideoCap: number | null;
}): void {
  if (campaign.weeklyVideoCap !== null) {
    throw new ApiError(
      409,
      'task_read_only',
      'Tasks of a campaign of the weekly-video-cap kind are read-only',
    );
  }
  if (areaLocked(campaign.status, 'tasks')) {
    throw invalidTransition('tasks', `cannot be changed while the campaign is ${campaign.status}`);
  }
}

/**
 * display_order of new tasks, in the order given: as sent, or one after the highest so far
 * (the campaign's existing tasks count; null when it has none).
 */
export function displayOrders(
  existingMax: number | null,
  requested: readonly (number | undefined)[],
): number[] {
  let max = existingMax ?? -1;
  return requested.map((r) => {
    const order = r ?? max + 1;
    max = Math.max(max, order);
    return order;
  });
}
