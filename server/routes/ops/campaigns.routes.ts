import { createRoute } from '@hono/zod-openapi';
import { Campaign } from '#contract/campaigns';
import { OpsAutoPause, OpsCampaignCreate, OpsCampaignReview } from '#contract/ops';
import { IdParams } from '#contract/params';
import { transaction, type Db } from '../../db/client.ts';
import { changeStatus, createCampaign, inviteCodeTaken } from '../../domain/campaigns.ts';
import { findBrand } from '../../domain/tenancy.ts';
import { validationFailed } from '../../errors.ts';
import { createRouter, errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';

// The platform side of campaigns (extensions section 5): campaigns of the weekly-video-cap kind,
// the service's review of publish requests, automatic pauses and completion.

const security = [{ opsToken: [] }];
const tags = ['Ops'];

const createCampaignRoute = createRoute({
  method: 'post',
  path: '/campaigns',
  operationId: 'opsCreateCampaign',
  tags,
  security,
  summary: 'Create a campaign for a brand',
  description:
    'A creation body with a required brand_id; weekly_video_cap makes a campaign of the weekly-video-cap kind, whose tasks are read-only through the API.',
  request: { body: jsonBody(OpsCampaignCreate) },
  responses: {
    201: jsonContent(Campaign, 'The new campaign (draft)'),
    ...errorResponses(400, 401, 413, 415, 422),
  },
});

const reviewRoute = createRoute({
  method: 'post',
  path: '/campaigns/{id}/review',
  operationId: 'opsReviewCampaign',
  tags,
  security,
  summary: 'Decide a publish request',
  description:
    'pending_approval only. approved -> active (accepting submissions); denied -> draft with status_detail ' +
    'publish_denied carrying the reason (a default text when none is given).',
  request: { params: IdParams, body: jsonBody(OpsCampaignReview) },
  responses: {
    200: jsonContent(Campaign, 'The campaign'),
    ...errorResponses(400, 401, 404, 409, 413, 415, 422),
  },
});

const autoPauseRoute = createRoute({
  method: 'post',
  path: '/campaigns/{id}/auto-pause',
  operationId: 'opsAutoPauseCampaign',
  tags,
  security,
  summary: 'Pause an active campaign automatically (billing or other)',
  request: { params: IdParams, body: jsonBody(OpsAutoPause) },
  responses: {
    200: jsonContent(Campaign, 'The paused campaign'),
    ...errorResponses(400, 401, 404, 409, 413, 415, 422),
  },
});

const completeRoute = createRoute({
  method: 'post',
  path: '/campaigns/{id}/complete',
  operationId: 'opsCompleteCampaign',
  tags,
  security,
  summary: 'Complete an active or paused campaign',
  request: { params: IdParams },
  responses: {
    200: jsonContent(Campaign, 'The completed campaign'),
    ...errorResponses(400, 401, 404, 409),
  },
});

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
