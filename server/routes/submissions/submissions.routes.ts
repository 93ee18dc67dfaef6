import { createRoute } from '@hono/zod-openapi';
import { CampaignParams, SubmissionParams } from '#contract/params';
import { Submission, SubmissionListQuery, SubmissionPage, SubmissionReject } from '#contract/submissions';
import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import {
  getSubmission,
  listSubmissions,
  reviewSubmission,
  toSubmission,
} from '../../domain/submissions.ts';
import { getAuth, requireScope } from '../../http/auth.ts';
import { bearerWithScope, createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';

export interface SubmissionRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

const tags = ['Submissions'];
const read = { security: bearerWithScope('campaigns:read'), middleware: [requireScope('campaigns:read')] };
const write = { security: bearerWithScope('submissions:write'), middleware: [requireScope('submissions:write')] };

const listRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions',
  operationId: 'listSubmissions',
  tags,
  summary: "List a campaign's submissions",
  description: 'Oldest submitted_at first (the review queue), then id. status may be repeated.',
  ...read,
  request: { params: CampaignParams, query: SubmissionListQuery },
  responses: { 200: jsonContent(SubmissionPage, 'A page of submissions'), ...errorResponses(400, 401, 403, 404, 429) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}',
  operationId: 'getSubmission',
  tags,
  summary: 'Get a submission',
  ...read,
  request: { params: SubmissionParams },
  responses: { 200: jsonContent(Submission, 'The submission'), ...errorResponses(400, 401, 403, 404, 429) },
});

const approveRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/approve',
  operationId: 'approveSubmission',
  tags,
  summary: 'Approve a submission (cleared to post)',
  description:
    'Only from in_review; otherwise 409 already_reviewed, whose message says the current state, when and by which key. ' +
    'Of two reviewers deciding at once exactly one wins.',
  ...write,
  request: { params: SubmissionParams },
  responses: { 200: jsonContent(Submission, 'The approved submission'), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

const rejectRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/submissions/{submission_id}/reject',
  operationId: 'rejectSubmission',
  tags,
  summary: 'Reject a submission (request changes)',
  description:
    'Optional body {feedback}, delivered to the creator; without it the creator receives a generic changes-requested note. ' +
    'Only from in_review; otherwise 409 already_reviewed.',
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

export function submissionRoutes(deps: SubmissionRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const q = c.req.valid('query');
      await getCampaignRow(db, campaign_id, getAuth(c).brandIds);
      const scope: CursorScope = {
        list: `submissions:${campaign_id}`,
        filters: {
          status: q.status ? [...new Set(q.status)].sort() : null,
          task_id: q.task_id ?? null,
          creator_id: q.creator_id ?? null,
        },
      };
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? (([submittedAt, id]) => ({ submittedAt: String(submittedAt), id: String(id) }))(
            decodeCursor(secret, scope, q.starting_after, ['string', 'string']),
          )
        : undefined;
      const { rows, hasMore } = await listSubmissions(db, campaign_id, {
        status: q.status,
        taskId: q.task_id,
        creatorId: q.creator_id,
        after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toSubmission),
          has_more: hasMore,
          next_cursor:
            hasMore && last?.submittedAt ? encodeCursor(secret, scope, [last.submittedAt, last.id]) : null,
        },
        200,
      );
    })
    .openapi(getRoute, async (c) => {
      const { campaign_id, submission_id } = c.req.valid('param');
      return c.json(await getSubmission(db, campaign_id, submission_id, getAuth(c).brandIds), 200);
    })
    .openapi(approveRoute, async (c) => {
      const { campaign_id, submission_id } = c.req.valid('param');
      const auth = getAuth(c);
      return c.json(
        await transaction(db, (tx) =>
          reviewSubmission(tx, campaign_id, submission_id, auth.brandIds, { to: 'approved', keyId: auth.keyId }),
        ),
        200,
      );
    })
    .openapi(rejectRoute, async (c) => {
      const { campaign_id, submission_id } = c.req.valid('param');
      const body = c.req.valid('json') as SubmissionReject | undefined;
      const auth = getAuth(c);
      return c.json(
        await transaction(db, (tx) =>
          reviewSubmission(tx, campaign_id, submission_id, auth.brandIds, {
            to: 'rejected',
            feedback: body?.feedback,
            keyId: auth.keyId,
          }),
        ),
        200,
      );
    });
}
