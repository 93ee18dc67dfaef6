import { describe, expect, it } from 'vitest';
import type { MetricsFunnel } from '#contract/metrics';
import { ZERO_METRICS } from '#contract/posts';
import { funnelSequences, groupRows, timeline } from './report-data';

/** A funnel where nothing has happened yet. */
const NOTHING_YET: MetricsFunnel = {
  creators_applied: 0,
  creators_approved: 0,
  submissions_in_review: 0,
  submissions_approved: 0,
  posts: 0,
};

describe('metrics report data', () => {
  it('keeps creators and content apart, each step a share of the one before', () => {
    const { creators, content } = funnelSequences({
      creators_applied: 40,
      creators_approved: 10,
      submissions_in_review: 13,
      submissions_approved: 5,
      posts: 4,
    });
    expect(creators.map((s) => [s.label, s.count, s.conversion])).toEqual([
      ['Applied', 40, null],
      ['Approved', 10, 0.25],
    ]);
    // 13 in review beside 6 approved creators was "216.7%" when the two were one sequence.
    expect(content.map((s) => [s.label, s.count, s.detail, s.conversion])).toEqual([
      ['Submitted', 18, '13 in review', null],
      ['Approved', 5, undefined, 5 / 18],
      ['Posted', 4, 'live posts', 0.8],
    ]);
  });

  it('never gives a share over 100% or after a zero', () => {
    // Nobody applied or is in review, yet more posts than approved submissions.
    const { creators, content } = funnelSequences({
      ...NOTHING_YET,
      submissions_approved: 2,
      posts: 3,
    });
    expect(creators[1]!.conversion).toBeNull();
    expect(content[1]!.conversion).toBe(1);
    expect(content[2]!.conversion).toBeNull();
  });

  it('turns groups into rows with engagements and their rate, keeping the service’s labels', () => {
    expect(
      groupRows([
        {
          group_key: 'tiktok',
          group_label: 'TikTok',
          posts: 2,
          performance: { views: 1000, likes: 30, comments: 10, shares: 5, saves: 5 },
        },
        { group_key: 'youtube', group_label: 'YouTube', posts: 0, performance: ZERO_METRICS },
      ]),
    ).toEqual([
      {
        key: 'tiktok',
        label: 'TikTok',
        posts: 2,
        views: 1000,
        engagements: 50,
        engagementRate: 0.05,
      },
      { key: 'youtube', label: 'YouTube', posts: 0, views: 0, engagements: 0, engagementRate: 0 },
    ]);
  });

  it('keeps the history’s running totals and says what each day added', () => {
    const day = (d: string, views: number, likes: number, spent: number) => ({
      day: d,
      views,
      likes,
      comments: 1,
      shares: 0,
      saves: 0,
      spent_cents: spent,
    });
    expect(
      timeline([
        day('2026-06-30', 100, 9, 500),
        day('2026-07-01', 100, 9, 500),
        day('2026-07-02', 175, 15, 900),
      ]),
    ).toEqual([
      {
        day: '2026-06-30',
        views: 100,
        engagements: 10,
        spentCents: 500,
        newViews: 100,
        newEngagements: 10,
      },
      {
        day: '2026-07-01',
        views: 100,
        engagements: 10,
        spentCents: 500,
        newViews: 0,
        newEngagements: 0,
      },
      {
        day: '2026-07-02',
        views: 175,
        engagements: 16,
        spentCents: 900,
        newViews: 75,
        newEngagements: 6,
      },
    ]);
    // A post taken down lowers the totals: the day says so.
    expect(timeline([day('2026-07-01', 100, 9, 0), day('2026-07-02', 40, 3, 0)])[1]).toMatchObject({
      newViews: -60,
      newEngagements: -6,
    });
    expect(timeline([])).toEqual([]);
  });
});
