import type { RouteDeps } from '../../http/context.ts';
import { campaignMetrics, campaignMetricsHistory, campaignsMetrics } from '../../domain/metrics.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { listedBrands } from '../../http/paging.ts';
import { campaignsMetricsRoute, metricsHistoryRoute, metricsRoute } from './metrics.routes.ts';

export function metricsRoutes(deps: RouteDeps) {
  return createRouter()
    .openapi(metricsRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const { group_by, time_zone } = c.req.valid('query');
      return c.json(
        await campaignMetrics(deps.db, campaign_id, getAuth(c).brandIds, group_by, time_zone),
        200,
      );
    })
    .openapi(metricsHistoryRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const { days, time_zone } = c.req.valid('query');
      return c.json(
        await campaignMetricsHistory(deps.db, campaign_id, getAuth(c).brandIds, days, time_zone),
        200,
      );
    })
    .openapi(campaignsMetricsRoute, async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await campaignsMetrics(deps.db, {
          brands: listedBrands(c, q.brand_id),
          statuses: q.status,
          createdAfter: q.created_after,
          createdBefore: q.created_before,
          search: q.q,
          campaignIds: q.campaign_id,
        }),
        200,
      );
    });
}
