import { createRoute, z } from '@hono/zod-openapi';
import {
  Campaign,
  CampaignCreate,
  CampaignDeleted,
  CampaignListQuery,
  CampaignPage,
  CampaignUpdate,
} from '#contract/campaigns';
import { IdempotencyKey } from '#contract/common';
import { CampaignParams } from '#contract/params';
import { transaction, type Db } from '../../db/client.ts';
import {
  changeStatus,
  createCampaign,
  deleteCampaign,
  getCampaign,
  inviteCodeTaken,
  listCampaignRows,
  toCampaign,
  updateCampaign,
} from '../../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from '../../domain/cursor.ts';
import { requestHash, runIdempotent } from '../../domain/idempotency.ts';
import { storableDate } from '../../domain/sql.ts';
import { brandForCreate } from '../../domain/tenancy.ts';
import { ApiError } from '../../errors.ts';
import { assertBrandManaged, getAuth, requireScope } from '../../http/auth.ts';
import {
  bearerWithScope,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../http/openapi.ts';

export interface CampaignRouteDeps {
  db: Db;
  now: () => Date;
  /** The key that signs page cursors. */
  cursorSecret: () => Promise<Uint8Array>;
}

const tags = ['Campaigns'];
const read = {
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
};
const write = {
  security: bearerWithScope('campaigns:write'),
  middleware: [requireScope('campaigns:write')],
};

const IdempotencyHeaders = z.object({
  'Idempotency-Key': IdempotencyKey.optional().meta({
    description:
      'Makes the create safe to retry: within 24 hours the same key (for this API key) with the same body ' +
      'answers the original response with Idempotent-Replay: true; another body answers 409 idempotency_conflict.',
  }),
});

const createCampaignRoute = createRoute({
  method: 'post',
  path: '/campaigns',
  operationId: 'createCampaign',
  tags,
  summary: 'Create a campaign (draft)',
  description:
    'Creates a draft. Agency keys must give brand_id; brand keys may omit it (if given it must be their brand). ' +
    'An unlisted campaign without invite_code gets a generated one.',
  ...write,
  request: { headers: IdempotencyHeaders, body: jsonBody(CampaignCreate) },
  responses: {
    201: {
      ...jsonContent(Campaign, 'The new campaign, with its tasks'),
      headers: z.object({
        'Idempotent-Replay': z.enum(['true', 'false']).optional().meta({
          description:
            'With an Idempotency-Key: true when this is the stored answer of an earlier request',
        }),
      }),
    },
    ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
  },
});

const listCampaignsRoute = createRoute({
  method: 'get',
  path: '/campaigns',
  operationId: 'listCampaigns',
  tags,
  summary: 'List campaigns',
  description:
    'Newest first (created_at, then id). Lists omit `tasks`; see `tasks_count`. A brand_id the key does not ' +
    'manage answers 403 brand_not_managed; a bad cursor 400 invalid_request.',
  ...read,
  request: { query: CampaignListQuery },
  responses: {
    200: jsonContent(CampaignPage, 'A page of campaigns'),
    ...errorResponses(400, 401, 403, 429),
  },
});

const getCampaignRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}',
  operationId: 'getCampaign',
  tags,
  summary: 'Get a campaign, with its tasks',
  ...read,
  request: { params: CampaignParams },
  responses: {
    200: jsonContent(Campaign, 'The campaign'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const updateCampaignRoute = createRoute({
  method: 'patch',
  path: '/campaigns/{campaign_id}',
  operationId: 'updateCampaign',
  tags,
  summary: 'Update a campaign',
  description:
    'Any subset of the creation body except brand_id and tasks. What may change depends on the status: ' +
    'everything in draft; in active and paused all but targeting and settings (deadlines never before today); ' +
    'nothing while pending_approval or completed (409 field_locked_for_status naming the field). A field sent ' +
    'with its current value is not a change. Settings merge key by key; links are replaced whole.',
  ...write,
  request: { params: CampaignParams, body: jsonBody(CampaignUpdate) },
  responses: {
    200: jsonContent(Campaign, 'The updated campaign'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

const deleteCampaignRoute = createRoute({
  method: 'delete',
  path: '/campaigns/{campaign_id}',
  operationId: 'deleteCampaign',
  tags,
  summary: 'Delete a draft campaign',
  description:
    'Only a draft may be deleted; any other status answers 409 invalid_state_transition.',
  ...write,
  request: { params: CampaignParams },
  responses: {
    200: jsonContent(CampaignDeleted, 'The campaign is gone'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

const actionRoute = (
  action: 'publish' | 'pause' | 'resume',
  summary: string,
  description: string,
) =>
  createRoute({
    method: 'post',
    path: `/campaigns/{campaign_id}/${action}`,
    operationId: `${action}Campaign`,
    tags,
    summary,
    description,
    ...write,
    request: { params: CampaignParams },
    responses: {
      200: jsonContent(Campaign, 'The campaign in its new status'),
      ...errorResponses(
        400,
        401,
        403,
        404,
        409,
        ...(action === 'publish' ? ([422] as const) : []),
        429,
      ),
    },
  });

const publishRoute = actionRoute(
  'publish',
  'Submit a draft for approval',
  'draft -> pending_approval; clears a publish_denied detail. Needs at least one active task unless ' +
    'settings.creator_approval_required (else 422 naming tasks).',
);
const pauseRoute = actionRoute(
  'pause',
  'Pause an active campaign',
  'active -> paused; accepting_submissions becomes false.',
);
const resumeRoute = actionRoute(
  'resume',
  'Resume a paused campaign',
  'paused -> active; accepting_submissions becomes true and status_detail is cleared.',
);

/** The body's top-level fields in the order they were sent (the parsed body follows the schema's order). */
async function sentFields(raw: Promise<unknown>): Promise<string[]> {
  const body = await raw.catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

const dateParam = (name: string, value: string | undefined) => {
  if (value !== undefined && !storableDate(value)) {
    throw new ApiError(
      400,
      'invalid_request',
      `${name}: year 0000 does not exist; use a year from 0001`,
    );
  }
  return value;
};

export function campaignRoutes(deps: CampaignRouteDeps) {
  const { db, now } = deps;
  return createRouter()
    .openapi(createCampaignRoute, async (c) => {
      const auth = getAuth(c);
      const body = c.req.valid('json');
      const key = c.req.valid('header')['Idempotency-Key'];
      const { brand_id, ...rest } = body;
      const create = (tx: Db) =>
        createCampaign(tx, { brandId: brandForCreate(auth, brand_id), body: rest });
      if (key === undefined) {
        const campaign = await transaction(db, create).catch((err: unknown) => {
          throw inviteCodeTaken(err);
        });
        return c.json(campaign, 201);
      }
      const outcome = await runIdempotent(
        db,
        {
          apiKeyId: auth.keyId,
          key,
          hash: requestHash('POST', '/campaigns', await c.req.json()),
          now: now(),
        },
        async (tx) => ({ status: 201, body: await create(tx) }),
      ).catch((err: unknown) => {
        throw inviteCodeTaken(err);
      });
      c.header('Idempotent-Replay', outcome.replay ? 'true' : 'false');
      c.header('Content-Type', 'application/json');
      // The stored text is the original answer byte for byte (jsonb would reorder its keys).
      return c.body(outcome.body, outcome.status as 201) as unknown as ReturnType<
        typeof c.json<Campaign, 201>
      >;
    })
    .openapi(listCampaignsRoute, async (c) => {
      const auth = getAuth(c);
      const q = c.req.valid('query');
      if (q.brand_id !== undefined) assertBrandManaged(c, q.brand_id);
      const statuses = q.status ? [...new Set(q.status)].sort() : undefined;
      const scope: CursorScope = {
        list: 'campaigns',
        filters: {
          brand_id: q.brand_id ?? null,
          status: statuses ?? null,
          created_after: q.created_after ?? null,
          created_before: q.created_before ?? null,
        },
      };
      const secret = await deps.cursorSecret();
      const after = q.starting_after
        ? (([createdAt, id]) => ({ createdAt: String(createdAt), id: String(id) }))(
            decodeCursor(secret, scope, q.starting_after, ['string', 'string']),
          )
        : undefined;
      const { rows, hasMore } = await listCampaignRows(db, {
        scope: q.brand_id !== undefined ? [q.brand_id] : auth.brandIds,
        statuses,
        createdAfter: dateParam('created_after', q.created_after),
        createdBefore: dateParam('created_before', q.created_before),
        after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return c.json(
        {
          data: rows.map((row) => toCampaign(row)),
          has_more: hasMore,
          next_cursor:
            hasMore && last ? encodeCursor(secret, scope, [last.createdAt, last.id]) : null,
        },
        200,
      );
    })
    .openapi(getCampaignRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      return c.json(await getCampaign(db, campaign_id, getAuth(c).brandIds), 200);
    })
    .openapi(updateCampaignRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const patch = c.req.valid('json');
      const sent = await sentFields(c.req.json());
      const campaign = await transaction(db, (tx) =>
        updateCampaign(tx, campaign_id, getAuth(c).brandIds, patch, {
          sent,
          today: now().toISOString().slice(0, 10),
        }),
      ).catch((err: unknown) => {
        throw inviteCodeTaken(err);
      });
      return c.json(campaign, 200);
    })
    .openapi(deleteCampaignRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) => deleteCampaign(tx, campaign_id, getAuth(c).brandIds)),
        200,
      );
    })
    .openapi(publishRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          changeStatus(tx, campaign_id, getAuth(c).brandIds, 'publish', { now: now() }),
        ),
        200,
      );
    })
    .openapi(pauseRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          changeStatus(tx, campaign_id, getAuth(c).brandIds, 'pause', { now: now() }),
        ),
        200,
      );
    })
    .openapi(resumeRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      return c.json(
        await transaction(db, (tx) =>
          changeStatus(tx, campaign_id, getAuth(c).brandIds, 'resume', { now: now() }),
        ),
        200,
      );
    });
}
