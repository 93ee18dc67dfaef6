import type { SubmissionReject } from '#contract/submissions';
import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import type { CursorScope } from '../../domain/cursor.ts';
import {
  getSubmission,
  listSubmissions,
  reviewSubmission,
  submissionKeyset,
  toSubmission,
} from '../../domain/submissions.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { readCursor } from '../../http/paging.ts';
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
      const cursor = await readCursor(deps.cursorSecret, scope, q.starting_after, submissionKeyset);
      const page = await listSubmissions(db, campaign_id, {
        status: q.status,
        taskId: q.task_id,
        creatorId: q.creator_id,
        awaiting: q.awaiting,
        after: cursor.after,
        limit: q.limit,
      });
      return c.json(cursor.envelope(page, toSubmission), 200);
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
