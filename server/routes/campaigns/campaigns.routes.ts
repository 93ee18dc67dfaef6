import { z } from '@hono/zod-openapi';
import {
  Campaign,
  CampaignCreate,
  CampaignDeleted,
  CampaignListQuery,
  CampaignPage,
  CampaignUpdate,
  PublishReviewSummary,
} from '#contract/campaigns';
import { IdempotencyKey } from '#contract/common';
import { CampaignParams } from '#contract/params';
import { apiRoutes, jsonBody, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

const campaigns = apiRoutes({
  tags: ['Campaigns'],
  read: 'campaigns:read',
  write: 'campaigns:write',
});

const IdempotencyHeaders = z.object({
  'Idempotency-Key': IdempotencyKey.optional().meta({
    description:
      'Makes the create safe to retry: within 24 hours the same key (for this API key) with the same body ' +
      'answers the original response with Idempotent-Replay: true; another body answers 409 idempotency_conflict.',
  }),
});

export const createCampaignRoute = campaigns.create({
  method: 'post',
  path: '/campaigns',
  operationId: 'createCampaign',
  summary: 'Create a campaign (draft)',
  description:
    'Creates a draft. Agency keys must give brand_id; brand keys may omit it (if given it must be their brand). ' +
    'An unlisted campaign without invite_code gets a generated one.',
  request: { headers: IdempotencyHeaders, body: jsonBody(CampaignCreate, examples.campaignCreate) },
  responses: {
    201: {
      ...jsonContent(Campaign, 'The new campaign, with its tasks', examples.draftCampaign),
      headers: z.object({
        'Idempotent-Replay': z.enum(['true', 'false']).optional().meta({
          description:
            'With an Idempotency-Key: true when this is the stored answer of an earlier request',
        }),
      }),
    },
  },
});

export const listCampaignsRoute = campaigns.list({
  method: 'get',
  path: '/campaigns',
  operationId: 'listCampaigns',
  summary: 'List campaigns',
  description:
    'Newest first (created_at, then id) unless sort names another order; q keeps names containing it, without regard to case; `id` (repeatable) reads the named campaigns only. Lists omit `tasks`; see `tasks_count`. A brand_id the key does not ' +
    'manage answers 403 brand_not_managed; a bad cursor 400 invalid_request.',
  request: { query: CampaignListQuery },
  responses: { 200: jsonContent(CampaignPage, 'A page of campaigns', examples.campaignsPage) },
});

export const getCampaignRoute = campaigns.read({
  method: 'get',
  path: '/campaigns/{campaign_id}',
  operationId: 'getCampaign',
  summary: 'Get a campaign, with its tasks',
  description: 'Any campaign of a brand the key acts for; another brand’s campaign answers 404.',
  request: { params: CampaignParams },
  responses: { 200: jsonContent(Campaign, 'The campaign', examples.campaign) },
});

export const updateCampaignRoute = campaigns.write({
  method: 'patch',
  path: '/campaigns/{campaign_id}',
  operationId: 'updateCampaign',
  summary: 'Update a campaign',
  description:
    'Any subset of the creation body except brand_id and tasks. What may change depends on the status: ' +
    'everything in draft; in active and paused all but targeting and settings (deadlines never before today); ' +
    'nothing while pending_approval or completed (409 field_locked_for_status naming the field). A field sent ' +
    'with its current value is not a change. Settings merge key by key; links are replaced whole.',
  request: { params: CampaignParams, body: jsonBody(CampaignUpdate, examples.campaignUpdate) },
  responses: { 200: jsonContent(Campaign, 'The updated campaign', examples.campaign) },
});

export const deleteCampaignRoute = campaigns.decide({
  method: 'delete',
  path: '/campaigns/{campaign_id}',
  operationId: 'deleteCampaign',
  summary: 'Delete a draft campaign',
  description:
    'Only a draft may be deleted; any other status answers 409 invalid_state_transition.',
  request: { params: CampaignParams },
  responses: {
    200: jsonContent(CampaignDeleted, 'The campaign is gone', examples.campaignDeleted),
  },
});

const ACTION_EXAMPLES = {
  publish: examples.pendingCampaign,
  withdraw: examples.draftCampaign,
  pause: examples.pausedCampaign,
  resume: examples.campaign,
};

/** A lifecycle step of a campaign: POST /campaigns/{campaign_id}/<name>, answering the campaign. */
const action = (
  name: 'publish' | 'withdraw' | 'pause' | 'resume',
  summary: string,
  description: string,
) => ({
  method: 'post' as const,
  path: `/campaigns/{campaign_id}/${name}` as const,
  operationId: `${name}Campaign`,
  summary,
  description,
  request: { params: CampaignParams },
  responses: {
    200: jsonContent(Campaign, 'The campaign in its new status', ACTION_EXAMPLES[name]),
  },
});

export const publishRoute = campaigns.other({
  ...action(
    'publish',
    'Submit a draft for approval',
    'draft -> pending_approval; clears a publish_denied detail and sets publish_requested_at. Needs at least one active task unless ' +
      'settings.creator_approval_required (else 422 naming tasks).',
  ),
  errors: [400, 401, 403, 404, 409, 422, 429],
});
export const withdrawRoute = campaigns.decide(
  action(
    'withdraw',
    'Withdraw a publish request',
    'pending_approval -> draft, so the campaign can be edited again: status_detail and publish_requested_at become null. ' +
      'Any other status answers 409 invalid_state_transition naming status.',
  ),
);
export const publishReviewSummaryRoute = campaigns.list({
  method: 'get',
  path: '/publish-reviews/summary',
  operationId: 'getPublishReviewSummary',
  summary: 'How long review of a publish request usually takes',
  description:
    'The median and the 90th percentile of how long the platform’s newest decisions on publish requests took ' +
    '(at most 50, of the last 30 days, whichever brand they were for); null figures when there were none.',
  responses: {
    200: jsonContent(
      PublishReviewSummary,
      'How long review usually takes',
      examples.publishReviewSummary,
    ),
  },
});
export const pauseRoute = campaigns.decide(
  action(
    'pause',
    'Pause an active campaign',
    'active -> paused; accepting_submissions becomes false.',
  ),
);
export const resumeRoute = campaigns.decide(
  action(
    'resume',
    'Resume a paused campaign',
    'paused -> active; accepting_submissions becomes true and status_detail is cleared.',
  ),
);
