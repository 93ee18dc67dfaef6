import { expect } from 'vitest';
import { Campaign, type CampaignCreate } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import type { TaskCreate } from '#contract/tasks';
import { TEST_OPS_TOKEN, uniqueName, type TestContext, type TestResponse } from './harness.ts';

// Campaign fixtures of the service tests: bodies, and campaigns brought to each status through
// the real routes (publish, the /ops review, pause, completion).

export const task = (overrides: Partial<TaskCreate> = {}): TaskCreate => ({
  title: 'Unboxing video',
  instructions: 'Film the unboxing in one take.',
  platforms: ['tiktok'],
  ...overrides,
});

export const campaignBody = (overrides: Partial<CampaignCreate> = {}): CampaignCreate => ({
  name: uniqueName('Campaign'),
  ...overrides,
});

/** Fails the test unless the answer has `status`; returns its JSON. */
export function expectStatus(res: TestResponse, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res.json;
}

/** Fails unless the answer is the error `{error: status, code}` and its message names `field`. */
export function expectError(res: TestResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.json?.code }, res.text).toEqual({ status, code });
  expect(res.json.error).toBe(status);
  if (field !== undefined)
    expect(res.json.message.startsWith(`${field}: `), res.json.message).toBe(true);
}

/** Fails unless the answer is exactly the error `{error: status, code, message}`. */
export function expectExactError(res: TestResponse, status: number, code: string, message: string) {
  expect(res.status, res.text).toBe(status);
  // `issues` (the fields a refusal names) is checked where it matters; here the words.
  const { issues: _issues, ...body } = res.json as { issues?: unknown };
  expect(body).toEqual({ error: status, code, message });
}

export const ops = (ctx: TestContext, method: string, path: string, body?: unknown) =>
  ctx.request(method, path, { key: TEST_OPS_TOKEN, ...(body !== undefined ? { body } : {}) });

/** POST /campaigns answering 201; the answer parsed with the contract. */
export async function createCampaign(
  ctx: TestContext,
  key: string,
  overrides: Partial<CampaignCreate> = {},
): Promise<Campaign> {
  const res = await ctx.request('POST', '/2026-07/campaigns', {
    key,
    body: campaignBody(overrides),
  });
  return Campaign.parse(expectStatus(res, 201));
}

/** A campaign (with one task) brought to `status` through the real transitions. */
export async function campaignIn(
  ctx: TestContext,
  key: string,
  status: CampaignStatus,
  overrides: Partial<CampaignCreate> = {},
): Promise<Campaign> {
  let campaign = await createCampaign(ctx, key, { tasks: [task()], ...overrides });
  const step = async (res: Promise<TestResponse>) => {
    campaign = Campaign.parse(expectStatus(await res, 200));
  };
  if (status === 'draft') return campaign;
  await step(ctx.request('POST', `/2026-07/campaigns/${campaign.id}/publish`, { key }));
  if (status === 'pending_approval') return campaign;
  await step(ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/review`, { decision: 'approved' }));
  if (status === 'active') return campaign;
  if (status === 'paused') {
    await step(ctx.request('POST', `/2026-07/campaigns/${campaign.id}/pause`, { key }));
    return campaign;
  }
  await step(ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/complete`));
  return campaign;
}

export const ALL_STATUSES: readonly CampaignStatus[] = [
  'draft',
  'pending_approval',
  'active',
  'paused',
  'completed',
];
