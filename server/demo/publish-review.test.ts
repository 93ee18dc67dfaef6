import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { queryRows } from '../db/client.ts';
import { platformReview } from '../domain/publish-reviews.ts';
import { createCampaign, expectStatus, task } from '../test/campaigns.ts';
import { brandWorld } from '../test/harness.ts';
import { createSimulator } from './simulator.ts';

// The simulator as the platform's reviewer of publish requests (docs/api.md#getting-live): it
// decides each request 20 to 60 seconds after it was made (SIMULATOR_REVIEW_S), approving a
// campaign with a description and an active task (or a waitlist) and telling the others what to add.

const { ctx, brand, api } = await brandWorld();

const simulatorAt = (at: () => Date) =>
  createSimulator({
    db: ctx.db,
    logger: pino({ level: 'silent' }),
    mediaBase: 'http://127.0.0.1:8080',
    autoStart: false,
    reviewS: { minS: 20, maxS: 60 },
    now: at,
  });

const sent = async (body: Parameters<typeof createCampaign>[2]) => {
  const draft = await createCampaign(ctx, brand.key.key, body);
  return Campaign.parse(expectStatus(await api('POST', `/campaigns/${draft.id}/publish`), 200));
};
const current = async (id: string) =>
  Campaign.parse(expectStatus(await api('GET', `/campaigns/${id}`), 200));

describe('platformReview', () => {
  it('approves a description with an active task, or with a waitlist', () => {
    expect(platformReview({ description: 'Glow', activeTasks: 1, waitlist: false })).toEqual({
      decision: 'approved',
    });
    expect(platformReview({ description: 'Glow', activeTasks: 0, waitlist: true })).toEqual({
      decision: 'approved',
    });
  });

  it('denies anything else, saying what to add', () => {
    expect(platformReview({ description: '  ', activeTasks: 1, waitlist: false })).toEqual({
      decision: 'denied',
      reason:
        'Add a description that tells creators what the campaign is about. Then publish it again.',
    });
    const both = platformReview({ description: null, activeTasks: 0, waitlist: false });
    expect(both.decision).toBe('denied');
    expect(both.decision === 'denied' && both.reason).toBe(
      'Add a description that tells creators what the campaign is about, and at least one active task saying what creators should make (or require creators to apply first). Then publish it again.',
    );
  });
});

describe('the simulated reviewer', () => {
  it('waits at least the shortest review time, then decides every request by the longest', async () => {
    const complete = await sent({ description: 'Show the glow', tasks: [task()] });
    const bare = await sent({ tasks: [task()] });
    const waitlist = await sent({
      description: 'Apply first',
      settings: { creator_approval_required: true },
    });
    const requested = Date.parse(complete.publish_requested_at!);
    const simulator = simulatorAt(() => new Date(requested + 19_000));
    expect(await simulator.reviewDue()).toBe('no publish request due');
    for (const c of [complete, bare, waitlist])
      expect((await current(c.id)).status).toBe('pending_approval');

    const later = simulatorAt(() => new Date(requested + 65_000));
    const [one, two] = await Promise.all([later.reviewDue(), later.reviewDue()]);
    expect(`${one} ${two}`).toContain('reviewed');

    expect(await current(complete.id)).toMatchObject({
      status: 'active',
      publish_requested_at: null,
      accepting_submissions: true,
    });
    expect(await current(waitlist.id)).toMatchObject({ status: 'active' });
    const denied = await current(bare.id);
    expect(denied).toMatchObject({ status: 'draft', publish_requested_at: null });
    expect(denied.status_detail).toEqual({
      kind: 'publish_denied',
      reason:
        'Add a description that tells creators what the campaign is about. Then publish it again.',
      occurred_at: new Date(requested + 65_000).toISOString(),
    });

    // Each decided once, by the platform, in the audit trail and the review times.
    const decisions = await queryRows<{ campaign_id: string }>(
      ctx.db,
      sql`select campaign_id from publish_reviews`,
    );
    expect(decisions.map((d) => d.campaign_id).sort()).toEqual(
      [complete.id, bare.id, waitlist.id].sort(),
    );
    const entries = await queryRows<{ action: string; actor_label: string }>(
      ctx.db,
      sql`select action, actor_label from audit_events where target_id = ${bare.id} and actor_type = 'ops'`,
    );
    expect(entries).toEqual([
      { action: 'campaign.publish_denied', actor_label: 'Platform review' },
    ]);
    expect(await later.reviewDue()).toBe('no publish request due');
  });

  it('gives each campaign its own wait within the range', async () => {
    const campaigns = await Promise.all(
      Array.from({ length: 6 }, () => sent({ description: 'Glow', tasks: [task()] })),
    );
    const first = Math.min(...campaigns.map((c) => Date.parse(c.publish_requested_at!)));
    const decidedBy = new Map<string, number>();
    for (let s = 20; s <= 62; s += 2) {
      await simulatorAt(() => new Date(first + s * 1000)).reviewDue();
      for (const c of campaigns) {
        if (!decidedBy.has(c.id) && (await current(c.id)).status === 'active')
          decidedBy.set(c.id, s);
      }
    }
    expect(decidedBy.size).toBe(6);
    for (const s of decidedBy.values()) {
      expect(s).toBeGreaterThanOrEqual(20);
      expect(s).toBeLessThanOrEqual(62);
    }
  });

  it('decides requests in an ordinary tick', async () => {
    const c = await sent({ description: 'Glow', tasks: [task()] });
    const simulator = simulatorAt(() => new Date(Date.parse(c.publish_requested_at!) + 61_000));
    expect(await simulator.tick()).toContain(`${c.id} approved`);
    expect((await current(c.id)).status).toBe('active');
  });
});
