import { CampaignCreator, CreatorListQuery, CreatorPage, CreatorReject } from '#contract/creators';
import { CampaignParams, CreatorParams } from '#contract/params';
import { apiRoutes, jsonContent, optionalJsonBody } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

const creators = apiRoutes({ tags: ['Creators'], read: 'campaigns:read', write: 'creators:write' });

export const listRoute = creators.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/creators',
  operationId: 'listCampaignCreators',
  summary: "List a campaign's creators",
  description:
    "Newest applied_at first, then creator id. content, posts, metrics and spend_cents are running totals of the creator on this campaign; properties and targeting_fit say who the creator is and whether they meet the campaign's targeting (fits=true|false keeps one side).",
  request: { params: CampaignParams, query: CreatorListQuery },
  responses: {
    200: jsonContent(CreatorPage, 'A page of campaign creators', examples.creatorsPage),
  },
});

export const getRoute = creators.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/creators/{creator_id}',
  operationId: 'getCampaignCreator',
  summary: "Get a creator's participation in a campaign",
  description: 'The creator’s status on the campaign and their running totals.',
  request: { params: CreatorParams },
  responses: {
    200: jsonContent(CampaignCreator, 'The campaign creator', examples.campaignCreator),
  },
});

export const approveRoute = creators.decide({
  method: 'post',
  path: '/campaigns/{campaign_id}/creators/{creator_id}/approve',
  operationId: 'approveCreator',
  summary: 'Approve a creator',
  description:
    'Only an applied creator; otherwise 409 already_decided, whose message says the current state and when.',
  request: { params: CreatorParams },
  responses: {
    200: jsonContent(CampaignCreator, 'The approved creator', examples.campaignCreator),
  },
});

export const rejectRoute = creators.write({
  method: 'post',
  path: '/campaigns/{campaign_id}/creators/{creator_id}/reject',
  operationId: 'rejectCreator',
  summary: 'Reject a creator',
  description: 'Optional body {reason}. Only an applied creator; otherwise 409 already_decided.',
  request: { params: CreatorParams, body: optionalJsonBody(CreatorReject, examples.creatorReject) },
  responses: {
    200: jsonContent(CampaignCreator, 'The rejected creator', examples.rejectedCreator),
  },
});
