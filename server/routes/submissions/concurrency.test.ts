import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CampaignCreator } from '#contract/creators';
import { Submission } from '#contract/submissions';
import { activeWorld, apply, newCreator, submit } from '../../test/activity.ts';
import { campaignIn, expectStatus } from '../../test/campaigns.ts';
import { queryRows } from '../../db/client.ts';
import { brandWorld } from '../../test/harness.ts';

// Two reviewers deciding the same thing at the same moment: exactly one wins, the other gets 409
// with the current state. Meaningful on real PostgreSQL (TEST_DATABASE_URL), where the requests
// truly overlap; PGlite runs them one after the other and must agree.

const { ctx, brand } = await brandWorld();
const agency = await ctx.ops.createAgency([brand.brand.id]);
const agencyKey = (await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id })).key;

const ROUNDS = 8;

describe('concurrent decisions', () => {
  it('two reviewers approving (or approving and rejecting) one submission: one 200, one 409 already_reviewed', async () => {
    const world = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [{ title: 'T', instructions: 'I', platforms: ['tiktok'] }],
    });
    for (let round = 0; round < ROUNDS; round++) {
      const s = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
      const path = `/2026-07/campaigns/${world.campaign.id}/submissions/${s.id}`;
      const second = round % 2 === 0 ? 'approve' : 'reject';
      const answers = await Promise.all([
        ctx.request('POST', `${path}/approve`, { key: brand.key.key }),
        ctx.request('POST', `${path}/${second}`, { key: agencyKey }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
      const winner = Submission.parse(answers.find((a) => a.status === 200)!.json);
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.json.code).toBe('already_reviewed');
      expect(loser.json.message).toContain(`already ${winner.status} at ${winner.reviewed_at}`);
      const now = Submission.parse(
        expectStatus(await ctx.request('GET', path, { key: brand.key.key }), 200),
      );
      expect(now.status).toBe(winner.status);
    }
    const creator = CampaignCreator.parse(
      expectStatus(
        await ctx.request(
          'GET',
          `/2026-07/campaigns/${world.campaign.id}/creators/${world.creators[0]!.id}`,
          { key: brand.key.key },
        ),
        200,
      ),
    );
    expect(creator.content.in_review).toBe(0);
    expect(creator.content.approved + creator.content.rejected).toBe(ROUNDS);
  });

  it('two reviewers waiting on the same locked submission: when the lock goes, one wins and one gets 409', async () => {
    const world = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    const path = `/2026-07/campaigns/${world.campaign.id}/submissions/${s.id}`;
    let answers: Promise<Awaited<ReturnType<typeof ctx.request>>[]> | undefined;
    let answered = 0;
    let answeredWhileHeld = -1;
    // Hold the row: both decisions start and queue behind the lock (on PostgreSQL, truly at once).
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from submissions where id = ${s.id} for update`);
      const counted = <T>(p: Promise<T>) => p.finally(() => answered++);
      answers = Promise.all([
        counted(ctx.request('POST', `${path}/approve`, { key: brand.key.key })),
        counted(
          ctx.request('POST', `${path}/reject`, { key: agencyKey, body: { feedback: 'Too dark' } }),
        ),
      ]);
      if (ctx.databaseUrl) {
        // PostgreSQL: until both wait for this row's lock (a condition, not a guess).
        await expect
          .poll(async () => {
            const [row] = await queryRows<{ n: number }>(
              ctx.db,
              sql`select count(*)::int as n from pg_locks where not granted`,
            );
            return row!.n;
          })
          .toBeGreaterThanOrEqual(2);
      } else {
        // PGlite runs one statement at a time: whatever reaches the database waits for this
        // transaction, and there is no lock to watch. A short pause lets both requests get there;
        // the control below (neither answered while the row was held) shows they were held.
        await new Promise((r) => setTimeout(r, 150));
      }
      answeredWhileHeld = answered;
    });
    expect(answeredWhileHeld).toBe(0);
    const done = await answers!;
    expect(done.map((a) => a.status).sort(), done.map((a) => a.text).join('\n')).toEqual([
      200, 409,
    ]);
    expect(done.find((a) => a.status === 409)!.json.code).toBe('already_reviewed');
  });

  it('two reviewers approving one creator: one 200, one 409 already_decided', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active', {
      settings: { creator_approval_required: true },
    });
    for (let round = 0; round < ROUNDS; round++) {
      const creator = await newCreator(ctx);
      await apply(ctx, campaign.id, creator.id);
      const path = `/2026-07/campaigns/${campaign.id}/creators/${creator.id}`;
      const answers = await Promise.all([
        ctx.request('POST', `${path}/approve`, { key: brand.key.key }),
        ctx.request('POST', `${path}/${round % 2 === 0 ? 'approve' : 'reject'}`, {
          key: agencyKey,
        }),
      ]);
      expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([
        200, 409,
      ]);
      expect(answers.find((a) => a.status === 409)!.json.code).toBe('already_decided');
    }
  });

  it('a creator submitting twice at once cannot pass max_posts_per_creator', async () => {
    const world = await activeWorld(ctx, brand.key.key, 1, {
      tasks: [{ title: 'T', instructions: 'I', platforms: ['tiktok'], max_posts_per_creator: 1 }],
    });
    const body = {
      creator_id: world.creators[0]!.id,
      task_id: world.taskId,
      media_type: 'video',
      media_url: 'https://cdn.example.com/a.mp4',
    };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        ctx.request('POST', `/ops/campaigns/${world.campaign.id}/submissions`, {
          key: 'test-ops-token-0123456789',
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });
});
