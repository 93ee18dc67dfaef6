import { describe, expect, it } from 'vitest';
import { fieldLocks, localToday } from './field-locks';

const TODAY = '2026-07-15';
const ACTIVE_REASON =
  'Locked while the campaign is active: targeting and settings can only change in a draft.';

describe('fieldLocks (the lock table of extensions 2026-07, section 3)', () => {
  it('locks nothing in a draft, nor for a campaign not created yet', () => {
    for (const status of ['draft', null] as const) {
      const locks = fieldLocks(status, TODAY);
      expect(Object.values(locks.reasons)).toEqual([null, null, null, null, null]);
      expect(locks.earliestDeadline).toBeNull();
      expect(locks.all).toBe(false);
    }
  });

  it('locks everything while pending approval and once completed, with the reason', () => {
    const pending = fieldLocks('pending_approval', TODAY);
    expect(pending.all).toBe(true);
    expect(new Set(Object.values(pending.reasons))).toEqual(
      new Set([
        'Locked while the campaign is pending approval: nothing can change until the review is decided.',
      ]),
    );
    const completed = fieldLocks('completed', TODAY);
    expect(completed.all).toBe(true);
    expect(completed.reasons.content).toBe(
      'Locked because the campaign is completed: it can no longer change.',
    );
    expect(completed.reasons.tasks).toBe(completed.reasons.deadlines);
  });

  it('while active or paused locks targeting and settings only, and keeps deadlines from today on', () => {
    const active = fieldLocks('active', TODAY);
    expect(active.reasons).toEqual({
      content: null,
      tasks: null,
      settings: ACTIVE_REASON,
      targeting: ACTIVE_REASON,
      deadlines: null,
    });
    expect(active.earliestDeadline).toBe(TODAY);
    expect(active.all).toBe(false);

    const paused = fieldLocks('paused', TODAY);
    expect(paused.reasons.settings).toBe(
      'Locked while the campaign is paused: targeting and settings can only change in a draft.',
    );
    expect(paused.reasons.content).toBeNull();
    expect(paused.earliestDeadline).toBe(TODAY);
  });
});

describe('localToday', () => {
  it('is the calendar date where the viewer is', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
