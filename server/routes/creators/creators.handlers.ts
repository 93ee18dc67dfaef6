import type { CreatorReject } from '#contract/creators';
import type { Context } from 'hono';
import { campaignCreatorList, getCampaignCreator } from '../../domain/creators.ts';
import { getAuth } from '../../http/auth.ts';
import { callerDecision, type CallerDecision } from '../../http/decisions.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerCampaignList, type ListRouteDeps } from '../../http/paging.ts';
import { decideCreator } from '../../services/creators.ts';
import { listRoute, getRoute, approveRoute, rejectRoute } from './creators.routes.ts';

export function creatorRoutes(deps: ListRouteDeps) {
  const { db } = deps;
  /** approve, reject: the caller decides the application of `item`. */
  const decide = (
    c: Context<AppEnv>,
    item: { campaign_id: string; creator_id: string },
    to: CallerDecision['to'],
    reason?: string,
  ) => {
    const { scope, decision } = callerDecision(c, to, reason);
    return decideCreator(db, item.campaign_id, item.creator_id, scope, {
      to,
      reason: decision.note,
      keyId: decision.keyId,
    });
  };
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await answerCampaignList(c, deps, campaignCreatorList), 200),
    )
    .openapi(getRoute, async (c) => {
      const { campaign_id, creator_id } = c.req.valid('param');
      return c.json(
        await getCampaignCreator(db, campaign_id, creator_id, getAuth(c).brandIds),
        200,
      );
    })
    .openapi(approveRoute, async (c) =>
      c.json(await decide(c, c.req.valid('param'), 'approved'), 200),
    )
    .openapi(rejectRoute, async (c) => {
      const body = c.req.valid('json') as CreatorReject | undefined;
      return c.json(await decide(c, c.req.valid('param'), 'rejected', body?.reason), 200);
    });
}
