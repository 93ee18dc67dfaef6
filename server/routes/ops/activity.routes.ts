import { createRoute } from '@hono/zod-openapi';
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
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi.ts';

// The platform side of creator activity (extensions section 5): creators, applications,
// submissions and their revisions and failures, posts, metrics, take-downs and payouts. The
// simulator drives the same domain functions.

const security = [{ opsToken: [] }];
const tags = ['Ops'];
const writeErrors = errorResponses(400, 401, 404, 409, 413, 415, 422);

const route = <P extends string>(
  method: 'post' | 'patch',
  path: P,
  operationId: string,
  summary: string,
  description?: string,
) =>
  ({
    method,
    path,
    operationId,
    tags,
    security,
    summary,
    ...(description ? { description } : {}),
  }) as const;

export const createCreatorRoute = createRoute({
  ...route(
    'post',
    '/creators',
    'opsCreateCreator',
    'Create a creator',
    'properties: targeting property id -> value. Usernames are unique (422 naming username).',
  ),
  request: { body: jsonBody(OpsCreatorCreate) },
  responses: {
    201: jsonContent(OpsCreator, 'The creator'),
    ...errorResponses(400, 401, 413, 415, 422),
  },
});

export const applyRoute = createRoute({
  ...route(
    'post',
    '/campaigns/{id}/applications',
    'opsApplyToCampaign',
    'A creator applies to a campaign',
    'Active campaigns only. Approved at once when the campaign does not require creator approval; applying twice is a 409.',
  ),
  request: { params: IdParams, body: jsonBody(OpsApplicationCreate) },
  responses: { 201: jsonContent(CampaignCreator, 'The participation'), ...writeErrors },
});

export const submitRoute = createRoute({
  ...route(
    'post',
    '/campaigns/{id}/submissions',
    'opsCreateSubmission',
    'A creator submits content for a task',
    'The creator must be approved, the campaign accepting submissions and the task active; max_posts_per_creator, ' +
      'completion_mode pick_one and the weekly video cap are honoured (409 naming the field). post_approval_mode always, ' +
      'or an autoreview task without a prompt, approves on arrival; with a prompt the configured reviewer decides.',
  ),
  request: { params: IdParams, body: jsonBody(OpsSubmissionCreate) },
  responses: { 201: jsonContent(Submission, 'The submission'), ...writeErrors },
});

export const reviseRoute = createRoute({
  ...route(
    'post',
    '/submissions/{id}/revise',
    'opsReviseSubmission',
    'A rejected submission comes back',
    'Only from rejected; revision_count + 1.',
  ),
  request: { params: IdParams, body: jsonBody(OpsRevise) },
  responses: { 200: jsonContent(Submission, 'The revised submission'), ...writeErrors },
});

export const failRoute = createRoute({
  ...route(
    'post',
    '/submissions/{id}/fail',
    'opsFailSubmission',
    'Processing or validation failed',
    'Any status but failed; reason becomes failure_reason.',
  ),
  request: { params: IdParams, body: jsonBody(OpsFail) },
  responses: { 200: jsonContent(Submission, 'The failed submission'), ...writeErrors },
});

export const postRoute = createRoute({
  ...route(
    'post',
    '/submissions/{id}/post',
    'opsCreatePost',
    'Approved content is published',
    'Only from approved, once per submission, on one of the task platforms.',
  ),
  request: { params: IdParams, body: jsonBody(OpsPostCreate) },
  responses: { 201: jsonContent(Post, 'The post'), ...writeErrors },
});

export const metricsRoute = createRoute({
  ...route(
    'patch',
    '/posts/{id}/metrics',
    'opsUpdatePostMetrics',
    'New metric totals of a live post',
    'Totals never go down (422 naming the metric).',
  ),
  request: { params: IdParams, body: jsonBody(OpsMetricsUpdate) },
  responses: { 200: jsonContent(Post, 'The post'), ...writeErrors },
});

export const takeDownRoute = createRoute({
  ...route(
    'post',
    '/posts/{id}/take-down',
    'opsTakeDownPost',
    'A post is removed',
    'live -> deleted; its approved submission becomes post_deleted.',
  ),
  request: { params: IdParams },
  responses: { 200: jsonContent(Post, 'The deleted post'), ...errorResponses(400, 401, 404, 409) },
});

export const payoutRoute = createRoute({
  ...route(
    'post',
    '/payouts',
    'opsCreatePayout',
    'Pay a creator',
    "Adds to the creator's spend_cents and the campaign's spent_cents.",
  ),
  request: { body: jsonBody(OpsPayoutCreate) },
  responses: { 201: jsonContent(OpsPayout, 'The payout'), ...writeErrors },
});
