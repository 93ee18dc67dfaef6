import { createRoute } from '@hono/zod-openapi';
import { CampaignCreator, CreatorListQuery, CreatorPage, CreatorReject } from '#contract/creators';
import { CampaignParams, CreatorParams } from '#contract/params';
import { transaction, type Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import {
  decideCreator,
  getCampaignCreator,
  listCampaignCreators,
  toCampaignCreator,
} from '../../domain/creators.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { getAuth, requireScope } from '../../http/auth.ts';
import { bearerWithScope, createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';

export interface CreatorRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

const tags = ['Creators'];
const read = { security: bearerWithScope('campaigns:read'), middleware: [requireScope('campaigns:read')] };
const write = { security: bearerWithScope('creators:write'), middleware: [requireScope('creators:write')] };

const listRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/creators',
  operationId: 'listCampaignCreators',
  tags,
  summary: "List a campaign's creators",
  description:
    'Newest applied_at first, then creator id. content, posts, metrics and spend_cents are running totals of the creator on this campaign.',
  ...read,
  request: { params: CampaignParams, query: CreatorListQuery },
  responses: { 200: jsonContent(CreatorPage, 'A page of campaign creators'), ...errorResponses(400, 401, 403, 404, 429) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/creators/{creator_id}',
  operationId: 'getCampaignCreator',
  tags,
  summary: "Get a creator's participation in a campaign",
  ...read,
  request: { params: CreatorParams },
  responses: { 200: jsonContent(CampaignCreator, 'The campaign creator'), ...errorResponses(400, 401, 403, 404, 429) },
});

const approveRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/creators/{creator_id}/approve',
  operationId: 'approveCreator',
  tags,
  summary: 'Approve a creator',
  description: 'Only an applied creator; otherwise 409 already_decided, whose message says the current state and when.',
  ...write,
  request: { params: CreatorParams },
  responses: { 200: jsonContent(CampaignCreator, 'The approved creator'), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

const rejectRoute = createRoute({
  method: 'post',
  path: '/campaigns/{campaign_id}/creators/{creator_id}/reject',
  operationId: 'rejectCreator',
  tags,
  summary: 'Reject a creator',
  description: 'Optional body {reason}. Only an applied creator; otherwise 409 already_decided.',
  ...write,
  request: {
    params: CreatorParams,
    body: { required: false, content: { 'application/json': { schema: CreatorReject } } },
  },
  responses: {
    200: jsonContent(CampaignCreator, 'The rejected creator'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

export function creatorRoutes(deps: CreatorRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const q = c.req.valid('query');
      await getCampaignRow(db, campaign_id, getAuth(c).brandIds);
      const scope: CursorScope = { list: `creators:${campaign_id}`, filters: { status: q.status ?? null } };
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? (([appliedAt, creatorId]) => ({ appliedAt: String(appliedAt), creatorId: String(creatorId) }))(
            decodeCursor(secret, scope, q.starting_after, ['string', 'string']),
          )
        : undefined;
      const { rows, hasMore } = await listCampaignCreators(db, campaign_id, { status: q.status, after, limit: q.limit });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map(toCampaignCreator),
          has_more: hasMore,
          next_cursor: hasMore && last ? encodeCursor(secret, scope, [last.appliedAt, last.creatorId]) : null,
        },
        200,
      );
    })
    .openapi(getRoute, async (c) => {
      const { campaign_id, creator_id } = c.req.valid('param');
      return c.json(await getCampaignCreator(db, campaign_id, creator_id, getAuth(c).brandIds), 200);
    })
    .openapi(approveRoute, async (c) => {
      const { campaign_id, creator_id } = c.req.valid('param');
      const auth = getAuth(c);
      return c.json(
        await transaction(db, (tx) =>
          decideCreator(tx, campaign_id, creator_id, auth.brandIds, { to: 'approved', keyId: auth.keyId }),
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
