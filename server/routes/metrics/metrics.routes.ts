import { createRoute } from '@hono/zod-openapi';
import { MetricsQuery, MetricsReport } from '#contract/metrics';
import { CampaignParams } from '#contract/params';
import { requireScope } from '../../http/auth.ts';
import { bearerWithScope, errorResponses, jsonContent } from '../../http/openapi.ts';

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
    'groups only with group_by (task: every task in display order; platform: every platform of a task or a post). ' +
    'Read from running totals kept with every change, so the figures agree with the creators, submissions and posts lists.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
  request: { params: CampaignParams, query: MetricsQuery },
  responses: {
    200: jsonContent(MetricsReport, 'The report'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
