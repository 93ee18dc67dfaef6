import type { MetricsFunnel, MetricsGroup, MetricsHistoryDay } from '#contract/metrics';
import { engagementRate } from '#contract/metrics';
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
  /** Figures as they stood at the end of the day (today: now). */
  views: number;
  engagements: number;
  spentCents: number;
  /** What the day added (the first day: everything up to it). */
  newViews: number;
  newEngagements: number;
};

/**
 * The history's days (docs/api.md#metrics-history: running totals at each day's end, every day
 * from the first with figures to today) as the timeline draws them, with what each day added.
 */
export function timeline(days: readonly MetricsHistoryDay[]): TimelinePoint[] {
  let views = 0;
  let engagements = 0;
  return days.map((d) => {
    const dayEngagements = d.likes + d.comments + d.shares + d.saves;
    const point = {
      day: d.day,
      views: d.views,
      engagements: dayEngagements,
      spentCents: d.spent_cents,
      newViews: d.views - views,
      newEngagements: dayEngagements - engagements,
    };
    views = d.views;
    engagements = dayEngagements;
    return point;
  });
}
