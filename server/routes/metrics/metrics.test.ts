import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Campaign } from '#contract/campaigns';
import { DiscountCode } from '#contract/codes';
import { CreatorPage } from '#contract/creators';
import { PLATFORM_LABELS, type Platform } from '#contract/enums';
import { emptyFunnel } from '#contract/fixtures';
import { CampaignsMetrics, MetricsHistory, MetricsReport } from '#contract/metrics';
import { PostPage, type Post } from '#contract/posts';
import { SubmissionPage } from '#contract/submissions';
import { activeWorld, post, review, submit } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops, task } from '../../test/campaigns.ts';
import { brandWorld, uniqueName } from '../../test/harness.ts';
import { allPages, METRICS, startWalk, sumMetrics } from '../../test/random-walk.ts';

// GET /campaigns/{id}/metrics reads running totals only; every figure must equal what the
// creators, submissions and posts lists say, after any sequence of changes.

const { ctx, brand } = await brandWorld();

const report = async (campaignId: string, query = '', key = brand.key.key) =>
  MetricsReport.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/metrics${query}`, { key }),
      200,
    ),
  );

/** Compares the report (plain and grouped both ways) with the lists it summarises. */
async function expectReportAgreesWithLists(campaignId: string) {
  const key = brand.key.key;
  const creators = await allPages(ctx, key, `/campaigns/${campaignId}/creators`, (x) =>
    CreatorPage.parse(x),
  );
  const subs = await allPages(ctx, key, `/campaigns/${campaignId}/submissions`, (x) =>
    SubmissionPage.parse(x),
  );
  const live = await allPages(ctx, key, `/campaigns/${campaignId}/posts?status=live`, (x) =>
    PostPage.parse(x),
  );
  const campaign = Campaign.parse(
    expectStatus(await ctx.request('GET', `/2026-07/campaigns/${campaignId}`, { key }), 200),
  );
  const r = await report(campaignId);
  expect(r.campaign_id).toBe(campaignId);
  expect(r.funnel).toEqual({
    creators_applied: creators.length,
    creators_approved: creators.filter((c) => c.status === 'approved').length,
    submissions_in_review: subs.filter((s) => s.status === 'in_review').length,
    submissions_approved: subs.filter((s) => s.status === 'approved').length,
    posts: live.length,
  });
  expect(creators.reduce((n, c) => n + c.posts, 0)).toBe(live.length);
  const totals = sumMetrics(live);
  const interactions = totals.likes + totals.comments + totals.shares + totals.saves;
  expect(r.performance).toEqual({
    ...totals,
    engagement_rate: totals.views > 0 ? interactions / totals.views : 0,
  });
  expect(r.spend.spent_cents).toBe(campaign.spent_cents);
  expect(r.spend.spent_cents).toBe(creators.reduce((n, c) => n + c.spend_cents, 0));
  expect(r.spend.effective_cpm_cents).toBe(
    totals.views > 0 ? Math.round((campaign.spent_cents * 1000) / totals.views) : 0,
  );
  expect(r.groups).toBeUndefined();
  // The history's last day is the report's figures (docs/api.md#metrics-history).
  const history = MetricsHistory.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/metrics/history`, { key }),
      200,
    ),
  );
  expect(
    history.days.at(-1) ?? { views: 0, likes: 0, comments: 0, shares: 0, saves: 0, spent_cents: 0 },
  ).toMatchObject({
    ...totals,
    spent_cents: campaign.spent_cents,
  });

  const byTask = await report(campaignId, '?group_by=task');
  expect(byTask.groups).toEqual(
    campaign.tasks!.map((t) => {
      const mine = live.filter((p) => p.task_id === t.id);
      return {
        group_key: t.id,
        group_label: t.title,
        posts: mine.length,
        performance: sumMetrics(mine),
      };
    }),
  );
  const byPlatform = await report(campaignId, '?group_by=platform');
  const platforms = new Set<string>([
    ...campaign.tasks!.flatMap((t) => t.platforms),
    ...live.map((p) => p.platform),
  ]);
  expect(byPlatform.groups).toEqual(
    (['tiktok', 'instagram', 'youtube', 'snapchat'] as Platform[])
      .filter((p) => platforms.has(p))
      .map((p) => {
        const mine = live.filter((x) => x.platform === p);
        return {
          group_key: p,
          group_label: PLATFORM_LABELS[p],
          posts: mine.length,
          performance: sumMetrics(mine),
        };
      }),
  );

  // By day posted, in UTC and in a zone far from it: each live post on its calendar day there.
  for (const zone of ['UTC', 'Pacific/Kiritimati']) {
    const byDay = await report(campaignId, `?group_by=day&time_zone=${zone}`);
    const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: zone });
    const days = [...new Set(live.map((p) => dayOf(p.posted_at)))].sort();
    expect(byDay.groups).toEqual(
      days.map((day) => {
        const mine = live.filter((p) => dayOf(p.posted_at) === day);
        return {
          group_key: day,
          group_label: day,
          posts: mine.length,
          performance: sumMetrics(mine),
        };
      }),
    );
  }

  // GET /metrics over this one campaign sums to the report, and names it in by_campaign.
  const across = CampaignsMetrics.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/metrics?campaign_id=${campaignId}`, { key }),
      200,
    ),
  );
  const { campaign_id: _id, groups: _groups, as_of: _asOf, ...figures } = r;
  expect(across).toMatchObject({ campaigns: 1, ...figures });
  expect(across.by_campaign).toEqual([{ campaign_id: campaignId, ...figures }]);
  return r;
}

describe('GET /campaigns/{campaign_id}/metrics', () => {
  it('answers zeros for a campaign without activity, and groups only when group_by is set', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'draft', {
      tasks: [task({ title: 'Unboxing', platforms: ['instagram', 'tiktok'] })],
    });
    const r = await report(campaign.id);
    expect(r).toMatchObject({
      campaign_id: campaign.id,
      funnel: emptyFunnel(),
      performance: { views: 0, likes: 0, comments: 0, shares: 0, saves: 0, engagement_rate: 0 },
      spend: { spent_cents: 0, effective_cpm_cents: 0 },
    });
    expect('groups' in r).toBe(false);
    expect(Math.abs(Date.parse(r.as_of) - Date.now())).toBeLessThan(60_000);
    const byPlatform = await report(campaign.id, '?group_by=platform');
    expect(byPlatform.groups).toEqual([
      {
        group_key: 'tiktok',
        group_label: 'TikTok',
        posts: 0,
        performance: { views: 0, likes: 0, comments: 0, shares: 0, saves: 0 },
      },
      {
        group_key: 'instagram',
        group_label: 'Instagram',
        posts: 0,
        performance: { views: 0, likes: 0, comments: 0, shares: 0, saves: 0 },
      },
    ]);
    const byTask = await report(campaign.id, '?group_by=task');
    expect(byTask.groups).toEqual([
      {
        group_key: campaign.tasks![0]!.id,
        group_label: 'Unboxing',
        posts: 0,
        performance: { views: 0, likes: 0, comments: 0, shares: 0, saves: 0 },
      },
    ]);
  });

  it('computes engagement_rate and effective_cpm_cents over live posts only', async () => {
    const world = await activeWorld(ctx, brand.key.key, 2);
    const live: Post[] = [];
    for (const creator of world.creators) {
      const s = await submit(ctx, world.campaign.id, creator.id, world.taskId);
      await review(ctx, brand.key.key, world.campaign.id, s.id, 'approve');
      live.push(await post(ctx, s.id));
    }
    expectStatus(
      await ops(ctx, 'PATCH', `/ops/posts/${live[0]!.id}/metrics`, {
        views: 3000,
        likes: 100,
        comments: 20,
        shares: 5,
        saves: 5,
      }),
      200,
    );
    expectStatus(
      await ops(ctx, 'PATCH', `/ops/posts/${live[1]!.id}/metrics`, {
        views: 1000,
        likes: 1000,
        comments: 0,
        shares: 0,
        saves: 0,
      }),
      200,
    );
    expectStatus(
      await ops(ctx, 'POST', '/ops/payouts', {
        campaign_id: world.campaign.id,
        creator_id: world.creators[0]!.id,
        amount_cents: 12_345,
      }),
      201,
    );
    let r = await report(world.campaign.id);
    expect(r.performance).toEqual({
      views: 4000,
      likes: 1100,
      comments: 20,
      shares: 5,
      saves: 5,
      engagement_rate: 1130 / 4000,
    });
    expect(r.spend).toEqual({
      spent_cents: 12_345,
      effective_cpm_cents: Math.round((12_345 * 1000) / 4000),
    });
    expect(r.funnel.posts).toBe(2);
    // A taken-down post leaves the performance figures (its creator's totals keep its metrics).
    expectStatus(await ops(ctx, 'POST', `/ops/posts/${live[1]!.id}/take-down`), 200);
    r = await report(world.campaign.id);
    expect(r.performance).toEqual({
      views: 3000,
      likes: 100,
      comments: 20,
      shares: 5,
      saves: 5,
      engagement_rate: 130 / 3000,
    });
    expect(r.spend.effective_cpm_cents).toBe(4115);
    expect(r.funnel).toMatchObject({ posts: 1, submissions_approved: 1 });
    await expectReportAgreesWithLists(world.campaign.id);
  });

  it('keeps its totals right when one SQL statement changes many posts at once', async () => {
    const world = await activeWorld(ctx, brand.key.key, 3, {
      tasks: [task({ title: 'Both', platforms: ['tiktok', 'instagram'] })],
    });
    for (const [i, creator] of world.creators.entries()) {
      const s = await submit(ctx, world.campaign.id, creator.id, world.taskId);
      await review(ctx, brand.key.key, world.campaign.id, s.id, 'approve');
      await post(ctx, s.id, { platform: i === 0 ? 'instagram' : 'tiktok' });
    }
    // Statement-level triggers see every changed row of a statement: raise all, then take two down.
    await ctx.db.execute(
      sql`update posts set views = views + 100 * (1 + length(url) % 3), likes = likes + 7 where campaign_id = ${world.campaign.id}`,
    );
    await ctx.db.execute(
      sql`update posts set status = 'deleted' where id in (select id from posts where campaign_id = ${world.campaign.id} order by id limit 2)`,
    );
    const live = await allPages(
      ctx,
      brand.key.key,
      `/campaigns/${world.campaign.id}/posts?status=live`,
      (x) => PostPage.parse(x),
    );
    expect(live).toHaveLength(1);
    const r = await report(world.campaign.id, '?group_by=platform');
    expect(r.funnel.posts).toBe(1);
    expect(r.performance).toMatchObject(sumMetrics(live));
    expect(r.groups!.map((g) => [g.group_key, g.posts, g.performance.views])).toEqual(
      (['tiktok', 'instagram'] as const).map((p) => {
        const mine = live.filter((x) => x.platform === p);
        return [p, mine.length, sumMetrics(mine).views];
      }),
    );
  });

  it('answers 404 for a campaign of another brand or none, 400 for an unknown group_by, 403 without campaigns:read', async () => {
    const other = await ctx.ops.brandWithKey();
    const campaign = await campaignIn(ctx, other.key.key, 'draft');
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaign.id}/metrics`, { key: brand.key.key }),
      404,
      'not_found',
    );
    // An agency that manages no brand yet sees no campaign at all.
    const emptyAgency = await ctx.ops.agencyWithKey(0);
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaign.id}/metrics`, {
        key: emptyAgency.key.key,
      }),
      404,
      'not_found',
    );
    expectError(
      await ctx.request('GET', '/2026-07/campaigns/00000000-0000-4000-8000-000000000000/metrics', {
        key: brand.key.key,
      }),
      404,
      'not_found',
    );
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaign.id}/metrics?group_by=creator`, {
        key: other.key.key,
      }),
      400,
      'invalid_request',
      'group_by',
    );
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaign.id}/metrics?foo=1`, {
        key: other.key.key,
      }),
      400,
      'invalid_request',
    );
    expectError(
      await ctx.request('GET', '/2026-07/campaigns/not-a-uuid/metrics', { key: other.key.key }),
      400,
      'invalid_request',
    );
    const codesOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: other.brand.id,
      scopes: ['codes:read'],
    });
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaign.id}/metrics`, { key: codesOnly.key }),
      403,
      'missing_scope',
    );
    const agency = await ctx.ops.createAgency([other.brand.id]);
    const agencyKey = await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id });
    expect((await report(campaign.id, '', agencyKey.key)).campaign_id).toBe(campaign.id);
  });

  for (const seed of [3, 5, 2026]) {
    it(`agrees with the creators, submissions and posts lists over a random world (seed ${seed})`, async () => {
      const key = brand.key.key;
      const { random, pick, campaign, creators, buyer, state } = await startWalk(ctx, key, seed, {
        tasks: [
          task({ title: 'Unboxing', platforms: ['tiktok', 'instagram'] }),
          task({ title: 'Review', platforms: ['youtube', 'tiktok'] }),
          task({ title: 'Story', platforms: ['instagram', 'snapchat'] }),
        ],
        applicants: 6,
        approved: 4,
      });
      const tasks = campaign.tasks!;
      expectStatus(await buyer('POST', `/creators/${creators[4]}/reject`), 200);

      // Codes pay commissions into spend too.
      const group = expectStatus(
        await ops(ctx, 'POST', '/ops/code-groups', {
          brand_id: brand.brand.id,
          name: uniqueName('Group'),
          user_description: '10% off',
          commission_cents: 75,
        }),
        201,
      );
      const codes = creators
        .slice(0, 4)
        .map((_, i) => `M${seed}-${i}-${Math.floor(random() * 1e9)}`);
      expectStatus(
        await ctx.request('POST', '/2026-07/codes', { key, body: { group_id: group.id, codes } }),
        201,
      );
      for (const [i, code] of codes.entries()) {
        expectStatus(
          await ops(ctx, 'POST', `/ops/codes/${code}/assign`, {
            creator_id: creators[i],
            campaign_id: campaign.id,
          }),
          200,
        );
      }

      for (let step = 0; step < 80; step++) {
        const { subs, livePosts, of } = await state();
        const r = random();
        let res;
        if (r < 0.3) {
          res = await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/submissions`, {
            creator_id: pick(creators),
            task_id: pick(tasks)!.id,
            media_type: 'video',
            media_url: 'https://cdn.example.com/m.mp4',
          });
        } else if (r < 0.45 && of('in_review').length)
          res = await buyer('POST', `/submissions/${pick(of('in_review'))!.id}/approve`);
        else if (r < 0.52 && of('in_review').length)
          res = await buyer('POST', `/submissions/${pick(of('in_review'))!.id}/reject`);
        else if (r < 0.55 && subs.length)
          res = await ops(ctx, 'POST', `/ops/submissions/${pick(subs)!.id}/fail`, {
            reason: 'broken',
          });
        else if (r < 0.68 && of('approved').length) {
          const s = pick(of('approved'))!;
          const platform = pick(tasks.find((t) => t.id === s.task_id)!.platforms)!;
          res = await ops(ctx, 'POST', `/ops/submissions/${s.id}/post`, {
            platform,
            url: `https://example.com/p/${step}`,
          });
        } else if (r < 0.85 && livePosts.length) {
          const p = pick(livePosts)!;
          const next = Object.fromEntries(
            METRICS.map((m) => [
              m,
              p.metrics[m] + Math.floor(random() * (m === 'views' ? 5000 : 300)),
            ]),
          );
          res = await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, next);
        } else if (r < 0.9 && livePosts.length)
          res = await ops(ctx, 'POST', `/ops/posts/${pick(livePosts)!.id}/take-down`);
        else if (r < 0.95) {
          const code = pick(codes)!;
          const current = DiscountCode.parse(
            expectStatus(await ctx.request('GET', `/2026-07/codes?code=${code}`, { key }), 200)
              .data[0],
          );
          res = await ctx.request('PUT', `/2026-07/codes/${code}`, {
            key,
            body: { total_uses: current.total_uses + Math.floor(random() * 20) },
          });
        } else {
          res = await ops(ctx, 'POST', '/ops/payouts', {
            campaign_id: campaign.id,
            creator_id: pick(creators.slice(0, 4)),
            amount_cents: 1 + Math.floor(random() * 10_000),
          });
        }
        if (res) expect(res.status, res.text).toBeLessThan(500);
        if (step % 40 === 39) await expectReportAgreesWithLists(campaign.id);
      }
      const final = await expectReportAgreesWithLists(campaign.id);
      // The walk reached every kind of figure it checks.
      expect(final.funnel.creators_applied).toBe(6);
      expect(final.funnel.creators_approved).toBe(4);
      expect(final.funnel.posts).toBeGreaterThan(0);
      expect(final.performance.views).toBeGreaterThan(0);
      expect(final.spend.spent_cents).toBeGreaterThan(0);
    });
  }
});

describe('GET /campaigns/{campaign_id}/metrics?group_by=day', () => {
  it('sums live posts per calendar day of time_zone, oldest first, and refuses an unknown zone', async () => {
    const world = await activeWorld(ctx, brand.key.key, 3);
    // 23:30 UTC on July 1 is July 2 in Paris; a taken-down post counts nowhere.
    const times = ['2026-07-01T23:30:00Z', '2026-07-01T08:00:00Z', '2026-06-28T12:00:00Z'];
    const made: Post[] = [];
    for (const [i, creator] of world.creators.entries()) {
      const s = await submit(ctx, world.campaign.id, creator.id, world.taskId);
      await review(ctx, brand.key.key, world.campaign.id, s.id, 'approve');
      const p = await post(ctx, s.id, { posted_at: times[i] });
      expectStatus(
        await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, {
          views: 100 * (i + 1),
          likes: i + 1,
          comments: 0,
          shares: 0,
          saves: 0,
        }),
        200,
      );
      made.push(p);
    }
    expectStatus(await ops(ctx, 'POST', `/ops/posts/${made[2]!.id}/take-down`), 200);
    const day = (key: string, posts: number, views: number, likes: number) => ({
      group_key: key,
      group_label: key,
      posts,
      performance: { views, likes, comments: 0, shares: 0, saves: 0 },
    });
    expect((await report(world.campaign.id, '?group_by=day')).groups).toEqual([
      day('2026-07-01', 2, 300, 3),
    ]);
    expect(
      (await report(world.campaign.id, '?group_by=day&time_zone=Europe/Paris')).groups,
    ).toEqual([day('2026-07-01', 1, 200, 2), day('2026-07-02', 1, 100, 1)]);
    expectError(
      await ctx.request(
        'GET',
        `/2026-07/campaigns/${world.campaign.id}/metrics?group_by=day&time_zone=Mars/Olympus`,
        { key: brand.key.key },
      ),
      400,
      'invalid_request',
      'time_zone',
    );
  });
});

describe('GET /metrics', () => {
  const across = async (key: string, query = '') =>
    CampaignsMetrics.parse(
      expectStatus(await ctx.request('GET', `/2026-07/metrics${query}`, { key }), 200),
    );

  it('sums the figures of the campaigns the list filters select, and answers each named one', async () => {
    const own = await ctx.ops.brandWithKey();
    const key = own.key.key;
    const a = await activeWorld(ctx, key, 1, { name: 'Spring launch' });
    const b = await activeWorld(ctx, key, 1, { name: 'Summer glow' });
    const draft = await campaignIn(ctx, key, 'draft', { name: 'Spring draft' });
    for (const [world, views, likes, cents] of [
      [a, 1000, 100, 5000],
      [b, 3000, 60, 10_000],
    ] as const) {
      const s = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
      await review(ctx, key, world.campaign.id, s.id, 'approve');
      const p = await post(ctx, s.id);
      expectStatus(
        await ops(ctx, 'PATCH', `/ops/posts/${p.id}/metrics`, {
          views,
          likes,
          comments: 0,
          shares: 0,
          saves: 0,
        }),
        200,
      );
      expectStatus(
        await ops(ctx, 'POST', '/ops/payouts', {
          campaign_id: world.campaign.id,
          creator_id: world.creators[0]!.id,
          amount_cents: cents,
        }),
        201,
      );
    }
    const all = await across(key);
    expect(all).toMatchObject({
      campaigns: 3,
      funnel: { creators_applied: 2, creators_approved: 2, submissions_approved: 2, posts: 2 },
      // 160 engagements over 4,000 views: 4%, not the average of 10% and 2%.
      performance: { views: 4000, likes: 160, engagement_rate: 0.04 },
      spend: { spent_cents: 15_000, effective_cpm_cents: 3750 },
    });
    expect('by_campaign' in all).toBe(false);
    expect(await across(key, `?status=active&q=${encodeURIComponent('SPRÏNG')}`)).toMatchObject({
      campaigns: 1,
      performance: { views: 1000 },
    });
    expect((await across(key, '?status=draft')).campaigns).toBe(1);
    const named = await across(
      key,
      `?campaign_id=${draft.id}&campaign_id=${b.campaign.id}&campaign_id=${a.campaign.id}`,
    );
    expect(named.campaigns).toBe(3);
    expect(named.by_campaign!.map((c) => [c.campaign_id, c.performance.views])).toEqual([
      [draft.id, 0],
      [b.campaign.id, 3000],
      [a.campaign.id, 1000],
    ]);
    expect(named.by_campaign![1]).toMatchObject({
      spend: { spent_cents: 10_000, effective_cpm_cents: 3333 },
      performance: { engagement_rate: 0.02 },
    });
    expect(
      (
        await across(key, `?status=active&campaign_id=${draft.id}&campaign_id=${a.campaign.id}`)
      ).by_campaign!.map((c) => c.campaign_id),
    ).toEqual([a.campaign.id]);
  });

  it('counts nothing of brands the key does not act for, and refuses bad filters naming them', async () => {
    const own = await ctx.ops.brandWithKey();
    const other = await ctx.ops.brandWithKey();
    const theirs = await campaignIn(ctx, other.key.key, 'active');
    const mine = await across(own.key.key, `?campaign_id=${theirs.id}`);
    expect(mine).toMatchObject({ campaigns: 0, by_campaign: [] });
    expectError(
      await ctx.request('GET', `/2026-07/metrics?brand_id=${other.brand.id}`, {
        key: own.key.key,
      }),
      403,
      'brand_not_managed',
    );
    const agency = await ctx.ops.createAgency([own.brand.id, other.brand.id]);
    const agencyKey = await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id });
    expect((await across(agencyKey.key, `?brand_id=${other.brand.id}`)).campaigns).toBe(1);
    const tooMany = Array.from({ length: 101 }, () => `campaign_id=${theirs.id}`).join('&');
    for (const [query, field] of [
      ['status=archived', 'status[0]'],
      ['campaign_id=nope', 'campaign_id[0]'],
      [tooMany, 'campaign_id'],
      ['q=', 'q'],
      ['limit=5', 'limit'],
    ] as const) {
      expectError(
        await ctx.request('GET', `/2026-07/metrics?${query}`, { key: own.key.key }),
        400,
        'invalid_request',
        field,
      );
    }
    const codesOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: own.brand.id,
      scopes: ['codes:read'],
    });
    expectError(
      await ctx.request('GET', '/2026-07/metrics', { key: codesOnly.key }),
      403,
      'missing_scope',
    );
  });
});
