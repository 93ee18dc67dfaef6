import { createRoute } from '@hono/zod-openapi';
import { CampaignCreator, CreatorListQuery, CreatorPage, CreatorReject } from '#contract/creators';
import { CampaignParams, CreatorParams } from '#contract/params';
import { errorResponses, jsonContent, withScope } from '../../http/openapi.ts';

const tags = ['Creators'];
const read = withScope('campaigns:read');
const write = withScope('creators:write');

export const listRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/creators',
  operationId: 'listCampaignCreators',
  tags,
  summary: "List a campaign's creators",
  description:
    "Newest applied_at first, then creator id. content, posts, metrics and spend_cents are running totals of the creator on this campaign; properties and targeting_fit say who the creator is and whether they meet the campaign's targeting (fits=true|false keeps one side).",
  ...read,
  request: { params: CampaignParams, query: CreatorListQuery },
  responses: {
    200: jsonContent(CreatorPage, 'A page of campaign creators'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const getRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/creators/{creator_id}',
  operationId: 'getCampaignCreator',
  tags,
  summary: "Get a creator's participation in a campaign",
  description: 'The creator’s status on the campaign and their running totals.',
  ...read,
  request: { params: CreatorParams },
  responses: {
    200: jsonContent(CampaignCreator, 'The campaign creator'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const approveRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/creators/{creator_id}/approve',
  operationId: 'approveCreator',
  tags,
  summary: 'Approve a creator',
  description:
    'Only an applied creator; otherwise 409 already_decided, whose message says the current state and when.',
  ...write,
  request: { params: CreatorParams },
  responses: {
    200: jsonContent(CampaignCreator, 'The approved creator'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const rejectRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/creators/{creator_id}/reject',
  operationId: 'rejectCreator',
  tags,
  summary: 'Reject a creator',
  description: 'Optional body {reason}. Only an applied creator; otherwise 409 already_decided.',
  ...write,
  request: {
    params: CreatorParams,
    body: { required: false, content: { 'application/json': { schema: CreatorReject } } },
  },
  responses: {
    200: jsonContent(CampaignCreator, 'The rejected creator'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});
