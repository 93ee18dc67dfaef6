import { transaction, type Db } from '../../db/client.ts';
import { changeStatus, createCampaign, inviteCodeTaken } from '../../domain/campaigns.ts';
import { findBrand } from '../../domain/tenancy.ts';
import { validationFailed } from '../../errors.ts';
import { createRouter } from '../../http/openapi.ts';
import {
  createCampaignRoute,
  reviewRoute,
  autoPauseRoute,
  completeRoute,
} from './campaigns.routes.ts';

export function opsCampaignRoutes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return createRouter()
    .openapi(createCampaignRoute, async (c) => {
      const { brand_id, weekly_video_cap, ...body } = c.req.valid('json');
      const campaign = await transaction(db, async (tx) => {
        if (!(await findBrand(tx, brand_id))) throw validationFailed('brand_id', 'unknown brand');
        return createCampaign(tx, { brandId: brand_id, body, weeklyVideoCap: weekly_video_cap });
      }).catch((err: unknown) => {
        throw inviteCodeTaken(err);
      });
      return c.json(campaign, 201);
    })
    .openapi(reviewRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { decision, reason } = c.req.valid('json');
      const action = decision === 'approved' ? 'approve' : 'deny';
      return c.json(
        await transaction(db, (tx) => changeStatus(tx, id, null, action, { now: now(), reason })),
        200,
      );
    })
    .openapi(autoPauseRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(
        await transaction(db, (tx) =>
          changeStatus(tx, id, null, 'auto_pause', { now: now(), reason }),
        ),
        200,
      );
    })
    .openapi(completeRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) => changeStatus(tx, id, null, 'complete', { now: now() })),
        200,
      );
    });
}
