import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '#contract/events';
import type { AuditEvent } from '#contract/people';
import { activityQuery, readActivityFilters, NO_FILTERS } from './activity-filters';
import { activityKeys, activityLiveInvalidation } from './api/activity';
import { describeEntry, feedbackOf } from './describe-entry';

const BRAND = '11111111-1111-4111-8111-111111111111';
const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';

const entry = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  occurred_at: '2026-07-10T12:00:00.000000Z',
  actor: { type: 'member', id: 'm1', label: 'Maya Chen (reviewer)' },
  action: 'submission.approved',
  target_type: 'submission',
  target_id: 's1',
  target_label: 'zoe.unboxes',
  campaign_id: CAMPAIGN,
  brand_id: BRAND,
  changes: { status: ['in_review', 'approved'] },
  request_id: null,
  ...over,
});

describe('an entry in words', () => {
  it('carries the feedback of a request for changes, and names revoked and renewed invitations', () => {
    expect(
      feedbackOf(
        entry({
          action: 'submission.rejected',
          changes: {
            status: ['in_review', 'rejected'],
            feedback: [null, 'Show the label in the first three seconds.'],
          },
        }),
      ),
    ).toBe('Show the label in the first three seconds.');
    expect(feedbackOf(entry({}))).toBeNull();
    const invitation = { target_type: 'invitation' as const, target_label: 'sam@glow.example' };
    expect(describeEntry(entry({ ...invitation, action: 'invitation.deleted' })).did).toBe(
      'revoked the invitation of sam@glow.example',
    );
    expect(describeEntry(entry({ ...invitation, action: 'invitation.updated' })).did).toBe(
      'made a new invitation link for sam@glow.example',
    );
    expect(
      describeEntry(entry({ actor: { type: 'key', id: 'k1', label: 'Shop sync (API key)' } }))
        .actor,
    ).toBe('Shop sync (API key)');
  });

  it('says who did what to what, and what was done by whom', () => {
    expect(describeEntry(entry({}))).toEqual({
      actor: 'Maya Chen (reviewer)',
      did: 'approved @zoe.unboxes’s submission',
      done: 'Approved',
    });
    expect(describeEntry(entry({ action: 'submission.rejected' })).did).toBe(
      'requested changes to @zoe.unboxes’s submission',
    );
    expect(
      describeEntry(
        entry({
          action: 'campaign.updated',
          target_type: 'campaign',
          target_label: 'Summer glow',
          changes: { name: ['Summer', 'Summer glow'], budget_cents: [1, 2] },
        }),
      ).did,
    ).toBe('edited the campaign “Summer glow” (name, budget cents)');
    expect(
      describeEntry(
        entry({
          action: 'member.role_changed',
          target_type: 'member',
          target_label: 'Leo Rossi',
          changes: { role: ['viewer', 'admin'] },
        }),
      ).did,
    ).toBe('made Leo Rossi an admin');
    expect(
      describeEntry(entry({ actor: { type: 'ops', id: null, label: 'ops' }, target_label: null }))
        .actor,
    ).toBe('The platform');
    expect(describeEntry(entry({ target_label: null })).did).toBe('approved a submission');
  });
});

describe('the Activity filters', () => {
  it('read the URL and ask the service', () => {
    const filters = readActivityFilters(
      new URLSearchParams('campaign=c1&who=m1&action=submission.*&from=2026-07-01&to=2026-07-02'),
    );
    const query = activityQuery(filters);
    expect(query).toMatchObject({ campaign_id: 'c1', actor_id: 'm1', target_type: 'submission' });
    expect(query.action).toBeUndefined();
    expect(Date.parse(query.occurred_before!) - Date.parse(query.occurred_after!)).toBe(
      2 * 86_400_000,
    );
    expect(activityQuery({ ...NO_FILTERS, action: 'submission.approved' })).toEqual({
      action: 'submission.approved',
    });
    expect(activityQuery({ ...NO_FILTERS, from: '2026-07-05', to: '2026-07-01' })).toEqual({});
  });
});

describe('live events', () => {
  const event = (over: Partial<LiveEvent>): LiveEvent => ({
    type: 'submission.updated',
    id: 's1',
    campaign_id: CAMPAIGN,
    brand_id: BRAND,
    occurred_at: '2026-07-10T12:00:00Z',
    ...over,
  });
  const concerns = (e: LiveEvent, key: readonly unknown[]) =>
    activityLiveInvalidation.concerns(e, key, BRAND);
  it('read the brand’s trail again on every change but metrics, a History on its own', () => {
    const all = activityKeys.list(BRAND, {});
    const campaign = activityKeys.history(BRAND, { campaign_id: CAMPAIGN }, 5);
    const submission = activityKeys.history(
      BRAND,
      { target_type: 'submission', target_id: 's1' },
      5,
    );
    expect(concerns(event({}), all)).toBe(true);
    expect(concerns(event({ type: 'post.updated' }), all)).toBe(false);
    expect(concerns(event({}), campaign)).toBe(true);
    expect(concerns(event({ campaign_id: null, type: 'code.updated' }), campaign)).toBe(false);
    expect(concerns(event({}), submission)).toBe(true);
    expect(concerns(event({ id: 's2' }), submission)).toBe(false);
  });
});
