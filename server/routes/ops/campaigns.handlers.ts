import { ALL_BRANDS } from '../../domain/brand-scope.ts';
import { createRouter } from '../../http/openapi.ts';
import type { RouteDeps } from '../../http/context.ts';
import { changeCampaignStatus, createCampaignForBrand } from '../../services/campaigns.ts';
import {
  createCampaignRoute,
  reviewRoute,
  autoPauseRoute,
  completeRoute,
} from './campaigns.routes.ts';

export function opsCampaignRoutes(deps: RouteDeps & { now: () => Date }) {
  const { db, now } = deps;
  return createRouter()
    .openapi(createCampaignRoute, async (c) => {
      const { brand_id, weekly_video_cap, ...body } = c.req.valid('json');
      const campaign = await createCampaignForBrand(db, {
        brandId: brand_id,
        body,
        weeklyVideoCap: weekly_video_cap,
      });
      return c.json(campaign, 201);
    })
    .openapi(reviewRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { decision, reason } = c.req.valid('json');
      const action = decision === 'approved' ? 'approve' : 'deny';
      return c.json(
        await changeCampaignStatus(db, id, ALL_BRANDS, action, { now: now(), reason }),
        200,
      );
    })
    .openapi(autoPauseRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(
        await changeCampaignStatus(db, id, ALL_BRANDS, 'auto_pause', { now: now(), reason }),
        200,
      );
    })
    .openapi(completeRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await changeCampaignStatus(db, id, ALL_BRANDS, 'complete', { now: now() }),
        200,
      );
    });
}
