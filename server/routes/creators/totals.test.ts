import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { CreatorPage } from '#contract/creators';
import { PostPage } from '#contract/posts';
import { SubmissionPage } from '#contract/submissions';
import { expectStatus, ops, task } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';
import { allPages, METRICS, startWalk, sumMetrics } from '../../test/random-walk.ts';

// The running totals of GET /creators (content counts, live posts, metrics, spend) must always
// equal what the submissions and posts lists and the payouts say, whatever happened in between:
// a seeded random walk over every platform-side and buyer-side operation, then a full comparison.

const { ctx, brand } = await brandWorld();

describe('creator totals', () => {
  for (const seed of [1, 7, 42]) {
    it(`agree with the submissions, posts and payouts after a random walk (seed ${seed})`, async () => {
      const { random, pick, campaign, creators, buyer, state } = await startWalk(
        ctx,
        brand.key.key,
        seed,
        {
          tasks: [
            task({ title: 'A', max_posts_per_creator: 3 }),
            task({ title: 'B', platforms: ['tiktok', 'instagram'] }),
          ],
          applicants: 4,
          approved: 3,
        },
      );
      const taskIds = campaign.tasks!.map((t) => t.id);
      const paid = new Map<string, number>();
      for (let step = 0; step < 60; step++) {
        const { subs, livePosts, of } = await state();
        const r = random();
        // Any answer but a 500 is fine here: refusals are part of the walk.
        let res;
        if (r < 0.1)
          res = await buyer(
            'POST',
            `/creators/${pick(creators)}/${random() < 0.8 ? 'approve' : 'reject'}`,
          );
        else if (r < 0.35)
          res = await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/submissions`, {
            creator_id: pick(creators),
            task_id: pick(taskIds),
            media_type: random() < 0.5 ? 'video' : 'carousel',
            media_url: 'https://cdn.example.com/m.mp4',
          });
        else if (r < 0.5 && of('in_review').length)
          res = await buyer('POST', `/submissions/${pick(of('in_review'))!.id}/approve`);
        else if (r < 0.6 && of('in_review').length)
          res = await buyer('POST', `/submissions/${pick(of('in_review'))!.id}/reject`);
        else if (r < 0.67 && of('rejected').length)
          res = await ops(ctx, 'POST', `/ops/submissions/${pick(of('rejected'))!.id}/revise`, {
            media_url: 'https://cdn.example.com/v2.mp4',
          });
        else if (r < 0.7 && subs.length)
          res = await ops(ctx, 'POST', `/ops/submissions/${pick(subs)!.id}/fail`, {
            reason: 'broken',
          });
        else if (r < 0.8 && of('approved').length)
          res = await ops(ctx, 'POST', `/ops/submissions/${pick(of('approved'))!.id}/post`, {
            platform: 'tiktok',
            url: 'https://tiktok.com/@a/1',
          });
        else if (r < 0.9 && livePosts.length) {
          const p = pick(livePosts)!;
          const next = Object.fromEntries(
            METRICS.map((m) => [m, p.metrics[m] + Math.floor(random() * 500)]),
          );
          res = await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, next);
        } else if (r < 0.94 && livePosts.length)
          res = await ops(ctx, 'POST', `/ops/posts/${pick(livePosts)!.id}/take-down`);
        else {
          const creatorId = pick(creators)!;
          const amount = 1 + Math.floor(random() * 10_000);
          res = await ops(ctx, 'POST', '/ops/payouts', {
            campaign_id: campaign.id,
            creator_id: creatorId,
            amount_cents: amount,
          });
          if (res.status === 201) paid.set(creatorId, (paid.get(creatorId) ?? 0) + amount);
        }
        if (res) expect(res.status, res.text).toBeLessThan(500);
      }

      const key = brand.key.key;
      const list = await allPages(ctx, key, `/campaigns/${campaign.id}/creators`, (x) =>
        CreatorPage.parse(x),
      );
      const subs = await allPages(ctx, key, `/campaigns/${campaign.id}/submissions`, (x) =>
        SubmissionPage.parse(x),
      );
      const allPosts = await allPages(ctx, key, `/campaigns/${campaign.id}/posts`, (x) =>
        PostPage.parse(x),
      );
      // The walk reached every kind of row it checks.
      expect(subs.length).toBeGreaterThan(3);
      expect(allPosts.length).toBeGreaterThan(0);
      expect(list).toHaveLength(creators.length);
      for (const c of list) {
        const mine = subs.filter((s) => s.creator_id === c.creator_id);
        const count = (status: string) => mine.filter((s) => s.status === status).length;
        expect(c.content).toEqual({
          submitted: mine.length,
          in_review: count('in_review'),
          approved: count('approved'),
          rejected: count('rejected'),
        });
        const posts = allPosts.filter((p) => p.creator_id === c.creator_id);
        expect(c.posts).toBe(posts.filter((p) => p.status === 'live').length);
        expect(c.metrics).toEqual(sumMetrics(posts));
        expect(c.spend_cents).toBe(paid.get(c.creator_id) ?? 0);
      }
      const after = Campaign.parse(
        expectStatus(
          await ctx.request('GET', `/2026-07/campaigns/${campaign.id}`, { key: brand.key.key }),
          200,
        ),
      );
      // The applicants waiting, a running total too (migration 0019), agree with the list.
      expect(after.creators_waiting).toBe(list.filter((c) => c.status === 'applied').length);
      expect(after.spent_cents).toBe(
        campaign.spent_cents + [...paid.values()].reduce((a, b) => a + b, 0),
      );
    });
  }
});
