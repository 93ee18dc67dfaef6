import type { SubmissionReject } from '#contract/submissions';
import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import {
  getSubmission,
  listSubmissions,
  reviewSubmission,
  toSubmission,
} from '../../domain/submissions.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { listRoute, getRoute, approveRoute, rejectRoute } from './submissions.routes.ts';

export interface SubmissionRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

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
          ...(q.awaiting ? { awaiting: q.awaiting } : {}),
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
        awaiting: q.awaiting,
        after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toSubmission),
          has_more: hasMore,
          next_cursor:
            hasMore && last?.submittedAt
              ? encodeCursor(secret, scope, [last.submittedAt, last.id])
              : null,
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
          reviewSubmission(tx, campaign_id, submission_id, auth.brandIds, {
            to: 'approved',
            keyId: auth.keyId,
            side: auth.kind,
          }),
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
            side: auth.kind,
          }),
        ),
        200,
      );
    });
}
