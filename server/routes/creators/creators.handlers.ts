import type { CreatorReject } from '#contract/creators';
import { transaction, type Db } from '../../db/client.ts';
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
import { createRouter } from '../../http/openapi.ts';
import { readCursor } from '../../http/paging.ts';
import { listRoute, getRoute, approveRoute, rejectRoute } from './creators.routes.ts';

export interface CreatorRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

export function creatorRoutes(deps: CreatorRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const q = c.req.valid('query');
      await getCampaignRow(db, campaign_id, getAuth(c).brandIds);
      const scope: CursorScope = {
        list: `creators:${campaign_id}`,
        filters: { status: q.status ?? null, fits: q.fits ?? null },
      };
      const cursor = await readCursor(
        deps.cursorSecret,
        scope,
        q.starting_after,
        campaignCreatorKeyset,
      );
      const page = await listCampaignCreators(db, campaign_id, {
        status: q.status,
        fits: q.fits,
        after: cursor.after,
        limit: q.limit,
      });
      return c.json(cursor.envelope(page, toCampaignCreator), 200);
    })
    .openapi(getRoute, async (c) => {
      const { campaign_id, creator_id } = c.req.valid('param');
      return c.json(
        await getCampaignCreator(db, campaign_id, creator_id, getAuth(c).brandIds),
        200,
      );
    })
    .openapi(approveRoute, async (c) => {
      const { campaign_id, creator_id } = c.req.valid('param');
      const auth = getAuth(c);
      return c.json(
        await transaction(db, (tx) =>
          decideCreator(tx, campaign_id, creator_id, auth.brandIds, {
            to: 'approved',
            keyId: auth.keyId,
          }),
        ),
        200,
      );
    })
    .openapi(rejectRoute, async (c) => {
      const { campaign_id, creator_id } = c.req.valid('param');
      const body = c.req.valid('json') as CreatorReject | undefined;
      const auth = getAuth(c);
      return c.json(
        await transaction(db, (tx) =>
          decideCreator(tx, campaign_id, creator_id, auth.brandIds, {
            to: 'rejected',
            reason: body?.reason,
            keyId: auth.keyId,
          }),
        ),
        200,
      );
    });
}
