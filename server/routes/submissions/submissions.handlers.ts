import type { SubmissionReject } from '#contract/submissions';
import type { Db } from '../../db/client.ts';
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
import { decisionsBy } from '../../http/decisions.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList } from '../../http/paging.ts';
import { listRoute, getRoute, approveRoute, rejectRoute } from './submissions.routes.ts';

export interface SubmissionRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

export function submissionRoutes(deps: SubmissionRouteDeps) {
  const { db } = deps;
  const decide = decisionsBy(
    db,
    (tx, item: { campaign_id: string; submission_id: string }, scope, { to, note, keyId, side }) =>
      reviewSubmission(tx, item.campaign_id, item.submission_id, scope, {
        to,
        feedback: note,
        keyId,
        side,
      }),
  );
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
      return c.json(
        await answerList(deps.cursorSecret, q, {
          scope,
          keyset: submissionKeyset,
          read: (page) =>
            listSubmissions(db, campaign_id, {
              status: q.status,
              taskId: q.task_id,
              creatorId: q.creator_id,
              awaiting: q.awaiting,
              ...page,
            }),
          show: toSubmission,
        }),
        200,
      );
    })
    .openapi(getRoute, async (c) => {
      const { campaign_id, submission_id } = c.req.valid('param');
      return c.json(await getSubmission(db, campaign_id, submission_id, getAuth(c).brandIds), 200);
    })
    .openapi(approveRoute, async (c) =>
      c.json(await decide(c, c.req.valid('param'), 'approved'), 200),
    )
    .openapi(rejectRoute, async (c) => {
      const body = c.req.valid('json') as SubmissionReject | undefined;
      return c.json(await decide(c, c.req.valid('param'), 'rejected', body?.feedback), 200);
    });
}
