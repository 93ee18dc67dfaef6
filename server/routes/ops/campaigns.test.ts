import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { campaignBody, expectError, expectStatus, ops, task } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand } = await brandWorld();

describe('POST /ops/campaigns', () => {
  it('creates a draft of the weekly-video-cap kind for a brand', async () => {
    const res = await ops(ctx, 'POST', '/ops/campaigns', {
      ...campaignBody({ tasks: [task(), task({ platforms: ['youtube'] })] }),
      brand_id: brand.brand.id,
      weekly_video_cap: 2,
    });
    const campaign = Campaign.parse(expectStatus(res, 201));
    expect(campaign).toMatchObject({
      brand_id: brand.brand.id,
      brand_name: brand.brand.name,
      status: 'draft',
      tasks_count: 2,
    });
    expect(campaign.tasks!.every((t) => t.max_posts_per_creator === null)).toBe(true);
    // The brand sees it; its tasks are read-only.
    const read = await ctx.request('GET', `/2026-07/campaigns/${campaign.id}`, {
      key: brand.key.key,
    });
    expect(Campaign.parse(expectStatus(read, 200))).toEqual(campaign);
    const write = await ctx.request(
      'PATCH',
      `/2026-07/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}`,
      {
        key: brand.key.key,
        body: { title: 'x' },
      },
    );
    expectError(write, 409, 'task_read_only');
  });

  it('creates an ordinary campaign without weekly_video_cap, whose tasks can be written', async () => {
    const res = await ops(ctx, 'POST', '/ops/campaigns', {
      ...campaignBody({ tasks: [task()] }),
      brand_id: brand.brand.id,
    });
    const campaign = Campaign.parse(expectStatus(res, 201));
    const write = await ctx.request(
      'PATCH',
      `/2026-07/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}`,
      {
        key: brand.key.key,
        body: { title: 'x' },
      },
    );
    expect(expectStatus(write, 200).title).toBe('x');
  });

  it('answers 422 naming tasks[0].max_posts_per_creator on a weekly-video-cap campaign', async () => {
    const res = await ops(ctx, 'POST', '/ops/campaigns', {
      ...campaignBody({ tasks: [task({ max_posts_per_creator: 3 })] }),
      brand_id: brand.brand.id,
      weekly_video_cap: 2,
    });
    expectError(res, 422, 'validation_failed', 'tasks[0].max_posts_per_creator');
  });

  it.each([
    ['brand_id', { brand_id: undefined }],
    ['brand_id', { brand_id: '00000000-0000-4000-8000-000000000000' }],
    ['weekly_video_cap', { weekly_video_cap: 0 }],
    ['weekly_video_cap', { weekly_video_cap: 1.5 }],
    ['status', { status: 'active' }],
  ])('answers 422 naming %s', async (field, overrides) => {
    const res = await ops(ctx, 'POST', '/ops/campaigns', {
      ...campaignBody(),
      brand_id: brand.brand.id,
      ...overrides,
    });
    expectError(res, 422, 'validation_failed', field);
  });

  it('answers 401 to an API key', async () => {
    const res = await ctx.request('POST', '/ops/campaigns', {
      key: brand.key.key,
      body: { ...campaignBody(), brand_id: brand.brand.id },
    });
    expectError(res, 401, 'unauthenticated');
  });
});
