import { z } from 'zod';
import { IdempotencyKey } from '#contract/common';
import { CampaignParams, SubmissionParams } from '#contract/params';
import {
  QueueCounts,
  QueueCountsQuery,
  QueuedSubmissionPage,
  QueueQuery,
  RevisionListQuery,
  Submission,
  SubmissionListQuery,
  SubmissionPage,
  SubmissionReject,
  SubmissionRevisionPage,
} from '#contract/submissions';
import { apiRoutes, jsonContent, optionalJsonBody } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

const submissions = apiRoutes({
  tags: ['Submissions'],
  read: 'campaigns:read',
  write: 'submissions:write',
});

export const listRoute = submissions.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions',
  operationId: 'listSubmissions',
  summary: "List a campaign's submissions",
  description: 'Oldest submitted_at first (the review queue), then id. status may be repeated.',
  request: { params: CampaignParams, query: SubmissionListQuery },
  responses: {
    200: jsonContent(SubmissionPage, 'A page of submissions', examples.submissionsPage),
  },
});

export const getRoute = submissions.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}',
  operationId: 'getSubmission',
  summary: 'Get a submission',
  description: 'A submission of the campaign in any status, with who reviewed it and when.',
  request: { params: SubmissionParams },
  responses: { 200: jsonContent(Submission, 'The submission', examples.submission) },
});

export const revisionsRoute = submissions.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/revisions',
  operationId: 'listSubmissionRevisions',
  summary: 'List every version of a submission',
  description:
    'Every version the creator sent, newest first (revision 0 is the first): its media_items, when it was sent, ' +
    'its checks and the decision about it (status, feedback, notes, when and by whom) or null while it waits.',
  request: { params: SubmissionParams, query: RevisionListQuery },
  responses: {
    200: jsonContent(
      SubmissionRevisionPage,
      'A page of versions',
      examples.submissionRevisionsPage,
    ),
  },
});

/** A decision retried after a lost answer (docs/decisions/0102). */
const DecisionHeaders = z.object({
  'Idempotency-Key': IdempotencyKey.optional().meta({
    description:
      'Makes the decision safe to retry: within 24 hours the same key (for this credential) on the same ' +
      'submission with the same body answers the original response with Idempotent-Replay: true, even when the ' +
      'submission has moved on since; another request answers 409 idempotency_conflict.',
  }),
});

const decisionAnswer = (description: string, example: Submission) => ({
  ...jsonContent(Submission, description, example),
  headers: z.object({
    'Idempotent-Replay': z.enum(['true', 'false']).optional().meta({
      description:
        'With an Idempotency-Key: true when this is the stored answer of an earlier request',
    }),
  }),
});

export const approveRoute = submissions.decide({
  method: 'post',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/approve',
  operationId: 'approveSubmission',
  summary: 'Approve a submission (cleared to post)',
  description:
    'Only from in_review; otherwise 409 already_reviewed, whose message says the current state, when and by which key. ' +
    'Of two reviewers deciding at once exactly one wins. ' +
    "When the brand signs off (an agency-managed campaign with settings.brand_approval_required), an agency key's approval " +
    "keeps it in_review with awaiting: brand; the brand's approval is final at either stage; an agency key approving what " +
    'waits for the brand answers 409 already_reviewed. While the media is still being inspected (checks null) the ' +
    'submission cannot be decided yet: 409 inspection_pending. With an Idempotency-Key a retry answers the ' +
    'original decision.',
  request: { params: SubmissionParams, headers: DecisionHeaders },
  responses: { 200: decisionAnswer('The approved submission', examples.approvedSubmission) },
});

export const rejectRoute = submissions.write({
  method: 'post',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/reject',
  operationId: 'rejectSubmission',
  summary: 'Reject a submission (request changes)',
  description:
    'Optional body {feedback, notes}, delivered to the creator; without either the creator receives a generic changes-requested note. ' +
    'Each note may name a moment (at_s) of a video item and an item (0-based index into media_items); an at_s past the ' +
    "item's duration, a moment on an image, or an item out of range: 422 naming the field (notes[2].at_s). " +
    'With notes and no feedback, the feedback lists the notes. ' +
    'Only from in_review; otherwise 409 already_reviewed. While the media is still being inspected (checks null): ' +
    '409 inspection_pending. With an Idempotency-Key a retry answers the original decision.',
  request: {
    params: SubmissionParams,
    headers: DecisionHeaders,
    body: optionalJsonBody(SubmissionReject, examples.submissionReject),
  },
  responses: { 200: decisionAnswer('The rejected submission', examples.rejectedSubmission) },
});

export const queueRoute = submissions.read({
  method: 'get',
  path: '/submissions',
  operationId: 'listQueuedSubmissions',
  summary: 'List the submissions of every campaign (the review queue)',
  description:
    'The submissions of every campaign the key acts for, oldest submitted_at first, then id; each names its ' +
    'campaign and brand. status and campaign_id may be repeated. A brand_id the key does not manage: 403 ' +
    'brand_not_managed. A page costs the same however many campaigns and waiting submissions there are.',
  request: { query: QueueQuery },
  responses: {
    200: jsonContent(QueuedSubmissionPage, 'A page of submissions', examples.queuedSubmissionsPage),
  },
});

export const queueCountsRoute = submissions.read({
  method: 'get',
  path: '/submissions/counts',
  operationId: 'countQueuedSubmissions',
  summary: 'Count what waits in the review queue',
  description:
    'In review (and of it, awaiting the agency or the brand) and failed, over the submissions GET /submissions ' +
    'lists with the same filters, and per campaign with something waiting (at most 100, by campaign_id). ' +
    'From running totals; with task_id, creator_id, submitted_after or submitted_before, a count of the ' +
    'matching waiting submissions.',
  request: { query: QueueCountsQuery },
  responses: { 200: jsonContent(QueueCounts, 'The counts', examples.queueCounts) },
});
