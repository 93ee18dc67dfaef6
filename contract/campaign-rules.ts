import type { CampaignStatus } from './enums.ts';
import type { FieldIssue } from './issues.ts';

/**
 * The parts of a campaign that lock together by status (extensions 2026-07, section 3).
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

/** The lock table read for one status; `null` is a campaign not created yet (a draft to be). */
export function campaignLocks(status: CampaignStatus | null, today: string): CampaignLocks {
  const current = status ?? 'draft';
  const reasons = Object.fromEntries(AREAS.map((area) => [area, lockReason(current, area)]));
  return {
    reasons: reasons as Record<LockArea, string | null>,
    earliestDeadline: today,
    all: LOCKED_AREAS[current].length === AREAS.length,
  };
}
