import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Campaign, CampaignPage, PublishReviewSummary } from '#contract/campaigns';
import { queryRows } from '../../db/client.ts';
import {
  campaignIn,
  createCampaign,
  expectError,
  expectStatus,
  ops,
  task,
} from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

// Getting a campaign live (docs/api.md#getting-live): when it was sent, withdrawing the request,
// the review's decision clearing it, and how long review usually takes. The service's clock is
// this file's, so waits are exact.

let clock = Date.parse('2026-07-20T10:00:00.000Z');
const advance = (seconds: number) => {
  clock += seconds * 1000;
};
const { ctx, brand, api } = await brandWorld({ deps: { now: () => new Date(clock) } });

const publish = (id: string) => api('POST', `/campaigns/${id}/publish`);
const withdraw = (id: string) => api('POST', `/campaigns/${id}/withdraw`);
const review = (id: string, decision: 'approved' | 'denied', reason?: string) =>
  ops(ctx, 'POST', `/ops/campaigns/${id}/review`, { decision, ...(reason ? { reason } : {}) });
const summary = async () =>
  PublishReviewSummary.parse(expectStatus(await api('GET', '/publish-reviews/summary'), 200));

/** The audit actions written about a campaign itself (not its tasks), oldest first. */
const trail = async (id: string) =>
  (
    await queryRows<{ action: string; actor_type: string; actor_label: string }>(
      ctx.db,
      sql`select action, actor_type, actor_label from audit_events where target_id = ${id} order by occurred_at, id`,
    )
  ).map((r) => `${r.action} by ${r.actor_type}`);

// First in the file: the summary reads every decision of this database.
describe('GET /publish-reviews/summary', () => {
  it('answers no figures before any decision', async () => {
    expect(await summary()).toEqual({
      decisions: 0,
      typical_seconds: null,
      most_within_seconds: null,
      since: new Date(clock - 30 * 86_400_000).toISOString(),
    });
  });

  it('sums up how long the recent decisions took, denials included', async () => {
    for (const [wait, decision] of [
      [10, 'approved'],
      [40, 'denied'],
      [100, 'approved'],
    ] as const) {
      const draft = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
      expectStatus(await publish(draft.id), 200);
      advance(wait);
      expectStatus(await review(draft.id, decision), 200);
    }
    // The median of 10, 40, 100 s, and the 90th percentile between 40 and 100 (interpolated).
    expect(await summary()).toMatchObject({
      decisions: 3,
      typical_seconds: 40,
      most_within_seconds: 88,
    });
  });

  it('reads only the newest 50 decisions of the last 30 days', async () => {
    advance(31 * 86_400);
    expect((await summary()).decisions).toBe(0);
    // 60 quick decisions after 5 slow ones: the slow ones are not among the newest 50.
    await ctx.db.execute(sql`
      insert into publish_reviews (campaign_id, requested_at, decided_at, approved)
      select gen_random_uuid(),
        ${new Date(clock).toISOString()}::timestamptz - make_interval(secs => 4000 + i),
        ${new Date(clock).toISOString()}::timestamptz - make_interval(secs => 1000 + i),
        true
      from generate_series(1, 5) as i
      union all
      select gen_random_uuid(),
        ${new Date(clock).toISOString()}::timestamptz - make_interval(secs => 7 + i),
        ${new Date(clock).toISOString()}::timestamptz - make_interval(secs => i),
        true
      from generate_series(1, 60) as i`);
    expect(await summary()).toMatchObject({
      decisions: 50,
      typical_seconds: 7,
      most_within_seconds: 7,
    });
  });
});

describe('publish_requested_at', () => {
  it('is set by publish and shown in lists; null in a draft', async () => {
    const draft = await createCampaign(ctx, brand.key.key, { tasks: [task()] });
    expect(draft.publish_requested_at).toBeNull();
    const sent = Campaign.parse(expectStatus(await publish(draft.id), 200));
    expect(Date.parse(sent.publish_requested_at!)).toBe(clock);
    const page = CampaignPage.parse(
      expectStatus(await api('GET', `/campaigns?id=${draft.id}`), 200),
    );
    expect(page.data[0]!.publish_requested_at).toBe(sent.publish_requested_at);
    expect(Campaign.parse(expectStatus(await api('GET', `/campaigns/${draft.id}`), 200))).toEqual(
      sent,
    );
  });

  it.each(['approved', 'denied'] as const)('is cleared when the review decides (%s)', async (d) => {
    const pending = await campaignIn(ctx, brand.key.key, 'pending_approval');
    expect(pending.publish_requested_at).not.toBeNull();
    const decided = Campaign.parse(expectStatus(await review(pending.id, d, 'Add a brief'), 200));
    expect(decided.status).toBe(d === 'approved' ? 'active' : 'draft');
    expect(decided.publish_requested_at).toBeNull();
  });
});

describe('POST /campaigns/{id}/withdraw', () => {
  it('takes a pending campaign back to an editable draft, recorded in the audit trail', async () => {
    const pending = await campaignIn(ctx, brand.key.key, 'pending_approval');
    advance(5);
    const draft = Campaign.parse(expectStatus(await withdraw(pending.id), 200));
    expect(draft).toMatchObject({
      status: 'draft',
      status_detail: null,
      publish_requested_at: null,
      accepting_submissions: false,
    });
    expect(draft.tasks).toEqual(pending.tasks);
    expect(await trail(pending.id)).toEqual([
      'campaign.created by key',
      'campaign.publish_requested by key',
      'campaign.withdrawn by key',
    ]);
    // Editable again, and it may be sent again.
    expectStatus(await api('PATCH', `/campaigns/${pending.id}`, { name: 'Renamed draft' }), 200);
    const again = Campaign.parse(expectStatus(await publish(pending.id), 200));
    expect(Date.parse(again.publish_requested_at!)).toBe(clock);
  });

  it('records no review decision', async () => {
    const before = await summary();
    const pending = await campaignIn(ctx, brand.key.key, 'pending_approval');
    expectStatus(await withdraw(pending.id), 200);
    expect((await summary()).decisions).toBe(before.decisions);
  });

  it('refuses a denied draft, keeping the reason of the denial', async () => {
    const pending = await campaignIn(ctx, brand.key.key, 'pending_approval');
    const denied = Campaign.parse(
      expectStatus(await review(pending.id, 'denied', 'No brief'), 200),
    );
    const res = await withdraw(pending.id);
    expectError(res, 409, 'invalid_state_transition', 'status');
    expect(res.json.issues).toEqual([
      {
        field: 'status',
        message: 'a campaign that is draft cannot be withdrawn (only one that is pending_approval)',
      },
    ]);
    expect(Campaign.parse((await api('GET', `/campaigns/${pending.id}`)).json)).toEqual(denied);
    expect((await trail(pending.id)).at(-1)).toBe('campaign.publish_denied by ops');
  });

  it("answers 404 for another brand's campaign and leaves it pending", async () => {
    const other = await ctx.ops.brandWithKey();
    const theirs = await campaignIn(ctx, other.key.key, 'pending_approval');
    expectError(await withdraw(theirs.id), 404, 'not_found');
    const after = await api('GET', `/campaigns/${theirs.id}`, undefined, other.key.key);
    expect(Campaign.parse(after.json).status).toBe('pending_approval');
  });

  it('lets an agency withdraw the request of a brand it manages', async () => {
    const agency = await ctx.ops.agencyWithKey(1);
    const brandKey = await ctx.ops.createKey({ kind: 'brand', brand_id: agency.brands[0]!.id });
    const pending = await campaignIn(ctx, brandKey.key, 'pending_approval');
    const res = await api('POST', `/campaigns/${pending.id}/withdraw`, undefined, agency.key.key);
    expect(Campaign.parse(expectStatus(res, 200)).status).toBe('draft');
  });
});
