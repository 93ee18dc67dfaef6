import { z } from 'zod';
import { campaignFilters } from './campaigns.ts';
import { DateTime, repeatable, Uuid } from './common.ts';
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
  .meta({
    id: 'MetricsFunnel',
    description:
      "The campaign's funnel: creators who applied and were approved, submissions in review and approved, and posts.",
  });
export type MetricsFunnel = z.infer<typeof MetricsFunnel>;

export const MetricsPerformance = EngagementMetrics.extend({
  engagement_rate: z.number().min(0).meta({
    description:
      '(likes + comments + shares + saves) / views, a fraction; 0 when there are no views',
  }),
}).meta({
  id: 'MetricsPerformance',
  description:
    "Engagement totals over the campaign's posts, with the engagement rate as a fraction.",
});
export type MetricsPerformance = z.infer<typeof MetricsPerformance>;

export const MetricsSpend = z
  .object({
    spent_cents: z.number().int(),
    effective_cpm_cents: z.number().int().min(0).meta({
      description: 'spent_cents per 1,000 views, rounded; 0 when there are no views',
    }),
  })
  .meta({
    id: 'MetricsSpend',
    description:
      'What the campaign has spent, in integer cents, and the effective cost per 1,000 views in cents.',
  });
export type MetricsSpend = z.infer<typeof MetricsSpend>;

/** One group of the report; spend is not broken down per group. */
export const MetricsGroup = z
  .object({
    group_key: z
      .string()
      .meta({ description: 'the task id, the platform, or the day posted (YYYY-MM-DD)' }),
    group_label: z
      .string()
      .meta({ description: 'the task title, the platform name, or the day posted (YYYY-MM-DD)' }),
    posts: Count,
    performance: EngagementMetrics,
  })
  .meta({
    id: 'MetricsGroup',
    description:
      'The posts and engagement of one task, platform or day posted of the metrics report (spend is not broken down).',
  });
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
  .meta({
    id: 'MetricsReport',
    description:
      "GET /campaigns/{campaign_id}/metrics: the campaign's funnel, performance and spend (money in integer cents), optionally grouped by task, platform or day posted, computed at as_of.",
  });
export type MetricsReport = z.infer<typeof MetricsReport>;

/** Whether this runtime knows `name` as an IANA time zone (`Europe/Paris`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, e.g. `Europe/Paris`. */
export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Paris or UTC' });

export const MetricsQuery = z.strictObject({
  group_by: GroupBy.optional(),
  time_zone: TimeZone.default('UTC').meta({
    description: 'with group_by=day: the IANA time zone whose calendar days group the posts',
  }),
});
export type MetricsQuery = z.infer<typeof MetricsQuery>;

/** At most this many campaigns in one GET /metrics (its campaign_id filter). */
export const METRICS_CAMPAIGNS_MAX = 100;

/** `GET /metrics`: the campaign list's filters, and campaigns by id. */
export const CampaignsMetricsQuery = z.strictObject({
  ...campaignFilters,
  campaign_id: repeatable(Uuid, METRICS_CAMPAIGNS_MAX)
    .optional()
    .meta({
      description: `repeat (up to ${METRICS_CAMPAIGNS_MAX}) to narrow to these campaigns and answer by_campaign`,
    }),
});
export type CampaignsMetricsQuery = z.infer<typeof CampaignsMetricsQuery>;

/** One campaign's figures in GET /metrics: the report without its groups. */
export const CampaignFigures = z
  .object({
    campaign_id: Uuid,
    funnel: MetricsFunnel,
    performance: MetricsPerformance,
    spend: MetricsSpend,
  })
  .meta({
    id: 'CampaignFigures',
    description:
      "One campaign's funnel, performance and spend, as its metrics report gives them (without groups).",
  });
export type CampaignFigures = z.infer<typeof CampaignFigures>;

/** `GET /metrics`: the figures summed over the campaigns the filters select. */
export const CampaignsMetrics = z
  .object({
    campaigns: Count.meta({ description: 'how many campaigns the filters select' }),
    funnel: MetricsFunnel,
    performance: MetricsPerformance,
    spend: MetricsSpend,
    by_campaign: z.array(CampaignFigures).optional().meta({
      description:
        'present only with campaign_id: each named campaign the filters select, in the order named',
    }),
    as_of: DateTime.meta({ description: 'when the figures were computed' }),
  })
  .meta({
    id: 'CampaignsMetrics',
    description:
      'GET /metrics: funnel, performance and spend summed over the campaigns the filters select (rates and CPM from the sums), their number, and with campaign_id each named campaign’s figures.',
  });
export type CampaignsMetrics = z.infer<typeof CampaignsMetrics>;

/** `engagement_rate` of the report, so the service and the dashboard compute it alike. */
export function engagementRate(m: EngagementMetrics): number {
  return m.views > 0 ? (m.likes + m.comments + m.shares + m.saves) / m.views : 0;
}

/** `effective_cpm_cents`: cents spent per 1,000 views, rounded to a whole cent. */
export function effectiveCpmCents(spentCents: number, views: number): number {
  return views > 0 ? Math.round((spentCents * 1000) / views) : 0;
}

/** At most this many days in one `GET /campaigns/{id}/metrics/history`. */
export const METRICS_HISTORY_DAYS_MAX = 366;

export const MetricsHistoryQuery = z.strictObject({
  days: z.coerce
    .number({ error: `must be an integer from 1 to ${METRICS_HISTORY_DAYS_MAX}` })
    .int({ error: `must be an integer from 1 to ${METRICS_HISTORY_DAYS_MAX}` })
    .min(1, { error: `must be an integer from 1 to ${METRICS_HISTORY_DAYS_MAX}` })
    .max(METRICS_HISTORY_DAYS_MAX, {
      error: `must be an integer from 1 to ${METRICS_HISTORY_DAYS_MAX}`,
    })
    .default(90)
    .meta({
      description: `how many calendar days back from today (1 to ${METRICS_HISTORY_DAYS_MAX})`,
    }),
  time_zone: TimeZone.default('UTC').meta({
    description: 'the IANA time zone whose calendar days the history counts in',
  }),
});
export type MetricsHistoryQuery = z.infer<typeof MetricsHistoryQuery>;

/** The campaign's figures as they stood at the end of one day (today: now). */
export const MetricsHistoryDay = EngagementMetrics.extend({
  day: z.iso.date().meta({ description: 'the calendar day (YYYY-MM-DD) in time_zone' }),
  spent_cents: z.number().int(),
}).meta({
  id: 'MetricsHistoryDay',
  description:
    "The campaign's live posts' metrics and its spend as they stood at the end of the day (today: now), running totals.",
});
export type MetricsHistoryDay = z.infer<typeof MetricsHistoryDay>;

/** `GET /campaigns/{id}/metrics/history`. */
export const MetricsHistory = z
  .object({
    campaign_id: Uuid,
    time_zone: z.string(),
    days: z.array(MetricsHistoryDay).meta({
      description:
        'every day from the first with figures (or the first of the window) to today, oldest first; empty before any',
    }),
    as_of: DateTime.meta({ description: 'when the history was read' }),
  })
  .meta({
    id: 'MetricsHistory',
    description:
      "GET /campaigns/{campaign_id}/metrics/history: the campaign's figures day by day, as running totals kept from every change.",
  });
export type MetricsHistory = z.infer<typeof MetricsHistory>;
