import { z } from 'zod';
import { DateTime, Uuid } from './common.ts';
import { GroupBy } from './enums.ts';
import { EngagementMetrics } from './posts.ts';

const Count = z.number().int().min(0);

export const MetricsFunnel = z
  .object({
    creators_applied: Count,
    creators_approved: Count,
    submissions_in_review: Count,
    submissions_approved: Count,
    posts: Count,
  })
  .meta({ id: 'MetricsFunnel' });
export type MetricsFunnel = z.infer<typeof MetricsFunnel>;

export const MetricsPerformance = EngagementMetrics.extend({
  engagement_rate: z.number().min(0).meta({
    description:
      '(likes + comments + shares + saves) / views, a fraction; 0 when there are no views',
  }),
}).meta({ id: 'MetricsPerformance' });
export type MetricsPerformance = z.infer<typeof MetricsPerformance>;

export const MetricsSpend = z
  .object({
    spent_cents: z.number().int(),
    effective_cpm_cents: z.number().int().min(0).meta({
      description: 'spent_cents per 1,000 views, rounded; 0 when there are no views',
    }),
  })
  .meta({ id: 'MetricsSpend' });
export type MetricsSpend = z.infer<typeof MetricsSpend>;

/** One group of the report; spend is not broken down per group. */
export const MetricsGroup = z
  .object({
    group_key: z.string().meta({ description: 'the task id or the platform' }),
    group_label: z.string().meta({ description: 'the task title or the platform name' }),
    posts: Count,
    performance: EngagementMetrics,
  })
  .meta({ id: 'MetricsGroup' });
export type MetricsGroup = z.infer<typeof MetricsGroup>;

/** `GET /campaigns/{id}/metrics`. */
export const MetricsReport = z
  .object({
    campaign_id: Uuid,
    funnel: MetricsFunnel,
    performance: MetricsPerformance,
    spend: MetricsSpend,
    groups: z
      .array(MetricsGroup)
      .optional()
      .meta({ description: 'present only when group_by is set' }),
    as_of: DateTime.meta({ description: 'when the report was computed' }),
  })
  .meta({ id: 'MetricsReport' });
export type MetricsReport = z.infer<typeof MetricsReport>;

export const MetricsQuery = z.strictObject({ group_by: GroupBy.optional() });
export type MetricsQuery = z.infer<typeof MetricsQuery>;

/** `engagement_rate` of the report, so the service and the dashboard compute it alike. */
export function engagementRate(m: EngagementMetrics): number {
  return m.views > 0 ? (m.likes + m.comments + m.shares + m.saves) / m.views : 0;
}

/** `effective_cpm_cents`: cents spent per 1,000 views, rounded to a whole cent. */
export function effectiveCpmCents(spentCents: number, views: number): number {
  return views > 0 ? Math.round((spentCents * 1000) / views) : 0;
}
