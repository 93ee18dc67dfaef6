import type { MetricsFunnel, MetricsGroup } from '#contract/metrics';
import { engagementRate } from '#contract/metrics';
import type { Post } from '#contract/posts';
import { formatNumber } from '#lib/format';

export type FunnelStep = {
  key: string;
  label: string;
  count: number;
  /** What the count is made of, when the label alone would not say. */
  detail?: string;
  /**
   * This step ÷ the step before. Only where the step is a part of the one before (so never over
   * 100%): null for the first step, after a zero, or if the counts ever disagree.
   */
  conversion: number | null;
};

export type FunnelSequences = { creators: FunnelStep[]; content: FunnelStep[] };

const share = (count: number, previous: number) =>
  previous > 0 && count <= previous ? count / previous : null;

/**
 * The funnel as two honest sequences, each step a part of the one before:
 * - creators: every creator who applied, then those approved;
 * - content: content submitted and not sent back (in review or approved), then approved, then
 *   posted (live posts; each is approved content, and a take-down leaves "approved").
 * Creators and content are never divided by each other: one creator sends several pieces.
 */
export function funnelSequences(funnel: MetricsFunnel): FunnelSequences {
  const submitted = funnel.submissions_in_review + funnel.submissions_approved;
  return {
    creators: [
      {
        key: 'creators_applied',
        label: 'Applied',
        count: funnel.creators_applied,
        conversion: null,
      },
      {
        key: 'creators_approved',
        label: 'Approved',
        count: funnel.creators_approved,
        conversion: share(funnel.creators_approved, funnel.creators_applied),
      },
    ],
    content: [
      {
        key: 'content_submitted',
        label: 'Submitted',
        count: submitted,
        detail: `${formatNumber(funnel.submissions_in_review)} in review`,
        conversion: null,
      },
      {
        key: 'submissions_approved',
        label: 'Approved',
        count: funnel.submissions_approved,
        conversion: share(funnel.submissions_approved, submitted),
      },
      {
        key: 'posts',
        label: 'Posted',
        count: funnel.posts,
        detail: 'live posts',
        conversion: share(funnel.posts, funnel.submissions_approved),
      },
    ],
  };
}

export type GroupRow = {
  key: string;
  label: string;
  posts: number;
  views: number;
  engagements: number;
  engagementRate: number;
};

/** The report's groups as the breakdown chart and table show them, in the service's order. */
export function groupRows(groups: readonly MetricsGroup[]): GroupRow[] {
  return groups.map((g) => ({
    key: g.group_key,
    label: g.group_label,
    posts: g.posts,
    views: g.performance.views,
    engagements:
      g.performance.likes + g.performance.comments + g.performance.shares + g.performance.saves,
    engagementRate: engagementRate(g.performance),
  }));
}

export type TimelinePoint = {
  /** The calendar day (`YYYY-MM-DD`) in the viewer's time zone. */
  day: string;
  posts: number;
  /** Views and engagements of the posts published that day (their current totals). */
  views: number;
  engagements: number;
  /** Running totals up to and including the day. */
  totalViews: number;
  totalEngagements: number;
};

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * Views and engagement over time: each post's current metrics counted on the day it was posted,
 * then running totals. Days without posts between the first and the last are kept (at zero), so
 * the time axis is even.
 */
export function timeline(posts: readonly Pick<Post, 'posted_at' | 'metrics'>[]): TimelinePoint[] {
  const byDay = new Map<string, { posts: number; views: number; engagements: number }>();
  for (const post of posts) {
    const day = localDay(post.posted_at);
    const entry = byDay.get(day) ?? { posts: 0, views: 0, engagements: 0 };
    entry.posts += 1;
    entry.views += post.metrics.views;
    entry.engagements +=
      post.metrics.likes + post.metrics.comments + post.metrics.shares + post.metrics.saves;
    byDay.set(day, entry);
  }
  const days = [...byDay.keys()].sort();
  if (days.length === 0) return [];
  const points: TimelinePoint[] = [];
  let totalViews = 0;
  let totalEngagements = 0;
  const [y, m, d] = days[0]!.split('-').map(Number) as [number, number, number];
  const last = days.at(-1)!;
  for (let i = 0; ; i++) {
    const date = new Date(y, m - 1, d + i);
    const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    const entry = byDay.get(day) ?? { posts: 0, views: 0, engagements: 0 };
    totalViews += entry.views;
    totalEngagements += entry.engagements;
    points.push({ day, ...entry, totalViews, totalEngagements });
    if (day >= last) break;
  }
  return points;
}
