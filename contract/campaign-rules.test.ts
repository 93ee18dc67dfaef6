import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit.ts';
import {
  actionsFrom,
  allowedFrom,
  CAMPAIGN_FIELD_AREA,
  CAMPAIGN_TRANSITIONS,
  campaignLocks,
  transitionOf,
  transitionRefusal,
  fieldEditable,
  pastDeadlineIssues,
  todayUtc,
  type CampaignField,
} from './campaign-rules.ts';
import { CampaignUpdate } from './campaigns.ts';
import { CampaignStatus } from './enums.ts';

const TODAY = '2026-07-15';
const ACTIVE_REASON =
  'Locked while the campaign is active: targeting and settings can only change in a draft.';

describe('the lock table (docs/api.md#what-patch-may-change)', () => {
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

describe('the status machine (docs/api.md#states)', () => {
  const statuses = CampaignStatus.options;

  it('has one edge per action and status, each leading somewhere else', () => {
    const keys = CAMPAIGN_TRANSITIONS.map((t) => `${t.action} ${t.from}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of CAMPAIGN_TRANSITIONS) {
      expect(t.to).not.toBe(t.from);
      expect(t.to === null).toBe(t.action === 'delete');
    }
  });

  it('reaches every status from a new draft, and leaves nothing but completed stuck', () => {
    const reached = new Set<CampaignStatus>(['draft']);
    for (let grew = true; grew;) {
      grew = false;
      for (const t of CAMPAIGN_TRANSITIONS)
        if (reached.has(t.from) && t.to && !reached.has(t.to)) grew = reached.add(t.to).size > 0;
    }
    expect([...reached].sort()).toEqual([...statuses].sort());
    const stuck = statuses.filter((s) => !CAMPAIGN_TRANSITIONS.some((t) => t.from === s));
    expect(stuck).toEqual(['completed']);
  });

  it('answers the statuses an action starts from, and why the others refuse it', () => {
    expect(allowedFrom('complete')).toEqual(['active', 'paused']);
    expect(transitionOf('resume', 'paused')?.to).toBe('active');
    expect(transitionOf('resume', 'active')).toBeNull();
    expect(transitionRefusal('resume', 'paused')).toBeNull();
    expect(transitionRefusal('complete', 'draft')).toBe(
      'a campaign that is draft cannot be completed (only one that is active or paused)',
    );
    expect(transitionRefusal('auto_pause', 'paused')).toBe(
      'a campaign that is paused cannot be paused automatically (only one that is active)',
    );
  });

  it('gives the brand publish and delete of a draft, withdraw of a request, pause and resume of a live campaign', () => {
    expect(statuses.map((s) => [s, actionsFrom(s, 'brand')])).toEqual([
      ['draft', ['publish', 'delete']],
      ['pending_approval', ['withdraw']],
      ['active', ['pause']],
      ['paused', ['resume']],
      ['completed', []],
    ]);
    expect(actionsFrom('pending_approval', 'platform')).toEqual(['approve', 'deny']);
  });

  it('tells a withdrawal from a denial by the detail the denial leaves', () => {
    expect(transitionOf('withdraw', 'pending_approval')).toMatchObject({
      to: 'draft',
      by: 'brand',
    });
    expect(transitionOf('withdraw', 'pending_approval')?.detail).toBeUndefined();
    expect(transitionOf('deny', 'pending_approval')?.detail).toBe('publish_denied');
    expect(transitionRefusal('withdraw', 'active')).toBe(
      'a campaign that is active cannot be withdrawn (only one that is pending_approval)',
    );
  });

  it('names an audit action of the campaign vocabulary for every edge', () => {
    for (const t of CAMPAIGN_TRANSITIONS)
      expect(AUDIT_ACTIONS.campaign).toContain(t.audit as never);
  });
});
