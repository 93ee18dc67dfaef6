import type { MetricsFunnel, MetricsGroup } from '#contract/metrics';
import { engagementRate } from '#contract/metrics';
import type { Post } from '#contract/posts';

export type FunnelStep = {
  key: keyof MetricsFunnel;
  label: string;
  count: number;
  /** This step ÷ the previous one; null for the first step or when the previous is 0. */
  conversion: number | null;
};

const FUNNEL_STEPS: readonly { key: keyof MetricsFunnel; label: string }[] = [
  { key: 'creators_applied', label: 'Applied' },
  { key: 'creators_approved', label: 'Approved' },
  { key: 'submissions_in_review', label: 'In review' },
  { key: 'submissions_approved', label: 'Approved content' },
  { key: 'posts', label: 'Posts' },
];

/** The funnel in order, each step with its conversion from the step before. */
export function funnelSteps(funnel: MetricsFunnel): FunnelStep[] {
  return FUNNEL_STEPS.map(({ key, label }, i) => {
    const previous = i > 0 ? funnel[FUNNEL_STEPS[i - 1]!.key] : null;
    return {
      key,
      label,
      count: funnel[key],
      conversion: previous === null || previous === 0 ? null : funnel[key] / previous,
    };
  });
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
