import type { CreatorReject } from '#contract/creators';
import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import {
  decideCreator,
  getCampaignCreator,
  listCampaignCreators,
  toCampaignCreator,
} from '../../domain/creators.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
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
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? (([appliedAt, creatorId]) => ({
            appliedAt: String(appliedAt),
            creatorId: String(creatorId),
          }))(decodeCursor(secret, scope, q.starting_after, ['string', 'string']))
        : undefined;
      const { rows, hasMore } = await listCampaignCreators(db, campaign_id, {
        status: q.status,
        fits: q.fits,
        after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toCampaignCreator),
          has_more: hasMore,
          next_cursor:
            hasMore && last ? encodeCursor(secret, scope, [last.appliedAt, last.creatorId]) : null,
        },
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
