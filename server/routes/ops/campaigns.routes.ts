import { createRoute } from '@hono/zod-openapi';
import { Campaign } from '#contract/campaigns';
import { OpsAutoPause, OpsCampaignCreate, OpsCampaignReview } from '#contract/ops';
import { IdParams } from '#contract/params';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';

// The platform side of campaigns (extensions section 5): campaigns of the weekly-video-cap kind,
// the service's review of publish requests, automatic pauses and completion.

const security = [{ opsToken: [] }];
const tags = ['Ops'];

export const createCampaignRoute = createRoute({
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

export const reviewRoute = createRoute({
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

export const autoPauseRoute = createRoute({
  method: 'post',
  path: '/campaigns/{id}/auto-pause',
  operationId: 'opsAutoPauseCampaign',
  tags,
  security,
  summary: 'Pause an active campaign automatically (billing or other)',
  description: 'active -> paused with a status_detail of kind auto_paused carrying the reason.',
  request: { params: IdParams, body: jsonBody(OpsAutoPause) },
  responses: {
    200: jsonContent(Campaign, 'The paused campaign'),
    ...errorResponses(400, 401, 404, 409, 413, 415, 422),
  },
});

export const completeRoute = createRoute({
  method: 'post',
  path: '/campaigns/{id}/complete',
  operationId: 'opsCompleteCampaign',
  tags,
  security,
  summary: 'Complete an active or paused campaign',
  description: 'active or paused -> completed; a completed campaign accepts nothing more.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(Campaign, 'The completed campaign'),
    ...errorResponses(400, 401, 404, 409),
  },
});
