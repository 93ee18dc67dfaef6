import { createRoute } from '@hono/zod-openapi';
import {
  CampaignsMetrics,
  CampaignsMetricsQuery,
  METRICS_CAMPAIGNS_MAX,
  MetricsHistory,
  MetricsHistoryQuery,
  MetricsQuery,
  MetricsReport,
} from '#contract/metrics';
import { CampaignParams } from '#contract/params';
import { requireScope } from '../../http/auth.ts';
import { apiRoutes, bearerWithScope, errorResponses, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

export const metricsRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/metrics',
  operationId: 'getCampaignMetrics',
  tags: ['Metrics'],
  summary: "A campaign's metrics report",
  description:
    'funnel: creators who applied (every status) and approved, submissions in review and approved now, live posts. ' +
    'performance: metrics summed over live posts; engagement_rate = (likes + comments + shares + saves) / views (0 without views). ' +
    'spend: spent_cents and effective_cpm_cents = spent_cents × 1000 / views, rounded (0 without views). ' +
    'groups only with group_by (task: every task in display order; platform: every platform of a task or a post; ' +
    'day: every calendar day of time_zone on which a live post was posted, oldest first, each post counted with its current metrics). ' +
    'Read from running totals kept with every change, so the figures agree with the creators, submissions and posts lists ' +
    '(group_by=day sums the live posts themselves).',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
  request: { params: CampaignParams, query: MetricsQuery },
  responses: {
    200: jsonContent(MetricsReport, 'The report', examples.metricsReport),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const metricsHistoryRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/metrics/history',
  operationId: 'getCampaignMetricsHistory',
  tags: ['Metrics'],
  summary: "A campaign's figures day by day",
  description:
    "The campaign's live posts' metrics (views, likes, comments, shares, saves) and its spend as they stood at the end of " +
    'each calendar day of time_zone (today: now), oldest first, from the first day with figures or `days` days ago, ' +
    'whichever is later, to today; days without change repeat the day before. Kept from every change as it happens ' +
    '(a post taken down leaves the totals on the day it went down), so the last day agrees with the metrics report. ' +
    'Hours are the unit kept: in a time zone whose offset is not whole hours a change is counted on the day its hour began. ' +
    'This service’s addition to the interface: a real time series for the report’s charts.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
  request: { params: CampaignParams, query: MetricsHistoryQuery },
  responses: {
    200: jsonContent(MetricsHistory, 'The history', examples.metricsHistory),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const metrics = apiRoutes({ tags: ['Metrics'], read: 'campaigns:read' });

export const campaignsMetricsRoute = metrics.list({
  method: 'get',
  path: '/metrics',
  operationId: 'getMetricsAcrossCampaigns',
  summary: 'Metrics summed over campaigns',
  description:
    'The funnel, performance and spend of the metrics report summed over the campaigns that GET /campaigns ' +
    'lists with the same filters (status, brand_id, created_after, created_before, q), and how many they are; ' +
    'engagement_rate and effective_cpm_cents are computed from the sums. campaign_id (repeatable, up to ' +
    `${METRICS_CAMPAIGNS_MAX}) narrows to those campaigns and answers each one's figures in by_campaign, in the ` +
    'order named; a campaign the key does not act for matches none. A brand_id the key does not manage: 403 ' +
    'brand_not_managed. This service’s addition to the interface: one request for a screen of campaigns.',
  request: { query: CampaignsMetricsQuery },
  responses: {
    200: jsonContent(CampaignsMetrics, 'The sums', examples.campaignsMetrics),
  },
});
