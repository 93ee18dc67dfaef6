import { describe, expect, it } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '#contract/campaigns';
import { fieldEditable } from '#contract/campaign-rules';
import { ApiError } from '../errors.ts';
import {
  assertPublishable,
  assertTasksWritable,
  assertTransition,
  derivedIsRequired,
  displayOrders,
  generateInviteCode,
  isRequiredForNewTask,
  planCampaignUpdate,
  stateAfter,
  type EditableCampaign,
} from './campaign-rules.ts';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('the status machine', () => {
  // Which action runs from which status is the contract's table (contract/campaign-rules.test.ts);
  // here, how the service refuses the others and what each action leaves.
  it('refuses an action its status does not allow with 409 naming status', () => {
    const err = caught(() => assertTransition('pause', 'draft'));
    expect([err.status, err.code]).toEqual([409, 'invalid_state_transition']);
    expect(err.issues).toEqual([
      {
        field: 'status',
        message: 'a campaign that is draft cannot be paused (only one that is active)',
      },
    ]);
    expect(err.message).toBe(
      'status: a campaign that is draft cannot be paused (only one that is active)',
    );
    expect(() => assertTransition('complete', 'paused')).not.toThrow();
  });

  const now = new Date('2030-01-02T03:04:05.000Z');
  const base = { statusDetail: null, acceptingSubmissions: false };

  it('gives each action its effects', () => {
    expect(
      stateAfter(
        'publish',
        {
          status: 'draft',
          ...base,
          statusDetail: { kind: 'publish_denied', reason: 'x', occurred_at: 'y' },
        },
        { now },
      ),
    ).toEqual({
      status: 'pending_approval',
      statusDetail: null,
      acceptingSubmissions: false,
    });
    expect(stateAfter('approve', { status: 'pending_approval', ...base }, { now })).toEqual({
      status: 'active',
      statusDetail: null,
      acceptingSubmissions: true,
    });
    expect(
      stateAfter('deny', { status: 'pending_approval', ...base }, { now, reason: 'No brief' }),
    ).toEqual({
      status: 'draft',
      statusDetail: { kind: 'publish_denied', reason: 'No brief', occurred_at: now.toISOString() },
      acceptingSubmissions: false,
    });
    expect(
      stateAfter(
        'pause',
        { status: 'active', statusDetail: null, acceptingSubmissions: true },
        { now },
      ),
    ).toEqual({
      status: 'paused',
      statusDetail: null,
      acceptingSubmissions: false,
    });
    expect(
      stateAfter(
        'auto_pause',
        { status: 'active', statusDetail: null, acceptingSubmissions: true },
        { now, reason: 'billing_issue' },
      ),
    ).toEqual({
      status: 'paused',
      statusDetail: {
        kind: 'auto_paused',
        reason: 'billing_issue',
        occurred_at: now.toISOString(),
      },
      acceptingSubmissions: false,
    });
    expect(
      stateAfter(
        'resume',
        {
          status: 'paused',
          statusDetail: { kind: 'auto_paused', reason: 'other', occurred_at: 'x' },
          acceptingSubmissions: false,
        },
        { now },
      ),
    ).toEqual({ status: 'active', statusDetail: null, acceptingSubmissions: true });
    expect(stateAfter('complete', { status: 'paused', ...base }, { now })).toEqual({
      status: 'completed',
      statusDetail: null,
      acceptingSubmissions: false,
    });
  });

  it('gives a denial without a reason a default one', () => {
    const next = stateAfter('deny', { status: 'pending_approval', ...base }, { now });
    expect(next.statusDetail?.reason).toMatch(/denied/);
  });

  it('needs an active task to publish unless creators must be approved', () => {
    const err = caught(() => assertPublishable(0, CAMPAIGN_SETTINGS_DEFAULTS));
    expect([err.status, err.code]).toEqual([422, 'validation_failed']);
    expect(err.message).toMatch(/^tasks: /);
    expect(() => assertPublishable(1, CAMPAIGN_SETTINGS_DEFAULTS)).not.toThrow();
    expect(() =>
      assertPublishable(0, { ...CAMPAIGN_SETTINGS_DEFAULTS, creator_approval_required: true }),
    ).not.toThrow();
  });
});

describe('the lock table', () => {
  it('lets a draft change everything, nothing under review or completed', () => {
    for (const field of [
      'name',
      'targeting',
      'settings',
      'invite_code',
      'post_deadline_date',
    ] as const) {
      expect(fieldEditable('draft', field)).toBe(true);
      expect(fieldEditable('pending_approval', field)).toBe(false);
      expect(fieldEditable('completed', field)).toBe(false);
    }
  });

  it('lets a live campaign change all but targeting and settings', () => {
    for (const status of ['active', 'paused'] as const) {
      expect(fieldEditable(status, 'targeting')).toBe(false);
      expect(fieldEditable(status, 'settings')).toBe(false);
      for (const field of [
        'name',
        'description',
        'links',
        'product',
        'visibility',
        'invite_code',
        'content_deadline_date',
      ] as const) {
        expect(fieldEditable(status, field)).toBe(true);
      }
    }
  });
});

describe('planCampaignUpdate', () => {
  const stored: EditableCampaign = {
    status: 'active',
    name: 'Glow',
    description: null,
    instructions: null,
    iconUrl: null,
    briefUrl: null,
    videoExamples: [],
    links: [
      {
        id: 'l1',
        url: 'https://a.example.com',
        service: 'shop',
        description: null,
        affiliate_code: null,
      },
    ],
    product: { name: 'Serum', url: null, image_url: null },
    visibility: 'public',
    inviteCode: null,
    targeting: null,
    settings: { ...CAMPAIGN_SETTINGS_DEFAULTS },
    contentDeadlineDate: '2030-02-01',
    postDeadlineDate: '2030-03-01',
  };
  let n = 0;
  const context = { today: '2030-01-15', uuid: () => `id-${++n}`, inviteCode: () => 'GENERATED1' };

  it('plans only the fields whose value changes', () => {
    const plan = planCampaignUpdate(
      stored,
      {
        name: 'Glow',
        description: 'New',
        links: [{ url: 'https://a.example.com', service: 'shop' }],
      },
      [],
      context,
    );
    expect(plan).toEqual({ changes: { description: 'New' }, completionMode: null });
  });

  it('names the first locked field in the order sent', () => {
    const body = { settings: { completion_mode: 'pick_one' as const }, targeting: null, name: 'x' };
    const err = caught(() =>
      planCampaignUpdate(
        stored,
        { ...body, targeting: { root_operator: 'OR', groups: [] } },
        ['name', 'targeting', 'settings'],
        context,
      ),
    );
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'field_locked_for_status',
      'targeting: cannot be changed while the campaign is active',
    ]);
  });

  it('generates an invite code when the campaign becomes unlisted, and clears it when public', () => {
    expect(planCampaignUpdate(stored, { visibility: 'unlisted' }, [], context).changes).toEqual({
      visibility: 'unlisted',
      inviteCode: 'GENERATED1',
    });
    const unlisted = { ...stored, visibility: 'unlisted' as const, inviteCode: 'OLD' };
    expect(planCampaignUpdate(unlisted, { visibility: 'public' }, [], context).changes).toEqual({
      visibility: 'public',
      inviteCode: null,
    });
    const err = caught(() => planCampaignUpdate(stored, { invite_code: 'ABCD' }, [], context));
    expect(err.message).toMatch(/^invite_code: /);
  });

  it('keeps new deadlines from the past, in every status, and in order', () => {
    expect(
      caught(() => planCampaignUpdate(stored, { content_deadline_date: '2030-01-14' }, [], context))
        .message,
    ).toMatch(/^content_deadline_date: must not be earlier than today \(2030-01-15\)/);
    expect(
      planCampaignUpdate(stored, { content_deadline_date: '2030-01-15' }, [], context).changes,
    ).toEqual({ contentDeadlineDate: '2030-01-15' });
    expect(
      caught(() => planCampaignUpdate(stored, { post_deadline_date: '2030-01-20' }, [], context))
        .message,
    ).toMatch(/^post_deadline_date: must be on or after content_deadline_date/);
    expect(
      caught(() => planCampaignUpdate(stored, { content_deadline_date: '2030-04-01' }, [], context))
        .message,
    ).toMatch(/^content_deadline_date: must be on or before/);
    const draft = { ...stored, status: 'draft' as const };
    const late = caught(() =>
      planCampaignUpdate(draft, { content_deadline_date: '2000-01-01' }, [], context),
    );
    expect([late.status, late.issues]).toEqual([
      422,
      [{ field: 'content_deadline_date', message: 'must not be earlier than today (2030-01-15)' }],
    ]);
    const kept = { ...draft, contentDeadlineDate: '2000-01-01' };
    expect(
      planCampaignUpdate(kept, { content_deadline_date: '2000-01-01', name: 'n' }, [], context)
        .changes,
    ).toEqual({ name: 'n' });
  });

  it('reports a new completion mode', () => {
    const draft = { ...stored, status: 'draft' as const };
    expect(
      planCampaignUpdate(draft, { settings: { completion_mode: 'pick_one' } }, [], context)
        .completionMode,
    ).toBe('pick_one');
    expect(
      planCampaignUpdate(draft, { settings: { completion_mode: 'all_required' } }, [], context),
    ).toEqual({ changes: {}, completionMode: null });
  });
});

describe('is_required', () => {
  it('is derived from the completion mode, except under some_required', () => {
    expect(derivedIsRequired('all_required')).toBe(true);
    expect(derivedIsRequired('pick_one')).toBe(false);
    expect(derivedIsRequired('all_optional')).toBe(false);
    expect(derivedIsRequired('some_required')).toBeNull();
  });

  it('of a new task: as sent under some_required (default true), refused otherwise', () => {
    expect(isRequiredForNewTask('some_required', undefined, 'is_required')).toBe(true);
    expect(isRequiredForNewTask('some_required', false, 'is_required')).toBe(false);
    expect(isRequiredForNewTask('pick_one', undefined, 'is_required')).toBe(false);
    const err = caught(() => isRequiredForNewTask('all_required', true, 'tasks[2].is_required'));
    expect([err.status, err.message]).toEqual([
      422,
      "tasks[2].is_required: can be set only when the campaign's completion_mode is some_required (it is all_required)",
    ]);
  });
});

describe('task writes', () => {
  it('are refused for the weekly-video-cap kind, under review and when completed', () => {
    expect(caught(() => assertTasksWritable({ status: 'draft', weeklyVideoCap: 3 })).code).toBe(
      'task_read_only',
    );
    expect(
      caught(() => assertTasksWritable({ status: 'pending_approval', weeklyVideoCap: null })).code,
    ).toBe('invalid_state_transition');
    expect(
      caught(() => assertTasksWritable({ status: 'completed', weeklyVideoCap: null })).code,
    ).toBe('invalid_state_transition');
    for (const status of ['draft', 'active', 'paused'] as const)
      expect(() => assertTasksWritable({ status, weeklyVideoCap: null })).not.toThrow();
  });

  it('append tasks without display_order after the highest so far', () => {
    expect(displayOrders(null, [undefined, undefined])).toEqual([0, 1]);
    expect(displayOrders(4, [undefined, 2, undefined, 9, undefined])).toEqual([5, 2, 6, 9, 10]);
  });
});

describe('invite codes', () => {
  it('are 10 unambiguous characters and differ', () => {
    const codes = new Set(Array.from({ length: 200 }, generateInviteCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});
