import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_FIELD_AREA,
  campaignLocks,
  fieldEditable,
  pastDeadlineIssues,
  todayUtc,
  type CampaignField,
} from './campaign-rules.ts';
import { CampaignUpdate } from './campaigns.ts';

const TODAY = '2026-07-15';
const ACTIVE_REASON =
  'Locked while the campaign is active: targeting and settings can only change in a draft.';

describe('the lock table (extensions 2026-07, section 3)', () => {
  it('covers every field a PATCH may send', () => {
    expect(Object.keys(CAMPAIGN_FIELD_AREA).sort()).toEqual(
      Object.keys(CampaignUpdate.shape).sort(),
    );
  });

  it('locks nothing in a draft, nor for a campaign not created yet', () => {
    for (const status of ['draft', null] as const) {
      const locks = campaignLocks(status, TODAY);
      expect(Object.values(locks.reasons)).toEqual([null, null, null, null, null]);
      expect(locks.all).toBe(false);
    }
    for (const field of Object.keys(CAMPAIGN_FIELD_AREA) as CampaignField[])
      expect(fieldEditable('draft', field)).toBe(true);
  });

  it('locks everything while pending approval and once completed, with the reason', () => {
    const pending = campaignLocks('pending_approval', TODAY);
    expect(pending.all).toBe(true);
    expect(new Set(Object.values(pending.reasons))).toEqual(
      new Set([
        'Locked while the campaign is pending approval: nothing can change until the review is decided.',
      ]),
    );
    const completed = campaignLocks('completed', TODAY);
    expect(completed.all).toBe(true);
    expect(completed.reasons.content).toBe(
      'Locked because the campaign is completed: it can no longer change.',
    );
    expect(fieldEditable('completed', 'name')).toBe(false);
  });

  it('while active or paused locks targeting and settings only', () => {
    expect(campaignLocks('active', TODAY)).toEqual({
      reasons: {
        content: null,
        tasks: null,
        settings: ACTIVE_REASON,
        targeting: ACTIVE_REASON,
        deadlines: null,
      },
      earliestDeadline: TODAY,
      all: false,
    });
    expect(campaignLocks('paused', TODAY).reasons.settings).toBe(
      'Locked while the campaign is paused: targeting and settings can only change in a draft.',
    );
    expect(fieldEditable('paused', 'targeting')).toBe(false);
    expect(fieldEditable('paused', 'post_deadline_date')).toBe(true);
  });
});

describe('todayUtc', () => {
  it('is the UTC calendar date, wherever the viewer is', () => {
    expect(todayUtc(new Date('2026-01-05T23:59:00-05:00'))).toBe('2026-01-06');
    expect(todayUtc(new Date('2026-01-06T00:30:00+02:00'))).toBe('2026-01-05');
  });
});

describe('pastDeadlineIssues', () => {
  it('refuses a deadline set before today, naming it', () => {
    expect(
      pastDeadlineIssues({ content_deadline_date: '2020-01-01', post_deadline_date: TODAY }, TODAY),
    ).toEqual([
      { field: 'content_deadline_date', message: 'must not be earlier than today (2026-07-15)' },
    ]);
  });

  it('lets a past deadline stay as it was, and takes none', () => {
    expect(
      pastDeadlineIssues({ post_deadline_date: '2020-01-01' }, TODAY, {
        post_deadline_date: '2020-01-01',
      }),
    ).toEqual([]);
    expect(pastDeadlineIssues({ content_deadline_date: null }, TODAY)).toEqual([]);
  });
});
