import { describe, expect, it } from 'vitest';
import { CampaignPage } from '#contract/campaigns';
import { CodeGroupPage, DiscountCodePage } from '#contract/codes';
import { MetricsReport } from '#contract/metrics';
import { CreatorPage } from '#contract/creators';
import { PostPage } from '#contract/posts';
import { SubmissionPage } from '#contract/submissions';
import { seededDemo } from '../test/demo.ts';

const { get } = await seededDemo();

/** A campaign's creators, submissions and posts (each fits in one page). */
const activityOf = async (campaignId: string) => ({
  creators: CreatorPage.parse(await get(`/campaigns/${campaignId}/creators?limit=100`)).data,
  subs: SubmissionPage.parse(await get(`/campaigns/${campaignId}/submissions?limit=100`)).data,
  posts: PostPage.parse(await get(`/campaigns/${campaignId}/posts?limit=100`)).data,
});

describe('the demo world of creator activity', () => {
  it('has creators, submissions in every status, posts and consistent totals on the active campaigns', async () => {
    const campaigns = CampaignPage.parse(await get('/campaigns?status=active&limit=100')).data;
    expect(campaigns.length).toBeGreaterThan(0);
    const statuses = new Set<string>();
    const creatorStatuses = new Set<string>();
    let waiting = 0;
    for (const campaign of campaigns) {
      const { creators, subs, posts } = await activityOf(campaign.id);
      subs.forEach((s) => statuses.add(s.status));
      creators.forEach((c) => creatorStatuses.add(c.status));
      waiting += subs.filter((s) => s.status === 'in_review').length;
      for (const c of creators) {
        const mine = subs.filter((s) => s.creator_id === c.creator_id);
        expect(c.content.submitted).toBe(mine.length);
        expect(c.content.in_review).toBe(mine.filter((s) => s.status === 'in_review').length);
        expect(c.posts).toBe(
          posts.filter((p) => p.creator_id === c.creator_id && p.status === 'live').length,
        );
        expect(c.metrics.views).toBe(
          posts
            .filter((p) => p.creator_id === c.creator_id)
            .reduce((n, p) => n + p.metrics.views, 0),
        );
      }
      if (creators.some((c) => c.spend_cents > 0)) {
        expect(creators.reduce((n, c) => n + c.spend_cents, 0)).toBe(campaign.spent_cents);
      }
      for (const s of subs) {
        if (s.reviewed_at && s.submitted_at) expect(s.reviewed_at >= s.submitted_at).toBe(true);
        expect(s.media_url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/samples\//);
      }
      for (const p of posts)
        expect(p.posted_at <= new Date().toISOString().replace(/\.\d+Z$/, '.999999Z')).toBe(true);
    }
    expect([...statuses].sort()).toEqual([
      'approved',
      'failed',
      'in_review',
      'post_deleted',
      'rejected',
    ]);
    expect([...creatorStatuses].sort()).toEqual(['applied', 'approved', 'rejected']);
    expect(waiting).toBeGreaterThanOrEqual(4);
  });

  it('has a code group per brand with assigned (some used, paid) and spare codes, and metrics that agree', async () => {
    const groups = CodeGroupPage.parse(await get('/code-groups')).data;
    expect(groups).toHaveLength(2); // the agency's two brands
    for (const group of groups) {
      const codes = DiscountCodePage.parse(await get(`/codes?group_id=${group.id}&limit=100`)).data;
      expect(codes).toHaveLength(group.codes_count);
      const assigned = codes.filter((c) => c.assigned_creator_id !== null);
      expect(assigned.length).toBeGreaterThan(0);
      expect(codes.length - assigned.length).toBe(5);
      expect(assigned.some((c) => c.total_uses > 0)).toBe(true);
      for (const c of codes)
        expect(c.earnings_cents).toBe(
          c.assigned_creator_id ? c.total_uses * group.commission_cents : 0,
        );
    }
    const campaigns = CampaignPage.parse(await get('/campaigns?status=active&limit=100')).data;
    for (const campaign of campaigns) {
      const report = MetricsReport.parse(await get(`/campaigns/${campaign.id}/metrics`));
      const creators = CreatorPage.parse(
        await get(`/campaigns/${campaign.id}/creators?limit=100`),
      ).data;
      const live = PostPage.parse(
        await get(`/campaigns/${campaign.id}/posts?status=live&limit=100`),
      ).data;
      expect(report.spend.spent_cents).toBe(campaign.spent_cents);
      expect(report.funnel.creators_applied).toBe(creators.length);
      expect(report.funnel.posts).toBe(live.length);
      expect(report.performance.views).toBe(live.reduce((n, p) => n + p.metrics.views, 0));
    }
  });

  it('keeps its own rules: every campaign with spend has creators and posts, a completed one has nothing waiting, none that never ran has activity, and every report is an honest funnel', async () => {
    const campaigns = CampaignPage.parse(await get('/campaigns?limit=100')).data;
    expect(campaigns.some((c) => c.status === 'completed')).toBe(true);
    for (const campaign of campaigns) {
      const what = `${campaign.name} (${campaign.status})`;
      const report = MetricsReport.parse(await get(`/campaigns/${campaign.id}/metrics`));
      const { creators, subs, posts } = await activityOf(campaign.id);
      const { funnel } = report;
      // Each step of a sequence is a part of the one before.
      expect(funnel.creators_approved, what).toBeLessThanOrEqual(funnel.creators_applied);
      expect(funnel.posts, what).toBeLessThanOrEqual(funnel.submissions_approved);
      expect(report.spend.spent_cents, what).toBe(campaign.spent_cents);
      if (campaign.status === 'draft' || campaign.status === 'pending_approval') {
        expect([creators.length, subs.length, posts.length, campaign.spent_cents], what).toEqual([
          0, 0, 0, 0,
        ]);
        continue;
      }
      if (campaign.spent_cents > 0) {
        // Spend is what creators were paid: there are creators, posts, and their pay adds up.
        expect(funnel.creators_approved, what).toBeGreaterThan(0);
        expect(posts.length, what).toBeGreaterThan(0);
        expect(
          creators.reduce((n, c) => n + c.spend_cents, 0),
          what,
        ).toBe(campaign.spent_cents);
      }
      if (campaign.status === 'completed') {
        expect(funnel.posts, what).toBeGreaterThan(0);
        expect(funnel.submissions_in_review, what).toBe(0);
        expect(
          creators.filter((c) => c.status === 'applied'),
          what,
        ).toEqual([]);
      }
    }
  }, 120_000); // every campaign of every demo brand, read through the API: slow on a busy PostgreSQL
});
