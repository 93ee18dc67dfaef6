import type { SubmissionReject } from '#contract/submissions';
import { getSubmission, reviewSubmission, submissionList } from '../../domain/submissions.ts';
import { getAuth } from '../../http/auth.ts';
import { decisionsBy } from '../../http/decisions.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerCampaignList, type ListRouteDeps } from '../../http/paging.ts';
import { listRoute, getRoute, approveRoute, rejectRoute } from './submissions.routes.ts';

export function submissionRoutes(deps: ListRouteDeps) {
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
    .openapi(listRoute, async (c) => c.json(await answerCampaignList(c, deps, submissionList), 200))
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
