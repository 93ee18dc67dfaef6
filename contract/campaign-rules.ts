import type { AuditVerb } from './audit.ts';
import type { CampaignStatus } from './enums.ts';
import type { FieldIssue } from './issues.ts';

// ---------------------------------------------------------------- the status machine

/** What can happen to a campaign's status: the brand's five actions and the platform's four. */
export type CampaignAction =
  | 'publish'
  | 'withdraw'
  | 'pause'
  | 'resume'
  | 'delete'
  | 'approve'
  | 'deny'
  | 'auto_pause'
  | 'complete';

/** One edge of the status machine. */
export type CampaignTransition = {
  action: CampaignAction;
  from: CampaignStatus;
  /** The status after; null when the campaign is gone (`delete`). */
  to: CampaignStatus | null;
  /** Who runs it: the brand's endpoints or the platform's (`/ops`). */
  by: 'brand' | 'platform';
  /** The audit action the database writes for it (`campaign.<audit>`, docs/api.md#people-sign-in-roles-and-the-audit-trail). */
  audit: AuditVerb<'campaign'>;
  /**
   * The `status_detail` kind the edge leaves, when it leaves one. The audit trigger tells a denial
   * from a withdrawal (both pending_approval → draft) by it.
   */
  detail?: 'publish_denied' | 'auto_paused';
};

/**
 * The campaign state machine as data (docs/api.md#states), one row per edge: the
 * service asserts transitions from it, the dashboard derives its commands from it, and a test
 * holds the audit trigger's status→action mapping against it (docs/decisions/0110-rules-as-data-in-the-contract.md).
 */
export const CAMPAIGN_TRANSITIONS: readonly CampaignTransition[] = [
  {
    action: 'publish',
    from: 'draft',
    to: 'pending_approval',
    by: 'brand',
    audit: 'publish_requested',
  },
  {
    action: 'withdraw',
    from: 'pending_approval',
    to: 'draft',
    by: 'brand',
    audit: 'withdrawn',
  },
  { action: 'approve', from: 'pending_approval', to: 'active', by: 'platform', audit: 'approved' },
  {
    action: 'deny',
    from: 'pending_approval',
    to: 'draft',
    by: 'platform',
    audit: 'publish_denied',
    detail: 'publish_denied',
  },
  { action: 'pause', from: 'active', to: 'paused', by: 'brand', audit: 'paused' },
  {
    action: 'auto_pause',
    from: 'active',
    to: 'paused',
    by: 'platform',
    audit: 'paused',
    detail: 'auto_paused',
  },
  { action: 'resume', from: 'paused', to: 'active', by: 'brand', audit: 'resumed' },
  { action: 'complete', from: 'active', to: 'completed', by: 'platform', audit: 'completed' },
  { action: 'complete', from: 'paused', to: 'completed', by: 'platform', audit: 'completed' },
  { action: 'delete', from: 'draft', to: null, by: 'brand', audit: 'deleted' },
];

/** Each action in words, after "cannot be": "published", "paused automatically". */
export const CAMPAIGN_ACTION_DONE: Readonly<Record<CampaignAction, string>> = {
  publish: 'published',
  withdraw: 'withdrawn',
  pause: 'paused',
  resume: 'resumed',
  delete: 'deleted',
  approve: 'approved',
  deny: 'denied',
  auto_pause: 'paused automatically',
  complete: 'completed',
};

/** The statuses `action` may start from, in the table's order. */
export function allowedFrom(action: CampaignAction): readonly CampaignStatus[] {
  return CAMPAIGN_TRANSITIONS.filter((t) => t.action === action).map((t) => t.from);
}

/** The edge `action` takes from `status`; null when the status does not allow it. */
export function transitionOf(
  action: CampaignAction,
  status: CampaignStatus,
): CampaignTransition | null {
  return CAMPAIGN_TRANSITIONS.find((t) => t.action === action && t.from === status) ?? null;
}

/** The actions `status` allows to `by`, in the table's order. */
export function actionsFrom(
  status: CampaignStatus,
  by: CampaignTransition['by'],
): readonly CampaignAction[] {
  return CAMPAIGN_TRANSITIONS.filter((t) => t.from === status && t.by === by).map((t) => t.action);
}

/**
 * Why `action` cannot run in `status`, the words of the 409 `invalid_state_transition` (field
 * `status`); null when it can.
 */
export function transitionRefusal(action: CampaignAction, status: CampaignStatus): string | null {
  if (transitionOf(action, status)) return null;
  return `a campaign that is ${status} cannot be ${CAMPAIGN_ACTION_DONE[action]} (only one that is ${allowedFrom(action).join(' or ')})`;
}

// ---------------------------------------------------------------- what may change by status

/**
 * The parts of a campaign that lock together by status (docs/api.md#what-patch-may-change).
 * `content`: name, description, instructions, icon, brief, example videos, links, product,
 * visibility and invite code. `tasks` are written through their own endpoints.
 */
export type LockArea = 'content' | 'tasks' | 'settings' | 'targeting' | 'deadlines';

/** The fields of `PATCH /campaigns/{id}` and the area each belongs to. */
export const CAMPAIGN_FIELD_AREA = {
  name: 'content',
  description: 'content',
  instructions: 'content',
  icon_url: 'content',
  brief_url: 'content',
  video_examples: 'content',
  links: 'content',
  product: 'content',
  visibility: 'content',
  invite_code: 'content',
  targeting: 'targeting',
  settings: 'settings',
  content_deadline_date: 'deadlines',
  post_deadline_date: 'deadlines',
} as const satisfies Record<string, LockArea>;

export type CampaignField = keyof typeof CAMPAIGN_FIELD_AREA;

/** The lock table: the areas that cannot change in each status. */
export const LOCKED_AREAS: Readonly<Record<CampaignStatus, readonly LockArea[]>> = {
  draft: [],
  pending_approval: ['content', 'tasks', 'settings', 'targeting', 'deadlines'],
  active: ['settings', 'targeting'],
  paused: ['settings', 'targeting'],
  completed: ['content', 'tasks', 'settings', 'targeting', 'deadlines'],
};

export function areaLocked(status: CampaignStatus, area: LockArea): boolean {
  return LOCKED_AREAS[status].includes(area);
}

export function fieldEditable(status: CampaignStatus, field: CampaignField): boolean {
  return !areaLocked(status, CAMPAIGN_FIELD_AREA[field]);
}

/** Why an area cannot change in a status, in words for people; null when it can. */
export function lockReason(status: CampaignStatus, area: LockArea): string | null {
  if (!areaLocked(status, area)) return null;
  switch (status) {
    case 'pending_approval':
      return 'Locked while the campaign is pending approval: nothing can change until the review is decided.';
    case 'completed':
      return 'Locked because the campaign is completed: it can no longer change.';
    default:
      return `Locked while the campaign is ${status}: targeting and settings can only change in a draft.`;
  }
}

/**
 * Today's date as the service counts it: the UTC calendar date, `YYYY-MM-DD`. The one definition
 * of "today" for deadlines, on both sides, so a save near midnight is judged alike everywhere.
 */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const DEADLINE_FIELDS = ['content_deadline_date', 'post_deadline_date'] as const;
export type DeadlineField = (typeof DEADLINE_FIELDS)[number];

/**
 * A deadline that is set (created or moved) is never before today; one kept unchanged may be.
 * `previous` holds the stored values (null when creating). Returns one issue per late deadline.
 */
export function pastDeadlineIssues(
  next: Partial<Record<DeadlineField, string | null | undefined>>,
  today: string,
  previous: Partial<Record<DeadlineField, string | null>> | null = null,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of DEADLINE_FIELDS) {
    const value = next[field];
    if (!value || value === (previous?.[field] ?? null)) continue;
    if (value < today) {
      issues.push({ field, message: `must not be earlier than today (${today})` });
    }
  }
  return issues;
}

/** What a campaign's status lets an editor change, area by area. */
export type CampaignLocks = {
  /** Why each area cannot change, or null when it can. */
  reasons: Record<LockArea, string | null>;
  /** A deadline that is set or moved may not be before this date (`YYYY-MM-DD`). */
  earliestDeadline: string;
  /** Everything is locked: nothing to save. */
  all: boolean;
};

const AREAS: readonly LockArea[] = ['content', 'tasks', 'settings', 'targeting', 'deadlines'];

/** Whether a status locks every area (pending approval, completed): nothing to edit. */
export const lockedEntirely = (status: CampaignStatus): boolean =>
  LOCKED_AREAS[status].length === AREAS.length;

/** The lock table read for one status; `null` is a campaign not created yet (a draft to be). */
export function campaignLocks(status: CampaignStatus | null, today: string): CampaignLocks {
  const current = status ?? 'draft';
  const reasons = Object.fromEntries(AREAS.map((area) => [area, lockReason(current, area)]));
  return {
    reasons: reasons as Record<LockArea, string | null>,
    earliestDeadline: today,
    all: lockedEntirely(current),
  };
}
