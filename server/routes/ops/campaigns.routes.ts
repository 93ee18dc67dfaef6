import { Campaign } from '#contract/campaigns';
import { OpsAutoPause, OpsCampaignCreate, OpsCampaignReview } from '#contract/ops';
import { IdParams } from '#contract/params';
import { jsonBody, jsonContent, opsRoutes } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// The platform side of campaigns (docs/api.md#the-platform-side-ops): campaigns of the weekly-video-cap kind,
// the service's review of publish requests, automatic pauses and completion.

const ops = opsRoutes();

export const createCampaignRoute = ops.create({
  method: 'post',
  path: '/campaigns',
  operationId: 'opsCreateCampaign',
  summary: 'Create a campaign for a brand',
  description:
    'A creation body with a required brand_id; weekly_video_cap makes a campaign of the weekly-video-cap kind, whose tasks are read-only through the API.',
  request: { body: jsonBody(OpsCampaignCreate, examples.opsCampaignCreate) },
  responses: { 201: jsonContent(Campaign, 'The new campaign (draft)', examples.draftCampaign) },
});

export const reviewRoute = ops.write({
  method: 'post',
  path: '/campaigns/{id}/review',
  operationId: 'opsReviewCampaign',
  summary: 'Decide a publish request',
  description:
    'pending_approval only. approved -> active (accepting submissions); denied -> draft with status_detail ' +
    'publish_denied carrying the reason (a default text when none is given).',
  request: { params: IdParams, body: jsonBody(OpsCampaignReview, { decision: 'approved' }) },
  responses: { 200: jsonContent(Campaign, 'The campaign', examples.campaign) },
});

export const autoPauseRoute = ops.write({
  method: 'post',
  path: '/campaigns/{id}/auto-pause',
  operationId: 'opsAutoPauseCampaign',
  summary: 'Pause an active campaign automatically (billing or other)',
  description: 'active -> paused with a status_detail of kind auto_paused carrying the reason.',
  request: { params: IdParams, body: jsonBody(OpsAutoPause, { reason: 'billing_issue' }) },
  responses: { 200: jsonContent(Campaign, 'The paused campaign', examples.autoPausedCampaign) },
});

export const completeRoute = ops.decide({
  method: 'post',
  path: '/campaigns/{id}/complete',
  operationId: 'opsCompleteCampaign',
  summary: 'Complete an active or paused campaign',
  description: 'active or paused -> completed; a completed campaign accepts nothing more.',
  request: { params: IdParams },
  responses: { 200: jsonContent(Campaign, 'The completed campaign', examples.completedCampaign) },
});
