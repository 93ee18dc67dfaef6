import { describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import { builderSchema, builderValuesFrom, emptyTask, type BuilderValues } from './builder-form';
import { campaignPatch, editPlan, taskOperations } from './edit-plan';
import { campaignLocks } from '#contract/campaign-rules';
import { makeCampaign, makeTask } from './test/builder-support';

const DRAFT = campaignLocks('draft', '2026-07-15');
const ACTIVE = campaignLocks('active', '2026-07-15');

const output = (values: BuilderValues) => builderSchema.parse(values);

function campaign(overrides: Partial<Campaign> = {}) {
  return makeCampaign({
    description: 'Words',
    links: [
      {
        id: '0000000a-0000-4000-8000-000000000001',
        url: 'https://glow.test/shop',
        service: 'shop',
        description: null,
        affiliate_code: 'CODE10',
      },
    ],
    targeting: {
      root_operator: 'AND',
      groups: [
        {
          operator: 'OR',
          conditions: [{ property: 'prop_country', operator: 'IN', values: ['c_us'] }],
        },
      ],
    },
    tasks: [makeTask(1), makeTask(2), makeTask(3, { status: 'archived', display_order: 7 })],
    ...overrides,
  });
}

describe('the edit plan', () => {
  it('is empty for a campaign read into the form and not changed', () => {
    const base = campaign();
    expect(editPlan(output(builderValuesFrom(base)), base, DRAFT)).toEqual({
      campaign: null,
      tasks: [],
    });
  });

  it('holds only the changed campaign fields; a cleared field is null, links go whole', () => {
    const base = campaign();
    const values = builderValuesFrom(base);
    values.description = '';
    values.links.push({
      url: 'https://glow.test/app',
      service: '',
      description: 'The app',
      affiliate_code: '',
    });
    values.settings.post_approval_mode = 'strict';
    values.targeting = null;
    expect(campaignPatch(output(values), base, DRAFT)).toEqual({
      description: null,
      links: [
        { url: 'https://glow.test/shop', service: 'shop', affiliate_code: 'CODE10' },
        { url: 'https://glow.test/app', description: 'The app' },
      ],
      settings: { post_approval_mode: 'strict' },
      targeting: null,
    });
  });

  it('leaves out what the status locks, even when a restored draft changed it', () => {
    const base = campaign({ status: 'active' });
    const values = builderValuesFrom(base);
    values.name = 'Renamed';
    values.settings.completion_mode = 'pick_one';
    values.targeting = null;
    expect(campaignPatch(output(values), base, ACTIVE)).toEqual({ name: 'Renamed' });
  });

  it('archives removed tasks, patches changed ones, creates new ones after every existing task', () => {
    const base = campaign();
    const values = builderValuesFrom(base);
    values.tasks = [
      { ...values.tasks[1]!, platforms: ['instagram', 'tiktok'], caption: 'New' },
      { ...emptyTask(), title: 'Fresh', instructions: 'Do it.', platforms: ['youtube'] },
    ];
    values.tasks[0]!.title = 'Task 2';
    expect(taskOperations(output(values).tasks, base.tasks!, 'all_required')).toEqual([
      { kind: 'archive', taskId: makeTask(1).id, title: 'Task 1' },
      {
        kind: 'update',
        index: 0,
        taskId: makeTask(2).id,
        body: { platforms: ['instagram', 'tiktok'], caption: 'New' },
      },
      {
        kind: 'create',
        index: 1,
        body: {
          title: 'Fresh',
          instructions: 'Do it.',
          platforms: ['youtube'],
          require_ad_disclosure: true,
          review_mode: 'media_review',
          display_order: 8,
        },
      },
    ]);
  });

  it('renumbers positions only when the order changed', () => {
    const base = campaign();
    const values = builderValuesFrom(base);
    values.tasks = [
      values.tasks[1]!,
      { ...emptyTask(), title: 'Fresh', instructions: 'Do it.', platforms: ['youtube'] },
      values.tasks[0]!,
    ];
    const operations = taskOperations(output(values).tasks, base.tasks!, 'all_required');
    expect(
      operations.map((op) => [
        op.kind,
        'index' in op ? op.index : null,
        op.kind === 'archive' ? null : op.body.display_order,
      ]),
    ).toEqual([
      ['update', 0, 0],
      ['create', 1, 1],
      ['update', 2, 2],
    ]);
  });

  it('sends is_required only under some_required, and the prompt only for autoreview', () => {
    const base = campaign({
      tasks: [makeTask(1, { is_required: true, autoreview_prompt: 'Old' })],
    });
    const values = builderValuesFrom(base);
    values.tasks[0]!.is_required = false;
    values.tasks[0]!.autoreview_prompt = 'Hidden edit';
    expect(taskOperations(output(values).tasks, base.tasks!, 'all_required')).toEqual([]);
    values.tasks[0]!.review_mode = 'autoreview';
    expect(taskOperations(output(values).tasks, base.tasks!, 'some_required')).toEqual([
      {
        kind: 'update',
        index: 0,
        taskId: makeTask(1).id,
        body: { review_mode: 'autoreview', autoreview_prompt: 'Hidden edit', is_required: false },
      },
    ]);
  });

  it('sends no task calls where the status locks tasks', () => {
    const base = campaign({ status: 'completed' });
    const values = builderValuesFrom(base);
    values.tasks = [];
    expect(editPlan(output(values), base, campaignLocks('completed', '2026-07-15')).tasks).toEqual(
      [],
    );
  });
});
