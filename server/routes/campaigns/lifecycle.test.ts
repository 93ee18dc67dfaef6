import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Campaign, CampaignDeleted } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { queryRows } from '../../db/client.ts';
import { DEFAULT_DENIAL_REASON } from '../../domain/campaign-rules.ts';
import {
  ALL_STATUSES,
  campaignIn,
  createCampaign,
  expectError,
  expectStatus,
  ops,
  task,
} from '../../test/campaigns.ts';
import { brandWorld, TEST_OPS_TOKEN, type TestResponse } from '../../test/harness.ts';

const { ctx, brand, api } = await brandWorld();

const publish = (id: string) => api('POST', `/campaigns/${id}/publish`);

/** POSTs a status action (pause, resume...) as the brand; expects 200 and answers the campaign. */
const transition = async (id: string, action: string) =>
  Campaign.parse(expectStatus(await api('POST', `/campaigns/${id}/${action}`), 200));

interface Action {
  name: string;
  run: (id: string) => Promise<TestResponse>;
  from: readonly CampaignStatus[];
  to: CampaignStatus | 'deleted';
}

const ACTIONS: Action[] = [
  {
    name: 'POST /campaigns/{id}/publish',
    run: publish,
    from: ['draft'],
    to: 'pending_approval',
  },
  {
    name: 'POST /campaigns/{id}/withdraw',
    run: (id) => api('POST', `/campaigns/${id}/withdraw`),
    from: ['pending_approval'],
    to: 'draft',
  },
  {
    name: 'POST /campaigns/{id}/pause',
    run: (id) => api('POST', `/campaigns/${id}/pause`),
    from: ['active'],
    to: 'paused',
  },
  {
    name: 'POST /campaigns/{id}/resume',
    run: (id) => api('POST', `/campaigns/${id}/resume`),
    from: ['paused'],
    to: 'active',
  },
  {
    name: 'DELETE /campaigns/{id}',
    run: (id) => api('DELETE', `/campaigns/${id}`),
    from: ['draft'],
    to: 'deleted',
  },
  {
    name: 'POST /ops/campaigns/{id}/review (approved)',
    run: (id) => ops(ctx, 'POST', `/ops/campaigns/${id}/review`, { decision: 'approved' }),
    from: ['pending_approval'],
    to: 'active',
  },
  {
    name: 'POST /ops/campaigns/{id}/review (denied)',
    run: (id) =>
      ops(ctx, 'POST', `/ops/campaigns/${id}/review`, {
        decision: 'denied',
        reason: 'Brief is missing',
      }),
    from: ['pending_approval'],
    to: 'draft',
  },
  {
    name: 'POST /ops/campaigns/{id}/auto-pause',
    run: (id) => ops(ctx, 'POST', `/ops/campaigns/${id}/auto-pause`, { reason: 'billing_issue' }),
    from: ['active'],
    to: 'paused',
  },
  {
    name: 'POST /ops/campaigns/{id}/complete',
    run: (id) => ops(ctx, 'POST', `/ops/campaigns/${id}/complete`),
    from: ['active', 'paused'],
    to: 'completed',
  },
];

const cases = ACTIONS.flatMap((action) =>
  ALL_STATUSES.map((status) => [action.name, status, action] as const),
);

describe('status transitions', () => {
  it.each(cases)('%s from %s', async (_name, status, action) => {
    const campaign = await campaignIn(ctx, brand.key.key, status);
    const res = await action.run(campaign.id);
    if (!action.from.includes(status)) {
      expectError(res, 409, 'invalid_state_transition', 'status');
      expect(res.json.message).toContain(status);
      expect(res.json.issues.map((i: { field: string }) => i.field)).toEqual(['status']);
      const after = Campaign.parse((await api('GET', `/campaigns/${campaign.id}`)).json);
      expect(after).toEqual(campaign);
      return;
    }
    if (action.to === 'deleted') {
      expect(CampaignDeleted.parse(expectStatus(res, 200))).toEqual({
        id: campaign.id,
        deleted: true,
      });
      return;
    }
    const next = Campaign.parse(expectStatus(res, 200));
    expect(next.status).toBe(action.to);
    expect(next.accepting_submissions).toBe(action.to === 'active');
    expect(next.updated_at > campaign.updated_at).toBe(true);
    expect(next.tasks).toEqual(campaign.tasks);
  });
});

describe('POST /campaigns/{id}/publish', () => {
  it('answers 422 naming tasks for a draft without tasks', async () => {
    const campaign = await createCampaign(ctx, brand.key.key);
    expectError(await publish(campaign.id), 422, 'validation_failed', 'tasks');
  });

  it('answers 422 naming tasks when every task is archived', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    expectStatus(
      await api('POST', `/campaigns/${campaign.id}/tasks/${campaign.tasks![0]!.id}/archive`),
      200,
    );
    expectError(await publish(campaign.id), 422, 'validation_failed', 'tasks');
  });

  it('publishes a draft without tasks when creator approval is required (waitlist)', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      settings: { creator_approval_required: true },
    });
    const res = await publish(campaign.id);
    expect(Campaign.parse(expectStatus(res, 200)).status).toBe('pending_approval');
  });

  it('clears the publish_denied detail of a denied campaign', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'pending_approval');
    const denied = Campaign.parse(
      expectStatus(
        await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/review`, { decision: 'denied' }),
        200,
      ),
    );
    expect(denied.status_detail?.kind).toBe('publish_denied');
    const again = Campaign.parse(expectStatus(await publish(campaign.id), 200));
    expect(again).toMatchObject({ status: 'pending_approval', status_detail: null });
  });
});

describe('the /ops review, auto-pause and completion', () => {
  it('approving makes the campaign active and accepting submissions', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'pending_approval');
    const res = await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/review`, {
      decision: 'approved',
    });
    expect(Campaign.parse(expectStatus(res, 200))).toMatchObject({
      status: 'active',
      status_detail: null,
      accepting_submissions: true,
    });
  });

  it("denying returns it to draft with the reviewer's reason and the time", async () => {
    const at = new Date('2031-03-04T05:06:07.089Z');
    const app = ctx.makeApp({ now: () => at });
    const campaign = await campaignIn(ctx, brand.key.key, 'pending_approval');
    const res = await ctx.requestTo(app, 'POST', `/ops/campaigns/${campaign.id}/review`, {
      key: TEST_OPS_TOKEN,
      body: { decision: 'denied', reason: 'The product link is broken' },
    });
    expect(Campaign.parse(expectStatus(res, 200))).toMatchObject({
      status: 'draft',
      accepting_submissions: false,
      status_detail: {
        kind: 'publish_denied',
        reason: 'The product link is broken',
        occurred_at: at.toISOString(),
      },
    });
  });

  it('denying without a reason gives a default explanation', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'pending_approval');
    const res = await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/review`, {
      decision: 'denied',
    });
    expect(Campaign.parse(expectStatus(res, 200)).status_detail).toMatchObject({
      kind: 'publish_denied',
      reason: DEFAULT_DENIAL_REASON,
    });
  });

  it.each(['billing_issue', 'other'] as const)(
    'auto-pause (%s) pauses with an auto_paused detail; resume clears it',
    async (reason) => {
      const campaign = await campaignIn(ctx, brand.key.key, 'active');
      const paused = Campaign.parse(
        expectStatus(
          await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/auto-pause`, { reason }),
          200,
        ),
      );
      expect(paused).toMatchObject({
        status: 'paused',
        accepting_submissions: false,
        status_detail: { kind: 'auto_paused', reason },
      });
      const resumed = await transition(campaign.id, 'resume');
      expect(resumed).toMatchObject({
        status: 'active',
        accepting_submissions: true,
        status_detail: null,
      });
    },
  );

  it('completion stops submissions', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'paused');
    const res = await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/complete`);
    expect(Campaign.parse(expectStatus(res, 200))).toMatchObject({
      status: 'completed',
      accepting_submissions: false,
      status_detail: null,
    });
  });

  it('pause then resume moves accepting_submissions with the status', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    expect(campaign.accepting_submissions).toBe(true);
    const paused = await transition(campaign.id, 'pause');
    expect(paused).toMatchObject({
      status: 'paused',
      accepting_submissions: false,
      status_detail: null,
    });
    const resumed = await transition(campaign.id, 'resume');
    expect(resumed).toMatchObject({ status: 'active', accepting_submissions: true });
  });

  it('answers 422 for a bad decision or reason, and 404 for an unknown campaign', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'pending_approval');
    expectError(
      await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/review`, { decision: 'maybe' }),
      422,
      'validation_failed',
      'decision',
    );
    expectError(
      await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/auto-pause`, { reason: 'tired' }),
      422,
      'validation_failed',
      'reason',
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await ops(ctx, 'POST', `/ops/campaigns/${unknown}/review`, { decision: 'approved' }),
      404,
      'not_found',
    );
    expectError(await ops(ctx, 'POST', `/ops/campaigns/${unknown}/complete`), 404, 'not_found');
  });

  it('answers 401 to an API key', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'pending_approval');
    const res = await ctx.request('POST', `/ops/campaigns/${campaign.id}/review`, {
      key: brand.key.key,
      body: { decision: 'approved' },
    });
    expectError(res, 401, 'unauthenticated');
  });
});

describe('GET /campaigns/{id}', () => {
  it('answers the campaign with its tasks, archived ones included, in order', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, {
      tasks: [task({ title: 'b', display_order: 2 }), task({ title: 'a', display_order: 1 })],
    });
    const b = campaign.tasks!.find((t) => t.title === 'b')!;
    expectStatus(await api('POST', `/campaigns/${campaign.id}/tasks/${b.id}/archive`), 200);
    const read = Campaign.parse(expectStatus(await api('GET', `/campaigns/${campaign.id}`), 200));
    expect(read.tasks!.map((t) => [t.title, t.status])).toEqual([
      ['a', 'active'],
      ['b', 'archived'],
    ]);
    expect(read.tasks_count).toBe(2);
  });

  it("answers 404 not_found for another brand's campaign, the same as for a missing one", async () => {
    const other = await ctx.ops.brandWithKey();
    const theirs = await createCampaign(ctx, other.key.key);
    const res = await api('GET', `/campaigns/${theirs.id}`);
    expectError(res, 404, 'not_found');
    const missing = await api('GET', '/campaigns/00000000-0000-4000-8000-000000000000');
    expect(missing.json).toEqual(res.json);
  });

  it('answers an agency key the campaign of a brand it manages', async () => {
    const agency = await ctx.ops.agencyWithKey(1);
    const brandKey = await ctx.ops.createKey({ kind: 'brand', brand_id: agency.brands[0]!.id });
    const campaign = await createCampaign(ctx, brandKey.key);
    expect(
      Campaign.parse(
        expectStatus(await api('GET', `/campaigns/${campaign.id}`, undefined, agency.key.key), 200),
      ).id,
    ).toBe(campaign.id);
  });

  it('answers 400 invalid_request for an id that is not a UUID', async () => {
    expectError(await api('GET', '/campaigns/summer'), 400, 'invalid_request', 'campaign_id');
  });
});

describe("actions on another brand's campaign", () => {
  it.each(['publish', 'pause', 'resume'])('POST /campaigns/{id}/%s answers 404', async (action) => {
    const other = await ctx.ops.brandWithKey();
    const theirs = await campaignIn(
      ctx,
      other.key.key,
      action === 'publish' ? 'draft' : action === 'pause' ? 'active' : 'paused',
    );
    expectError(await api('POST', `/campaigns/${theirs.id}/${action}`), 404, 'not_found');
    expect(
      Campaign.parse((await api('GET', `/campaigns/${theirs.id}`, undefined, other.key.key)).json)
        .status,
    ).toBe(theirs.status);
  });

  it('DELETE answers 404 and deletes nothing', async () => {
    const other = await ctx.ops.brandWithKey();
    const theirs = await createCampaign(ctx, other.key.key);
    expectError(await api('DELETE', `/campaigns/${theirs.id}`), 404, 'not_found');
    expect((await api('GET', `/campaigns/${theirs.id}`, undefined, other.key.key)).status).toBe(
      200,
    );
  });
});

describe('DELETE /campaigns/{id}', () => {
  it('deletes a draft and its tasks', async () => {
    const campaign = await createCampaign(ctx, brand.key.key, { tasks: [task(), task()] });
    expect(expectStatus(await api('DELETE', `/campaigns/${campaign.id}`), 200)).toEqual({
      id: campaign.id,
      deleted: true,
    });
    expectError(await api('GET', `/campaigns/${campaign.id}`), 404, 'not_found');
    const [left] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from tasks where campaign_id = ${campaign.id}`,
    );
    expect(left!.n).toBe(0);
    expectError(await api('DELETE', `/campaigns/${campaign.id}`), 404, 'not_found');
  });
});

describe('scopes', () => {
  it.each([
    ['POST', 'publish'],
    ['POST', 'pause'],
    ['POST', 'resume'],
    ['DELETE', ''],
    ['PATCH', ''],
  ])(
    '%s /campaigns/{id}/%s answers 403 missing_scope without campaigns:write',
    async (method, action) => {
      const { key } = await ctx.ops.brandWithKey(['campaigns:read']);
      const campaign = await createCampaign(ctx, brand.key.key);
      const res = await ctx.request(
        method,
        `/2026-07/campaigns/${campaign.id}${action ? `/${action}` : ''}`,
        {
          key: key.key,
          ...(method === 'PATCH' ? { body: { name: 'x' } } : {}),
        },
      );
      expectError(res, 403, 'missing_scope');
    },
  );

  it('GET /campaigns/{id} answers 403 missing_scope without campaigns:read', async () => {
    const { key } = await ctx.ops.brandWithKey(['campaigns:write']);
    const campaign = await createCampaign(ctx, key.key);
    expectError(
      await api('GET', `/campaigns/${campaign.id}`, undefined, key.key),
      403,
      'missing_scope',
    );
  });
});
