import type { Db } from '../../db/client.ts';
import { campaignMetrics } from '../../domain/metrics.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { metricsRoute } from './metrics.routes.ts';

export function metricsRoutes(deps: { db: Db }) {
  return createRouter().openapi(metricsRoute, async (c) => {
    const { campaign_id } = c.req.valid('param');
    const { group_by } = c.req.valid('query');
    return c.json(await campaignMetrics(deps.db, campaign_id, getAuth(c).brandIds, group_by), 200);
  });
}
