import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { CampaignCreator } from '#contract/creators';
import { OpsPayout } from '#contract/ops';
import { Post } from '#contract/posts';
import { Submission } from '#contract/submissions';
import type { Reviewer } from '../../domain/reviewer.ts';
import {
  activeWorld,
  apply,
  approvedCreator,
  newCreator,
  post,
  submit,
  submitRaw,
} from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops, task } from '../../test/campaigns.ts';
import { brandWorld, TEST_OPS_TOKEN } from '../../test/harness.ts';

const { ctx, brand, api } = await brandWorld();

const creatorOf = async (campaignId: string, creatorId: string) =>
  CampaignCreator.parse(
    expectStatus(await api('GET', `/campaigns/${campaignId}/creators/${creatorId}`), 200),
  );

describe('POST /ops/creators', () => {
  it('creates a creator with an opaque id and targeting properties', async () => {
    const res = await ops(ctx, 'POST', '/ops/creators', {
      username: 'maya.glow_1',
      properties: { prop_country: 'c_us' },
    });
    const creator = expectStatus(res, 201);
    expect(creator).toMatchObject({
      username: 'maya.glow_1',
      properties: { prop_country: 'c_us' },
    });
    expect(creator.id).toMatch(/^cr_/);
  });

  it('answers 422 naming username when it is taken or malformed, and naming an unknown property', async () => {
    expectStatus(await ops(ctx, 'POST', '/ops/creators', { username: 'taken_name' }), 201);
    expectError(
      await ops(ctx, 'POST', '/ops/creators', { username: 'taken_name' }),
      422,
      'validation_failed',
      'username',
    );
    expectError(
      await ops(ctx, 'POST', '/ops/creators', { username: 'has space' }),
      422,
      'validation_failed',
      'username',
    );
    expectError(
      await ops(ctx, 'POST', '/ops/creators', {
        username: 'x_props',
        properties: { no_such_prop: 'a' },
      }),
      422,
      'validation_failed',
      'properties.no_such_prop',
    );
  });

  it('answers 401 to an API key', async () => {
    const res = await ctx.request('POST', '/ops/creators', {
      key: brand.key.key,
      body: { username: 'nope' },
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /ops/campaigns/{id}/applications', () => {
  it('leaves the creator applied when the campaign requires creator approval', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active', {
      settings: { creator_approval_required: true },
    });
    const creator = await newCreator(ctx);
    expect(await apply(ctx, campaign.id, creator.id)).toMatchObject({
      status: 'applied',
      decided_at: null,
      username: creator.username,
    });
  });

  it('approves at once when the campaign does not require creator approval', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    const creator = await newCreator(ctx);
    const participation = await apply(ctx, campaign.id, creator.id);
    expect(participation.status).toBe('approved');
    expect(participation.decided_at).not.toBeNull();
  });

  it('answers 409 for a second application and for a campaign that is not active', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    const creator = await newCreator(ctx);
    await apply(ctx, campaign.id, creator.id);
    expectError(
      await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/applications`, {
        creator_id: creator.id,
      }),
      409,
      'invalid_state_transition',
      'creator_id',
    );
    for (const status of ['draft', 'paused', 'completed'] as const) {
      const c = await campaignIn(ctx, brand.key.key, status);
      expectError(
        await ops(ctx, 'POST', `/ops/campaigns/${c.id}/applications`, { creator_id: creator.id }),
        409,
        'invalid_state_transition',
        'status',
      );
    }
  });

  it('answers 422 naming creator_id for an unknown creator and 404 for an unknown campaign', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    expectError(
      await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/applications`, {
        creator_id: 'cr_none',
      }),
      422,
      'validation_failed',
      'creator_id',
    );
    const creator = await newCreator(ctx);
    expectError(
      await ops(ctx, 'POST', '/ops/campaigns/00000000-0000-4000-8000-000000000000/applications', {
        creator_id: creator.id,
      }),
      404,
      'not_found',
    );
  });
});

describe('POST /ops/campaigns/{id}/submissions', () => {
  it('creates a submission in review and counts it for the creator', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    expect(s).toMatchObject({
      status: 'in_review',
      revision_count: 0,
      feedback: null,
      failure_reason: null,
      reviewed_at: null,
      creator_username: creators[0]!.username,
    });
    expect(s.submitted_at).not.toBeNull();
    expect((await creatorOf(campaign.id, creators[0]!.id)).content).toEqual({
      submitted: 1,
      in_review: 1,
      approved: 0,
      rejected: 0,
    });
  });

  it('answers 409 naming creator_id for a creator who is applied, rejected or not a participant', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active', {
      settings: { creator_approval_required: true },
    });
    const taskId = campaign.tasks![0]!.id;
    const appliedOne = await newCreator(ctx);
    await apply(ctx, campaign.id, appliedOne.id);
    const stranger = await newCreator(ctx);
    for (const c of [appliedOne, stranger]) {
      expectError(
        await submitRaw(ctx, campaign.id, { creator_id: c.id, task_id: taskId }),
        409,
        'invalid_state_transition',
        'creator_id',
      );
    }
    expectStatus(
      await api('POST', `/campaigns/${campaign.id}/creators/${appliedOne.id}/reject`),
      200,
    );
    expectError(
      await submitRaw(ctx, campaign.id, { creator_id: appliedOne.id, task_id: taskId }),
      409,
      'invalid_state_transition',
      'creator_id',
    );
  });

  it('answers 409 naming accepting_submissions when the campaign is paused', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    expectStatus(await api('POST', `/campaigns/${campaign.id}/pause`), 200);
    expectError(
      await submitRaw(ctx, campaign.id, { creator_id: creators[0]!.id, task_id: taskId }),
      409,
      'invalid_state_transition',
      'accepting_submissions',
    );
  });

  it('answers 409 naming task_id for an archived task and 422 for a task of another campaign', async () => {
    const { campaign, creators } = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [task(), task({ title: 'Second' })],
    });
    const archived = campaign.tasks![1]!.id;
    expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks/${archived}/archive`), 200);
    expectError(
      await submitRaw(ctx, campaign.id, { creator_id: creators[0]!.id, task_id: archived }),
      409,
      'invalid_state_transition',
      'task_id',
    );
    const elsewhere = await campaignIn(ctx, brand.key.key, 'active');
    expectError(
      await submitRaw(ctx, campaign.id, {
        creator_id: creators[0]!.id,
        task_id: elsewhere.tasks![0]!.id,
      }),
      422,
      'validation_failed',
      'task_id',
    );
  });

  it('answers 422 naming media_url for a URL that is not http(s)', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    expectError(
      await submitRaw(ctx, campaign.id, {
        creator_id: creators[0]!.id,
        task_id: taskId,
        media_url: 'javascript:alert(1)',
      }),
      422,
      'validation_failed',
      'media_url',
    );
  });

  it('holds a creator to max_posts_per_creator, not counting rejected or failed submissions', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [task({ max_posts_per_creator: 2 })],
    });
    const creatorId = creators[0]!.id;
    const first = await submit(ctx, campaign.id, creatorId, taskId);
    const second = await submit(ctx, campaign.id, creatorId, taskId);
    expectError(
      await submitRaw(ctx, campaign.id, { creator_id: creatorId, task_id: taskId }),
      409,
      'invalid_state_transition',
      'task_id',
    );
    expectStatus(
      await api('POST', `/campaigns/${campaign.id}/submissions/${first.id}/reject`),
      200,
    );
    const third = await submit(ctx, campaign.id, creatorId, taskId);
    expectStatus(
      await ops(ctx, 'POST', `/ops/submissions/${second.id}/fail`, { reason: 'Unreadable' }),
      200,
    );
    await submit(ctx, campaign.id, creatorId, taskId);
    expectError(
      await submitRaw(ctx, campaign.id, { creator_id: creatorId, task_id: taskId }),
      409,
      'invalid_state_transition',
      'task_id',
    );
    expect(third.status).toBe('in_review');
  });

  it('lets a creator of a pick_one campaign submit for one task only', async () => {
    const { campaign, creators } = await activeWorld(ctx, brand.key.key, 1, {
      settings: { completion_mode: 'pick_one' },
      tasks: [task({ title: 'One' }), task({ title: 'Two' })],
    });
    const [one, two] = campaign.tasks!;
    const creatorId = creators[0]!.id;
    await submit(ctx, campaign.id, creatorId, one!.id);
    await submit(ctx, campaign.id, creatorId, one!.id);
    const res = await submitRaw(ctx, campaign.id, { creator_id: creatorId, task_id: two!.id });
    expectError(res, 409, 'invalid_state_transition', 'task_id');
    expect(res.json.message).toContain(one!.id);
  });

  it('approves on arrival under post_approval_mode always', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1, {
      settings: { post_approval_mode: 'always' },
    });
    const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    expect(s.status).toBe('approved');
    expect(s.reviewed_at).not.toBeNull();
    expect((await creatorOf(campaign.id, creators[0]!.id)).content).toEqual({
      submitted: 1,
      in_review: 0,
      approved: 1,
      rejected: 0,
    });
  });

  it('approves on arrival for an autoreview task without a prompt', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [task({ review_mode: 'autoreview' })],
    });
    expect((await submit(ctx, campaign.id, creators[0]!.id, taskId)).status).toBe('approved');
  });

  it('leaves a submission to an autoreview task with a prompt for the buyer by default', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [task({ review_mode: 'autoreview', autoreview_prompt: 'Shows the bottle' })],
    });
    expect((await submit(ctx, campaign.id, creators[0]!.id, taskId)).status).toBe('in_review');
  });

  it('lets a configured reviewer decide autoreview tasks with a prompt', async () => {
    const seen: string[] = [];
    const reviewer: Reviewer = {
      review: (input) => {
        seen.push(input.prompt);
        return Promise.resolve(
          input.mediaUrl?.includes('good')
            ? { decision: 'approved' }
            : { decision: 'rejected', feedback: 'Bottle not visible' },
        );
      },
    };
    const app = ctx.makeApp({ reviewer });
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [task({ review_mode: 'autoreview', autoreview_prompt: 'Shows the bottle' })],
    });
    const send = (media_url: string) =>
      ctx.requestTo(app, 'POST', `/ops/campaigns/${campaign.id}/submissions`, {
        key: TEST_OPS_TOKEN,
        body: { creator_id: creators[0]!.id, task_id: taskId, media_type: 'video', media_url },
      });
    const bad = Submission.parse(expectStatus(await send('https://cdn.example.com/bad.mp4'), 201));
    expect(bad).toMatchObject({ status: 'rejected', feedback: 'Bottle not visible' });
    const revised = Submission.parse(
      expectStatus(
        await ctx.requestTo(app, 'POST', `/ops/submissions/${bad.id}/revise`, {
          key: TEST_OPS_TOKEN,
          body: { media_url: 'https://cdn.example.com/good.mp4' },
        }),
        200,
      ),
    );
    expect(revised).toMatchObject({ status: 'approved', revision_count: 1 });
    expect(seen).toEqual(['Shows the bottle', 'Shows the bottle']);
  });
});

describe('POST /ops/submissions/{id}/revise and /fail', () => {
  it('brings a rejected submission back in review with revision_count + 1, keeping the feedback', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    expectStatus(
      await api('POST', `/campaigns/${campaign.id}/submissions/${s.id}/reject`, {
        feedback: 'Brighter light',
      }),
      200,
    );
    const revised = Submission.parse(
      expectStatus(
        await ops(ctx, 'POST', `/ops/submissions/${s.id}/revise`, {
          media_url: 'https://cdn.example.com/v2.mp4',
        }),
        200,
      ),
    );
    expect(revised).toMatchObject({
      status: 'in_review',
      revision_count: 1,
      feedback: 'Brighter light',
      media_url: 'https://cdn.example.com/v2.mp4',
      reviewed_at: null,
    });
    expect(revised.submitted_at! > s.submitted_at!).toBe(true);
    expect((await creatorOf(campaign.id, creators[0]!.id)).content).toEqual({
      submitted: 1,
      in_review: 1,
      approved: 0,
      rejected: 0,
    });
  });

  it('answers 409 naming task_id when a revision would pass max_posts_per_creator', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [task({ max_posts_per_creator: 1 })],
    });
    const first = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    expectStatus(
      await api('POST', `/campaigns/${campaign.id}/submissions/${first.id}/reject`),
      200,
    );
    await submit(ctx, campaign.id, creators[0]!.id, taskId);
    expectError(
      await ops(ctx, 'POST', `/ops/submissions/${first.id}/revise`, {
        media_url: 'https://cdn.example.com/v2.mp4',
      }),
      409,
      'invalid_state_transition',
      'task_id',
    );
  });

  it('answers 409 when revising anything but a rejected submission', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    const revise = () =>
      ops(ctx, 'POST', `/ops/submissions/${s.id}/revise`, {
        media_url: 'https://cdn.example.com/v2.mp4',
      });
    expectError(await revise(), 409, 'invalid_state_transition', 'status');
    expectStatus(await api('POST', `/campaigns/${campaign.id}/submissions/${s.id}/approve`), 200);
    expectError(await revise(), 409, 'invalid_state_transition', 'status');
    expectError(
      await ops(ctx, 'POST', '/ops/submissions/00000000-0000-4000-8000-000000000000/revise', {
        media_url: 'https://a.example/x',
      }),
      404,
      'not_found',
    );
  });

  it('fails a submission with a failure_reason, once', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    const failed = Submission.parse(
      expectStatus(
        await ops(ctx, 'POST', `/ops/submissions/${s.id}/fail`, {
          reason: 'Media could not be processed',
        }),
        200,
      ),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'Media could not be processed',
    });
    expectError(
      await ops(ctx, 'POST', `/ops/submissions/${s.id}/fail`, { reason: 'again' }),
      409,
      'invalid_state_transition',
    );
    expectError(
      await ops(ctx, 'POST', `/ops/submissions/${s.id}/fail`, {}),
      422,
      'validation_failed',
      'reason',
    );
    expect((await creatorOf(campaign.id, creators[0]!.id)).content).toEqual({
      submitted: 1,
      in_review: 0,
      approved: 0,
      rejected: 0,
    });
  });
});

describe('posts on the platform side', () => {
  async function approved() {
    const world = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    expectStatus(
      await api('POST', `/campaigns/${world.campaign.id}/submissions/${s.id}/approve`),
      200,
    );
    return { ...world, submission: s, creatorId: world.creators[0]!.id };
  }

  it('posts approved content once, on a platform of its task', async () => {
    const { submission, campaign, creatorId } = await approved();
    expectError(
      await ops(ctx, 'POST', `/ops/submissions/${submission.id}/post`, {
        platform: 'youtube',
        url: 'https://youtube.com/x',
      }),
      422,
      'validation_failed',
      'platform',
    );
    const p = await post(ctx, submission.id, { posted_at: '2026-07-01T10:00:00Z', is_story: true });
    expect(p).toMatchObject({
      status: 'live',
      is_story: true,
      posted_at: '2026-07-01T10:00:00.000000Z',
      submission_id: submission.id,
      metrics: { views: 0 },
    });
    expectError(
      await ops(ctx, 'POST', `/ops/submissions/${submission.id}/post`, {
        platform: 'tiktok',
        url: 'https://tiktok.com/x',
      }),
      409,
      'invalid_state_transition',
    );
    expect((await creatorOf(campaign.id, creatorId)).posts).toBe(1);
  });

  it('answers 409 for posting content that is not approved', async () => {
    const { campaign, creators, taskId } = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, campaign.id, creators[0]!.id, taskId);
    expectError(
      await ops(ctx, 'POST', `/ops/submissions/${s.id}/post`, {
        platform: 'tiktok',
        url: 'https://tiktok.com/x',
      }),
      409,
      'invalid_state_transition',
      'status',
    );
  });

  it('updates metric totals, never lower, and adds them to the creator', async () => {
    const { submission, campaign, creatorId } = await approved();
    const p = await post(ctx, submission.id);
    const metrics = { views: 1000, likes: 100, comments: 10, shares: 5, saves: 2 };
    const updated = Post.parse(
      expectStatus(await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, metrics), 200),
    );
    expect(updated.metrics).toEqual(metrics);
    expect(updated.metrics_updated_at >= p.metrics_updated_at).toBe(true);
    expectError(
      await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, { ...metrics, likes: 99 }),
      422,
      'validation_failed',
      'likes',
    );
    expectError(
      await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, { ...metrics, views: -1 }),
      422,
      'validation_failed',
      'views',
    );
    expectStatus(
      await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, { ...metrics, views: 1500 }),
      200,
    );
    expect((await creatorOf(campaign.id, creatorId)).metrics).toEqual({ ...metrics, views: 1500 });
  });

  it('takes a post down: deleted, its submission post_deleted, once', async () => {
    const { submission, campaign, creatorId } = await approved();
    const p = await post(ctx, submission.id);
    const down = Post.parse(
      expectStatus(await ops(ctx, 'POST', `/ops/posts/${p.id}/take-down`), 200),
    );
    expect(down.status).toBe('deleted');
    const s = Submission.parse(
      expectStatus(await api('GET', `/campaigns/${campaign.id}/submissions/${submission.id}`), 200),
    );
    expect(s.status).toBe('post_deleted');
    expectError(
      await ops(ctx, 'POST', `/ops/posts/${p.id}/take-down`),
      409,
      'invalid_state_transition',
    );
    expectError(
      await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, {
        views: 1,
        likes: 0,
        comments: 0,
        shares: 0,
        saves: 0,
      }),
      409,
      'invalid_state_transition',
    );
    const c = await creatorOf(campaign.id, creatorId);
    expect(c.posts).toBe(0);
    expect(c.content).toEqual({ submitted: 1, in_review: 0, approved: 0, rejected: 0 });
  });
});

describe('POST /ops/payouts', () => {
  it("adds to the creator's spend_cents and the campaign's spent_cents", async () => {
    const { campaign, creators } = await activeWorld(ctx, brand.key.key, 2);
    const pay = async (creatorId: string, amount_cents: number) =>
      OpsPayout.parse(
        expectStatus(
          await ops(ctx, 'POST', '/ops/payouts', {
            campaign_id: campaign.id,
            creator_id: creatorId,
            amount_cents,
          }),
          201,
        ),
      );
    const payout = await pay(creators[0]!.id, 5000);
    expect(payout).toMatchObject({
      campaign_id: campaign.id,
      creator_id: creators[0]!.id,
      amount_cents: 5000,
    });
    await pay(creators[0]!.id, 2500);
    await pay(creators[1]!.id, 1000);
    expect((await creatorOf(campaign.id, creators[0]!.id)).spend_cents).toBe(7500);
    expect((await creatorOf(campaign.id, creators[1]!.id)).spend_cents).toBe(1000);
    const after = Campaign.parse(expectStatus(await api('GET', `/campaigns/${campaign.id}`), 200));
    expect(after.spent_cents).toBe(campaign.spent_cents + 8500);
  });

  it('answers 409 for a creator who is not approved, 422 for a bad amount, 404 for an unknown campaign', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active', {
      settings: { creator_approval_required: true },
    });
    const creator = await newCreator(ctx);
    await apply(ctx, campaign.id, creator.id);
    expectError(
      await ops(ctx, 'POST', '/ops/payouts', {
        campaign_id: campaign.id,
        creator_id: creator.id,
        amount_cents: 100,
      }),
      409,
      'invalid_state_transition',
      'creator_id',
    );
    expectError(
      await ops(ctx, 'POST', '/ops/payouts', {
        campaign_id: campaign.id,
        creator_id: creator.id,
        amount_cents: 0,
      }),
      422,
      'validation_failed',
      'amount_cents',
    );
    expectError(
      await ops(ctx, 'POST', '/ops/payouts', {
        campaign_id: '00000000-0000-4000-8000-000000000000',
        creator_id: creator.id,
        amount_cents: 100,
      }),
      404,
      'not_found',
    );
    const approvedOne = await approvedCreator(ctx, campaign, brand.key.key);
    expectStatus(
      await ops(ctx, 'POST', '/ops/payouts', {
        campaign_id: campaign.id,
        creator_id: approvedOne.id,
        amount_cents: 100,
      }),
      201,
    );
  });
});
