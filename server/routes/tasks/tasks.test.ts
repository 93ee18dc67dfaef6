import { beforeAll, describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { TASK_DEFAULTS, Task, TaskPage } from '#contract/tasks';
import {
  ALL_STATUSES,
  campaignIn,
  createCampaign,
  expectError,
  expectStatus,
  ops,
  task,
} from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand, api } = await brandWorld();

/** Whether a campaign in each status accepts adding or editing its tasks. */
const TASKS_WRITABLE: Record<CampaignStatus, boolean> = {
  draft: true,
  pending_approval: false,
  active: true,
  paused: true,
  completed: false,
};

async function weeklyCapCampaign(): Promise<Campaign> {
  const res = await ops(ctx, 'POST', '/ops/campaigns', {
    name: 'Weekly creators',
    brand_id: brand.brand.id,
    weekly_video_cap: 3,
    tasks: [task({ title: 'Weekly video' })],
  });
  return Campaign.parse(expectStatus(res, 201));
}

describe('GET /campaigns/{id}/tasks', () => {
  let campaign: Campaign;
  beforeAll(async () => {
    campaign = await createCampaign(ctx, brand.key.key, {
      tasks: [
        task({ title: 'c', display_order: 3 }),
        task({ title: 'a', display_order: 1 }),
        task({ title: 'b1', display_order: 2 }),
        task({ title: 'b2', display_order: 2 }),
        task({ title: 'd' }),
      ],
    });
    const archived = campaign.tasks!.find((t) => t.title === 'c')!;
    expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks/${archived.id}/archive`), 200);
  });

  it('lists every task by display_order, then created_at, then id', async () => {
    const page = TaskPage.parse(
      expectStatus(await api('GET', `/campaigns/${campaign.id}/tasks`), 200),
    );
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    const titles = page.data.map((t) => t.title);
    expect(titles[0]).toBe('a');
    expect(titles.slice(1, 3).sort()).toEqual(['b1', 'b2']);
    const [b1, b2] = page.data.slice(1, 3);
    expect(
      b1!.created_at < b2!.created_at || (b1!.created_at === b2!.created_at && b1!.id < b2!.id),
    ).toBe(true);
    expect(titles.slice(3)).toEqual(['c', 'd']);
    expect(page.data.find((t) => t.title === 'd')!.display_order).toBe(4);
  });

  it('filters by status', async () => {
    const archived = TaskPage.parse(
      expectStatus(await api('GET', `/campaigns/${campaign.id}/tasks?status=archived`), 200),
    );
    expect(archived.data.map((t) => t.title)).toEqual(['c']);
    const active = TaskPage.parse(
      expectStatus(await api('GET', `/campaigns/${campaign.id}/tasks?status=active`), 200),
    );
    expect(active.data.map((t) => t.title)).not.toContain('c');
    expect(active.data).toHaveLength(4);
    expectError(
      await api('GET', `/campaigns/${campaign.id}/tasks?status=deleted`),
      400,
      'invalid_request',
      'status',
    );
  });

  it('pages with next_cursor without skipping or repeating', async () => {
    const all = TaskPage.parse((await api('GET', `/campaigns/${campaign.id}/tasks`)).json).data.map(
      (t) => t.id,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor
        ? `limit=2&starting_after=${encodeURIComponent(cursor)}`
        : 'limit=2';
      const page = TaskPage.parse(
        expectStatus(await api('GET', `/campaigns/${campaign.id}/tasks?${query}`), 200),
      );
      seen.push(...page.data.map((t) => t.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('answers 400 naming starting_after for a cursor of another list or filter', async () => {
    const page = TaskPage.parse((await api('GET', `/campaigns/${campaign.id}/tasks?limit=1`)).json);
    expectError(
      await api(
        'GET',
        `/campaigns/${campaign.id}/tasks?status=active&starting_after=${page.next_cursor}`,
      ),
      400,
      'invalid_request',
      'starting_after',
    );
    const other = await createCampaign(ctx, brand.key.key, { tasks: [task(), task()] });
    expectError(
      await api('GET', `/campaigns/${other.id}/tasks?starting_after=${page.next_cursor}`),
      400,
      'invalid_request',
      'starting_after',
    );
    expectError(
      await api('GET', `/campaigns/${campaign.id}/tasks?starting_after=x.y`),
      400,
      'invalid_request',
      'starting_after',
    );
  });

  it('answers 400 naming limit out of bounds', async () => {
    expectError(
      await api('GET', `/campaigns/${campaign.id}/tasks?limit=0`),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await api('GET', `/campaigns/${campaign.id}/tasks?limit=101`),
      400,
      'invalid_request',
      'limit',
    );
  });

  it("answers 404 for another brand's campaign", async () => {
    const other = await ctx.ops.brandWithKey();
    expectError(
      await api('GET', `/campaigns/${campaign.id}/tasks`, undefined, other.key.key),
      404,
      'not_found',
    );
  });
});

describe('GET /campaigns/{id}/tasks/{task_id}', () => {
  it('answers the task', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      tasks: [task({ caption: 'Use #glow' })],
    });
    const res = await api('GET', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}`);
    expect(Task.parse(expectStatus(res, 200))).toEqual(campaign.tasks![0]);
  });

  it('answers 404 for a task of another campaign, and for another brand', async () => {
    const a = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    const b = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    expectError(await api('GET', `/campaigns/${a.id}/tasks/${b.tasks![0]!.id}`), 404, 'not_found');
    const other = await ctx.ops.brandWithKey();
    expectError(
      await api('GET', `/campaigns/${a.id}/tasks/${a.tasks![0]!.id}`, undefined, other.key.key),
      404,
      'not_found',
    );
    expectError(
      await api('GET', `/campaigns/${a.id}/tasks/nope`),
      400,
      'invalid_request',
      'task_id',
    );
  });
});

describe('POST /campaigns/{id}/tasks', () => {
  it('adds a task after the last one, with the defaults, and counts it', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      tasks: [task({ display_order: 7 })],
    });
    const res = await api('POST', `/campaigns/${campaign.id}/tasks`, task({ title: 'Second' }));
    const created = Task.parse(expectStatus(res, 201));
    expect(created).toMatchObject({
      ...TASK_DEFAULTS,
      title: 'Second',
      display_order: 8,
      status: 'active',
      is_required: true,
    });
    const read = Campaign.parse((await api('GET', `/campaigns/${campaign.id}`)).json);
    expect(read.tasks_count).toBe(2);
    expect(read.tasks!.map((t) => t.id)).toEqual([campaign.tasks![0]!.id, created.id]);
    expect(read.updated_at).toBe(campaign.updated_at);
    const list = await api('GET', '/campaigns?limit=100');
    expect(list.json.data.find((c: Campaign) => c.id === campaign.id).tasks_count).toBe(2);
  });

  it('starts at 0 for the first task, and keeps a display_order that is sent', async () => {
    const campaign = await createCampaign(ctx, brand.key.key);
    expect(
      Task.parse(expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks`, task()), 201))
        .display_order,
    ).toBe(0);
    expect(
      Task.parse(
        expectStatus(
          await api('POST', `/campaigns/${campaign.id}/tasks`, task({ display_order: 0 })),
          201,
        ),
      ).display_order,
    ).toBe(0);
  });

  it('stores every field sent', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      settings: { completion_mode: 'some_required' },
    });
    const body = task({
      platforms: ['instagram', 'tiktok'],
      formats: ['feed_video', 'story_video'],
      caption: 'Glow up #ad',
      require_ad_disclosure: false,
      tiktok_sound_url: 'https://tiktok.example.com/s',
      instagram_sound_url: 'https://instagram.example.com/s',
      video_examples: ['https://example.com/e.mp4'],
      image_url: 'https://example.com/cover.png',
      review_mode: 'autoreview',
      autoreview_prompt: 'Shows the bottle',
      is_required: false,
      max_posts_per_creator: 3,
      display_order: 4,
    });
    const created = Task.parse(
      expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks`, body), 201),
    );
    const { title, instructions, ...rest } = body;
    expect(created).toMatchObject({ title, instructions, ...rest });
  });

  it.each([
    ['all_required', true],
    ['pick_one', false],
    ['all_optional', false],
  ] as const)(
    'derives is_required under %s and answers 422 naming is_required when it is sent',
    async (mode, expected) => {
      const campaign = await createCampaign(ctx, brand.key.key, {
        settings: { completion_mode: mode },
      });
      expect(
        Task.parse(expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks`, task()), 201))
          .is_required,
      ).toBe(expected);
      expectError(
        await api('POST', `/campaigns/${campaign.id}/tasks`, task({ is_required: expected })),
        422,
        'validation_failed',
        'is_required',
      );
    },
  );

  it('takes is_required under some_required, defaulting to true', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      settings: { completion_mode: 'some_required' },
    });
    expect(
      Task.parse(
        expectStatus(
          await api('POST', `/campaigns/${campaign.id}/tasks`, task({ is_required: false })),
          201,
        ),
      ).is_required,
    ).toBe(false);
    expect(
      Task.parse(expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks`, task()), 201))
        .is_required,
    ).toBe(true);
  });

  it.each([
    ['platforms', { platforms: [] }],
    ['platforms[1]', { platforms: ['tiktok', 'vine'] }],
    ['platforms', { platforms: ['tiktok', 'tiktok'] }],
    ['formats[0]', { formats: ['billboard'] }],
    ['image_url', { image_url: 'javascript:alert(1)' }],
    ['instagram_sound_url', { instagram_sound_url: 'data:audio/mp3;base64,AAAA' }],
    ['status', { status: 'archived' }],
    ['id', { id: '00000000-0000-4000-8000-000000000000' }],
    ['title', { title: '   ' }],
    ['display_order', { display_order: -1 }],
  ])('answers 422 naming %s', async (field, overrides) => {
    const campaign = await createCampaign(ctx, brand.key.key);
    expectError(
      await api('POST', `/campaigns/${campaign.id}/tasks`, { ...task(), ...overrides }),
      422,
      'validation_failed',
      field,
    );
    expect(Campaign.parse((await api('GET', `/campaigns/${campaign.id}`)).json).tasks_count).toBe(
      0,
    );
  });

  it.each(ALL_STATUSES)('on a campaign that is %s', async (status) => {
    const campaign = await campaignIn(ctx, brand.key.key, status);
    const res = await api('POST', `/campaigns/${campaign.id}/tasks`, task());
    if (TASKS_WRITABLE[status]) Task.parse(expectStatus(res, 201));
    else expectError(res, 409, 'invalid_state_transition', 'tasks');
  });

  it('answers 409 task_read_only for a campaign of the weekly-video-cap kind', async () => {
    const campaign = await weeklyCapCampaign();
    expectError(
      await api('POST', `/campaigns/${campaign.id}/tasks`, task()),
      409,
      'task_read_only',
    );
    expect(Campaign.parse((await api('GET', `/campaigns/${campaign.id}`)).json).tasks_count).toBe(
      1,
    );
  });

  it("answers 404 for another brand's campaign and 403 without campaigns:write", async () => {
    const other = await ctx.ops.brandWithKey();
    const theirs = await createCampaign(ctx, other.key.key);
    expectError(await api('POST', `/campaigns/${theirs.id}/tasks`, task()), 404, 'not_found');
    const readOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: other.brand.id,
      scopes: ['campaigns:read'],
    });
    expectError(
      await api('POST', `/campaigns/${theirs.id}/tasks`, task(), readOnly.key),
      403,
      'missing_scope',
    );
  });
});

describe('PATCH /campaigns/{id}/tasks/{task_id}', () => {
  it('changes only the fields sent, and null clears', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      tasks: [task({ caption: 'old', formats: ['feed_video'] })],
    });
    const original = campaign.tasks![0]!;
    const res = await api('PATCH', `/campaigns/${campaign.id}/tasks/${original.id}`, {
      title: 'New title',
      caption: null,
      platforms: ['youtube'],
    });
    const updated = Task.parse(expectStatus(res, 200));
    expect(updated).toEqual({
      ...original,
      title: 'New title',
      caption: null,
      platforms: ['youtube'],
      updated_at: updated.updated_at,
    });
    expect(updated.updated_at > original.updated_at).toBe(true);
  });

  it('answers an empty body with the task unchanged', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    const t = campaign.tasks![0]!;
    expect(
      expectStatus(await api('PATCH', `/campaigns/${campaign.id}/tasks/${t.id}`, {}), 200),
    ).toEqual(t);
  });

  it('reorders with display_order', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      tasks: [task({ title: 'a' }), task({ title: 'b' })],
    });
    const a = campaign.tasks![0]!;
    expectStatus(
      await api('PATCH', `/campaigns/${campaign.id}/tasks/${a.id}`, { display_order: 5 }),
      200,
    );
    const page = TaskPage.parse((await api('GET', `/campaigns/${campaign.id}/tasks`)).json);
    expect(page.data.map((t) => t.title)).toEqual(['b', 'a']);
  });

  it('answers 422 naming is_required unless completion_mode is some_required', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    const t = campaign.tasks![0]!;
    const res = await api('PATCH', `/campaigns/${campaign.id}/tasks/${t.id}`, {
      is_required: false,
    });
    expectError(res, 422, 'validation_failed', 'is_required');
    expect(res.json.message).toContain('all_required');
    const some = await createCampaign(ctx, brand.key.key, {
      settings: { completion_mode: 'some_required' },
      tasks: [task()],
    });
    const ok = await api('PATCH', `/campaigns/${some.id}/tasks/${some.tasks![0]!.id}`, {
      is_required: false,
    });
    expect(Task.parse(expectStatus(ok, 200)).is_required).toBe(false);
  });

  it.each([
    ['platforms', { platforms: [] }],
    ['tiktok_sound_url', { tiktok_sound_url: 'javascript:alert(1)' }],
    ['status', { status: 'archived' }],
    ['max_posts_per_creator', { max_posts_per_creator: 1001 }],
  ])('answers 422 naming %s', async (field, body) => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    expectError(
      await api('PATCH', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}`, body),
      422,
      'validation_failed',
      field,
    );
  });

  it.each(ALL_STATUSES)('on a campaign that is %s', async (status) => {
    const campaign = await campaignIn(ctx, brand.key.key, status);
    const res = await api('PATCH', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}`, {
      title: 'Changed',
    });
    if (TASKS_WRITABLE[status]) expect(Task.parse(expectStatus(res, 200)).title).toBe('Changed');
    else expectError(res, 409, 'invalid_state_transition', 'tasks');
  });

  it('answers 409 task_read_only for a task of a weekly-video-cap campaign', async () => {
    const campaign = await weeklyCapCampaign();
    const res = await api('PATCH', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}`, {
      title: 'Changed',
    });
    expectError(res, 409, 'task_read_only');
  });

  it('answers 404 for a task of another campaign', async () => {
    const a = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    const b = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    expectError(
      await api('PATCH', `/campaigns/${a.id}/tasks/${b.tasks![0]!.id}`, { title: 'x' }),
      404,
      'not_found',
    );
  });
});

describe('archive and unarchive', () => {
  it('archives an active task and brings it back', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    const t = campaign.tasks![0]!;
    const archived = Task.parse(
      expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks/${t.id}/archive`), 200),
    );
    expect(archived.status).toBe('archived');
    const back = Task.parse(
      expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks/${t.id}/unarchive`), 200),
    );
    expect(back.status).toBe('active');
  });

  it('answers 409 invalid_state_transition to archive an archived task, and to unarchive an active one', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    const t = campaign.tasks![0]!;
    expectError(
      await api('POST', `/campaigns/${campaign.id}/tasks/${t.id}/unarchive`),
      409,
      'invalid_state_transition',
      'status',
    );
    expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks/${t.id}/archive`), 200);
    expectError(
      await api('POST', `/campaigns/${campaign.id}/tasks/${t.id}/archive`),
      409,
      'invalid_state_transition',
      'status',
    );
  });

  it.each(['pending_approval', 'completed'] as const)(
    'answers 409 invalid_state_transition on a campaign that is %s',
    async (status) => {
      const campaign = await campaignIn(ctx, brand.key.key, status);
      expectError(
        await api('POST', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}/archive`),
        409,
        'invalid_state_transition',
        'tasks',
      );
    },
  );

  it('archives a task of an active campaign', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    expect(
      Task.parse(
        expectStatus(
          await api('POST', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}/archive`),
          200,
        ),
      ).status,
    ).toBe('archived');
  });

  it.each(['archive', 'unarchive'])(
    '%s answers 409 task_read_only on a weekly-video-cap campaign',
    async (action) => {
      const campaign = await weeklyCapCampaign();
      expectError(
        await api('POST', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}/${action}`),
        409,
        'task_read_only',
      );
    },
  );
});

describe('tasks of a weekly-video-cap campaign', () => {
  it('can be read, and have no max_posts_per_creator', async () => {
    const campaign = await weeklyCapCampaign();
    const page = TaskPage.parse(
      expectStatus(await api('GET', `/campaigns/${campaign.id}/tasks`), 200),
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]!.max_posts_per_creator).toBeNull();
    const one = Task.parse(
      expectStatus(await api('GET', `/campaigns/${campaign.id}/tasks/${page.data[0]!.id}`), 200),
    );
    expect(one).toEqual(page.data[0]);
  });
});
