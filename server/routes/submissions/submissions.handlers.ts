import type { Submission, SubmissionReject } from '#contract/submissions';
import { requestHash } from '../../domain/idempotency.ts';
import {
  getSubmission,
  readRevisions,
  revisionKeyset,
  submissionList,
  toRevision,
} from '../../domain/submissions.ts';
import { getAuth } from '../../http/auth.ts';
import { callerDecision, type CallerDecision } from '../../http/decisions.ts';
import { createRouter } from '../../http/openapi.ts';
import {
  answerCampaignList,
  answerList,
  listedBrands,
  type ListRouteDeps,
} from '../../http/paging.ts';
import { cursorFilters } from '../../domain/paging.ts';
import {
  queueCounts,
  queueKeyset,
  readQueuePage,
  toQueuedSubmission,
  type QueueFilter,
} from '../../domain/queue.ts';
import type { QueueCountsQuery } from '#contract/submissions';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import {
  reviewSubmission,
  reviewSubmissionOnce,
  type SubmissionItem,
} from '../../services/submissions.ts';
import {
  listRoute,
  getRoute,
  approveRoute,
  rejectRoute,
  queueRoute,
  queueCountsRoute,
  revisionsRoute,
} from './submissions.routes.ts';

/** The queue's filters as the domain reads them, with the brands the caller may read. */
function queueFilter(c: Context<AppEnv>, q: QueueCountsQuery): QueueFilter {
  return {
    brands: listedBrands(c, q.brand_id),
    statuses: q.status,
    awaiting: q.awaiting,
    campaignIds: q.campaign_id,
    taskId: q.task_id,
    creatorId: q.creator_id,
    submittedAfter: q.submitted_after,
    submittedBefore: q.submitted_before,
  };
}

/** Every filter of GET /submissions, which its cursors are bound to. */
const QUEUE_FILTERS = [
  'status',
  'awaiting',
  'campaign_id',
  'task_id',
  'creator_id',
  'brand_id',
  'submitted_after',
  'submitted_before',
] as const;

export function submissionRoutes(deps: ListRouteDeps) {
  const { db } = deps;
  /**
   * A decision, at most once per (credential, Idempotency-Key) when the caller sends one: a retry
   * after a lost answer replays the original 200 instead of 409 already_reviewed (decision 0102).
   */
  const decide = async (
    c: Context<AppEnv>,
    key: string | undefined,
    item: SubmissionItem,
    to: CallerDecision['to'],
    reject: SubmissionReject | undefined,
    body: unknown,
  ) => {
    const feedback = reject?.feedback;
    const { scope, decision } = callerDecision(c, to, feedback);
    const review = {
      to,
      feedback,
      notes: reject?.notes,
      keyId: decision.keyId,
      side: decision.side,
    };
    if (key === undefined) return c.json(await reviewSubmission(db, item, scope, review), 200);
    const request = {
      apiKeyId: getAuth(c).keyId,
      key,
      hash: requestHash('POST', c.req.path, body),
      now: new Date(),
    };
    const outcome = await reviewSubmissionOnce(db, request, item, scope, review);
    c.header('Idempotent-Replay', outcome.replay ? 'true' : 'false');
    c.header('Content-Type', 'application/json');
    // The stored text is the original answer byte for byte.
    return c.body(outcome.body, 200) as unknown as ReturnType<typeof c.json<Submission, 200>>;
  };
  return createRouter()
    .openapi(queueRoute, async (c) => {
      const q = c.req.valid('query');
      const filter = queueFilter(c, q);
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'submissions', filters: cursorFilters(q, [...QUEUE_FILTERS]) },
          keyset: queueKeyset,
          read: (page) => readQueuePage(db, { ...filter, ...page }),
          show: toQueuedSubmission,
        }),
        200,
      );
    })
    .openapi(queueCountsRoute, async (c) =>
      c.json(await queueCounts(db, queueFilter(c, c.req.valid('query'))), 200),
    )
    .openapi(listRoute, async (c) => c.json(await answerCampaignList(c, deps, submissionList), 200))
    .openapi(getRoute, async (c) => {
      const { campaign_id, submission_id } = c.req.valid('param');
      return c.json(await getSubmission(db, campaign_id, submission_id, getAuth(c).brandIds), 200);
    })
    .openapi(revisionsRoute, async (c) => {
      const { campaign_id, submission_id } = c.req.valid('param');
      const q = c.req.valid('query');
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: `revisions:${submission_id}`, filters: {} },
          keyset: revisionKeyset,
          read: (page) => readRevisions(db, campaign_id, submission_id, getAuth(c).brandIds, page),
          show: toRevision,
        }),
        200,
      );
    })
    .openapi(approveRoute, async (c) => {
      const key = c.req.valid('header')['Idempotency-Key'];
      return decide(c, key, c.req.valid('param'), 'approved', undefined, null);
    })
    .openapi(rejectRoute, async (c) => {
      const body = c.req.valid('json') as SubmissionReject | undefined;
      const key = c.req.valid('header')['Idempotency-Key'];
      return decide(c, key, c.req.valid('param'), 'rejected', body, body ?? null);
    });
}
