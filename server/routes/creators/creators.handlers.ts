import type { CreatorReject } from '#contract/creators';
import type { Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import {
  campaignCreatorKeyset,
  decideCreator,
  getCampaignCreator,
  listCampaignCreators,
  toCampaignCreator,
} from '../../domain/creators.ts';
import type { CursorScope } from '../../domain/cursor.ts';
import { getAuth } from '../../http/auth.ts';
import { decisionsBy } from '../../http/decisions.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList } from '../../http/paging.ts';
import { listRoute, getRoute, approveRoute, rejectRoute } from './creators.routes.ts';

export interface CreatorRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

export function creatorRoutes(deps: CreatorRouteDeps) {
  const { db } = deps;
  const decide = decisionsBy(
    db,
    (tx, item: { campaign_id: string; creator_id: string }, scope, { to, note, keyId }) =>
      decideCreator(tx, item.campaign_id, item.creator_id, scope, { to, reason: note, keyId }),
  );
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const q = c.req.valid('query');
      await getCampaignRow(db, campaign_id, getAuth(c).brandIds);
      const scope: CursorScope = {
        list: `creators:${campaign_id}`,
        filters: { status: q.status ?? null, fits: q.fits ?? null },
      };
      return c.json(
        await answerList(deps.cursorSecret, q, {
          scope,
          keyset: campaignCreatorKeyset,
          read: (page) =>
            listCampaignCreators(db, campaign_id, {
              status: q.status,
              fits: q.fits,
              ...page,
            }),
          show: toCampaignCreator,
        }),
        200,
      );
    })
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
