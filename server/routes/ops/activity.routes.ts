import { CampaignCreator } from '#contract/creators';
import {
  OpsApplicationCreate,
  OpsCreator,
  OpsCreatorCreate,
  OpsFail,
  OpsMetricsUpdate,
  OpsPayout,
  OpsPayoutCreate,
  OpsPostCreate,
  OpsRevise,
  OpsSubmissionCreate,
} from '#contract/ops';
import { IdParams } from '#contract/params';
import { Post } from '#contract/posts';
import { Submission } from '#contract/submissions';
import { jsonBody, jsonContent, opsRoutes } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// The platform side of creator activity (docs/api.md#the-platform-side-ops): creators, applications,
// submissions and their revisions and failures, posts, metrics, take-downs and payouts. The
// simulator drives the same domain functions.

const ops = opsRoutes();

export const createCreatorRoute = ops.create({
  method: 'post',
  path: '/creators',
  operationId: 'opsCreateCreator',
  summary: 'Create a creator',
  description:
    'properties: targeting property id -> value. Usernames are unique (422 naming username).',
  request: { body: jsonBody(OpsCreatorCreate, examples.opsCreatorCreate) },
  responses: { 201: jsonContent(OpsCreator, 'The creator', examples.opsCreator) },
});

export const applyRoute = ops.write({
  method: 'post',
  path: '/campaigns/{id}/applications',
  operationId: 'opsApplyToCampaign',
  summary: 'A creator applies to a campaign',
  description:
    'Active campaigns only. Approved at once when the campaign does not require creator approval; applying twice is a 409.',
  request: {
    params: IdParams,
    body: jsonBody(OpsApplicationCreate, examples.opsApplicationCreate),
  },
  responses: { 201: jsonContent(CampaignCreator, 'The participation', examples.appliedCreator) },
});

export const submitRoute = ops.write({
  method: 'post',
  path: '/campaigns/{id}/submissions',
  operationId: 'opsCreateSubmission',
  summary: 'A creator submits content for a task',
  description:
    'The creator must be approved, the campaign accepting submissions and the task active; max_posts_per_creator, ' +
    'completion_mode pick_one and the weekly video cap are honoured (409 naming the field). post_approval_mode always, ' +
    'or an autoreview task without a prompt, approves on arrival; with a prompt the configured reviewer decides. ' +
    'The content is media_items (one video, or every slide of a carousel: 2 to 20) or, as before, media_url alone; ' +
    'not both. Inspection checks every item.',
  request: { params: IdParams, body: jsonBody(OpsSubmissionCreate, examples.opsSubmissionCreate) },
  responses: { 201: jsonContent(Submission, 'The submission', examples.newSubmission) },
});

export const reviseRoute = ops.write({
  method: 'post',
  path: '/submissions/{id}/revise',
  operationId: 'opsReviseSubmission',
  summary: 'A rejected submission comes back',
  description:
    'Only from rejected; revision_count + 1. The new content is media_items or media_url, as when submitting; ' +
    'the earlier version stays readable in GET .../revisions.',
  request: { params: IdParams, body: jsonBody(OpsRevise, examples.opsRevise) },
  responses: { 200: jsonContent(Submission, 'The revised submission', examples.revisedSubmission) },
});

export const failRoute = ops.write({
  method: 'post',
  path: '/submissions/{id}/fail',
  operationId: 'opsFailSubmission',
  summary: 'Processing or validation failed',
  description: 'Any status but failed; reason becomes failure_reason.',
  request: { params: IdParams, body: jsonBody(OpsFail, examples.opsFail) },
  responses: { 200: jsonContent(Submission, 'The failed submission', examples.failedSubmission) },
});

export const postRoute = ops.write({
  method: 'post',
  path: '/submissions/{id}/post',
  operationId: 'opsCreatePost',
  summary: 'Approved content is published',
  description: 'Only from approved, once per submission, on one of the task platforms.',
  request: { params: IdParams, body: jsonBody(OpsPostCreate, examples.opsPostCreate) },
  responses: { 201: jsonContent(Post, 'The post', examples.newPost) },
});

export const metricsRoute = ops.write({
  method: 'patch',
  path: '/posts/{id}/metrics',
  operationId: 'opsUpdatePostMetrics',
  summary: 'New metric totals of a live post',
  description: 'Totals never go down (422 naming the metric).',
  request: { params: IdParams, body: jsonBody(OpsMetricsUpdate, examples.opsMetricsUpdate) },
  responses: { 200: jsonContent(Post, 'The post', examples.post) },
});

export const takeDownRoute = ops.decide({
  method: 'post',
  path: '/posts/{id}/take-down',
  operationId: 'opsTakeDownPost',
  summary: 'A post is removed',
  description: 'live -> deleted; its approved submission becomes post_deleted.',
  request: { params: IdParams },
  responses: { 200: jsonContent(Post, 'The deleted post', examples.takenDownPost) },
});

export const payoutRoute = ops.write({
  method: 'post',
  path: '/payouts',
  operationId: 'opsCreatePayout',
  summary: 'Pay a creator',
  description: "Adds to the creator's spend_cents and the campaign's spent_cents.",
  request: { body: jsonBody(OpsPayoutCreate, examples.opsPayoutCreate) },
  responses: { 201: jsonContent(OpsPayout, 'The payout', examples.opsPayout) },
});
