import type { CampaignStatus } from '#contract/enums';

/**
 * The parts of a campaign the builder edits, as the lock table groups them
 * (extensions 2026-07, section 3). `content`: name, description, instructions, icon, brief,
 * example videos, links, product, visibility and invite code. Tasks are written through their
 * own endpoints; the builder locks them where it locks everything.
 */
export type LockArea = 'content' | 'tasks' | 'settings' | 'targeting' | 'deadlines';

export type FieldLocks = {
  /** Why each area cannot change in this status, or null when it can. */
  reasons: Record<LockArea, string | null>;
  /** Deadlines may move, but not to a date before this one (`YYYY-MM-DD`); null: no bound. */
  earliestDeadline: string | null;
  /** Everything is locked: nothing to save. */
  all: boolean;
};

const NONE: Record<LockArea, null> = {
  content: null,
  tasks: null,
  settings: null,
  targeting: null,
  deadlines: null,
};

function everything(reason: string): Record<LockArea, string> {
  return { content: reason, tasks: reason, settings: reason, targeting: reason, deadlines: reason };
}

/**
 * What the campaign's status lets the builder change. A new campaign (no status) is a draft.
 * `today` is the viewer's calendar date, `YYYY-MM-DD`.
 */
export function fieldLocks(status: CampaignStatus | null, today: string): FieldLocks {
  switch (status) {
    case null:
    case 'draft':
      return { reasons: { ...NONE }, earliestDeadline: null, all: false };
    case 'pending_approval':
      return {
        reasons: everything(
          'Locked while the campaign is pending approval: nothing can change until the review is decided.',
        ),
        earliestDeadline: null,
        all: true,
      };
    case 'completed':
      return {
        reasons: everything('Locked because the campaign is completed: it can no longer change.'),
        earliestDeadline: null,
        all: true,
      };
    case 'active':
    case 'paused': {
      const reason = `Locked while the campaign is ${status}: targeting and settings can only change in a draft.`;
      return {
        reasons: { ...NONE, settings: reason, targeting: reason },
        earliestDeadline: today,
        all: false,
      };
    }
  }
}

/** Today's calendar date where the viewer is, `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
