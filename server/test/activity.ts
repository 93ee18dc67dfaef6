import { CampaignCreator } from '#contract/creators';
import type { CampaignCreate } from '#contract/campaigns';
import type { Campaign } from '#contract/campaigns';
import { OpsCreator } from '#contract/ops';
import { Post } from '#contract/posts';
import { Submission } from '#contract/submissions';
import { campaignIn, expectStatus, ops } from './campaigns.ts';
import { uniqueName, type TestContext } from './harness.ts';

// Creator-activity fixtures: creators, applications, submissions and posts made through the real
// /ops routes.

export const SAMPLE_VIDEO = 'https://cdn.example.com/clip.mp4';
export const SAMPLE_THUMB = 'https://cdn.example.com/thumb.png';

export async function newCreator(ctx: TestContext): Promise<OpsCreator> {
  const username = uniqueName('creator').replace(' ', '_');
  return OpsCreator.parse(expectStatus(await ops(ctx, 'POST', '/ops/creators', { username }), 201));
}

export async function apply(
  ctx: TestContext,
  campaignId: string,
  creatorId: string,
): Promise<CampaignCreator> {
  const res = await ops(ctx, 'POST', `/ops/campaigns/${campaignId}/applications`, {
    creator_id: creatorId,
  });
  return CampaignCreator.parse(expectStatus(res, 201));
}

/** A new creator approved on the campaign (through the brand's approve when approval is required). */
export async function approvedCreator(
  ctx: TestContext,
  campaign: Campaign,
  key: string,
): Promise<OpsCreator> {
  const creator = await newCreator(ctx);
  const participation = await apply(ctx, campaign.id, creator.id);
  if (participation.status === 'applied') {
    expectStatus(
      await ctx.request(
        'POST',
        `/2026-07/campaigns/${campaign.id}/creators/${creator.id}/approve`,
        { key },
      ),
      200,
    );
  }
  return creator;
}

export const submitRaw = (
  ctx: TestContext,
  campaignId: string,
  body: {
    creator_id: string;
    task_id: string;
    media_type?: 'video' | 'carousel';
    media_url?: string;
    thumbnail_url?: string;
  },
) =>
  ops(ctx, 'POST', `/ops/campaigns/${campaignId}/submissions`, {
    media_type: 'video',
    media_url: SAMPLE_VIDEO,
    ...body,
  });

export async function submit(
  ctx: TestContext,
  campaignId: string,
  creatorId: string,
  taskId: string,
): Promise<Submission> {
  return Submission.parse(
    expectStatus(await submitRaw(ctx, campaignId, { creator_id: creatorId, task_id: taskId }), 201),
  );
}

/** Approves or rejects a submission as the brand through the public API; expects 200. */
export async function review(
  ctx: TestContext,
  key: string,
  campaignId: string,
  submissionId: string,
  decision: 'approve' | 'reject',
) {
  return expectStatus(
    await ctx.request(
      'POST',
      `/2026-07/campaigns/${campaignId}/submissions/${submissionId}/${decision}`,
      { key },
    ),
    200,
  );
}

export async function post(
  ctx: TestContext,
  submissionId: string,
  body: Record<string, unknown> = {},
): Promise<Post> {
  const res = await ops(ctx, 'POST', `/ops/submissions/${submissionId}/post`, {
    platform: 'tiktok',
    url: `https://www.tiktok.com/@x/video/${Math.floor(Math.random() * 1e12)}`,
    ...body,
  });
  return Post.parse(expectStatus(res, 201));
}

/** An active campaign (one tiktok task) with `creatorCount` approved creators. */
export async function activeWorld(
  ctx: TestContext,
  key: string,
  creatorCount = 1,
  overrides: Partial<CampaignCreate> = {},
) {
  const campaign = await campaignIn(ctx, key, 'active', overrides);
  const creators: OpsCreator[] = [];
  for (let i = 0; i < creatorCount; i++) creators.push(await approvedCreator(ctx, campaign, key));
  const taskId = campaign.tasks![0]!.id;
  return { campaign, creators, taskId };
}
