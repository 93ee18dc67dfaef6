import { createRoute } from '@hono/zod-openapi';
import { CampaignParams, SubmissionParams } from '#contract/params';
import {
  Submission,
  SubmissionListQuery,
  SubmissionPage,
  SubmissionReject,
} from '#contract/submissions';
import { errorResponses, jsonContent, withScope } from '../../http/openapi.ts';

const tags = ['Submissions'];
const read = withScope('campaigns:read');
const write = withScope('submissions:write');

export const listRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions',
  operationId: 'listSubmissions',
  tags,
  summary: "List a campaign's submissions",
  description: 'Oldest submitted_at first (the review queue), then id. status may be repeated.',
  ...read,
  request: { params: CampaignParams, query: SubmissionListQuery },
  responses: {
    200: jsonContent(SubmissionPage, 'A page of submissions'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const getRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}',
  operationId: 'getSubmission',
  tags,
  summary: 'Get a submission',
  description: 'A submission of the campaign in any status, with who reviewed it and when.',
  ...read,
  request: { params: SubmissionParams },
  responses: {
    200: jsonContent(Submission, 'The submission'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const approveRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/approve',
  operationId: 'approveSubmission',
  tags,
  summary: 'Approve a submission (cleared to post)',
  description:
    'Only from in_review; otherwise 409 already_reviewed, whose message says the current state, when and by which key. ' +
    'Of two reviewers deciding at once exactly one wins. ' +
    "When the brand signs off (an agency-managed campaign with settings.brand_approval_required), an agency key's approval " +
    "keeps it in_review with awaiting: brand; the brand's approval is final at either stage; an agency key approving what " +
    'waits for the brand answers 409 already_reviewed. While the media is still being inspected (checks null) the ' +
    'submission cannot be decided yet: 409 inspection_pending.',
  ...write,
  request: { params: SubmissionParams },
  responses: {
    200: jsonContent(Submission, 'The approved submission'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const rejectRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/reject',
  operationId: 'rejectSubmission',
  tags,
  summary: 'Reject a submission (request changes)',
  description:
    'Optional body {feedback}, delivered to the creator; without it the creator receives a generic changes-requested note. ' +
    'Only from in_review; otherwise 409 already_reviewed. While the media is still being inspected (checks null): ' +
    '409 inspection_pending.',
  ...write,
  request: {
    params: SubmissionParams,
    body: { required: false, content: { 'application/json': { schema: SubmissionReject } } },
  },
  responses: {
    200: jsonContent(Submission, 'The rejected submission'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});
