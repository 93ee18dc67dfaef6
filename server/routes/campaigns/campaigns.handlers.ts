import { todayUtc } from '#contract/campaign-rules';
import type { Campaign } from '#contract/campaigns';
import type { Context } from 'hono';
import {
  campaignKeyset,
  getCampaign,
  listCampaignRows,
  toCampaignSummary,
} from '../../domain/campaigns.ts';
import { requestHash } from '../../domain/idempotency.ts';
import {
  changeCampaignStatus,
  createCampaign,
  createCampaignOnce,
  deleteCampaign,
  updateCampaign,
} from '../../services/campaigns.ts';
import { getAuth } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList, listedBrands, type ListRouteDeps } from '../../http/paging.ts';
import { cursorFilters } from '../../domain/paging.ts';
import {
  createCampaignRoute,
  listCampaignsRoute,
  getCampaignRoute,
  updateCampaignRoute,
  deleteCampaignRoute,
  publishRoute,
  withdrawRoute,
  pauseRoute,
  resumeRoute,
  publishReviewSummaryRoute,
} from './campaigns.routes.ts';
import { publishReviewSummary } from '../../domain/publish-reviews.ts';

/** The request of an operation on one campaign. */
type CampaignContext = Context<AppEnv, string, { out: { param: { campaign_id: string } } }>;

export interface CampaignRouteDeps extends ListRouteDeps {
  now: () => Date;
}

/** The body's top-level fields in the order they were sent (the parsed body follows the schema's order). */
async function sentFields(raw: Promise<unknown>): Promise<string[]> {
  const body = await raw.catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

export function campaignRoutes(deps: CampaignRouteDeps) {
  const { db, now } = deps;
  /** publish, withdraw, pause, resume: the caller's campaign changes status as `action` says. */
  const move = (c: CampaignContext, action: 'publish' | 'withdraw' | 'pause' | 'resume') =>
    changeCampaignStatus(db, c.req.valid('param').campaign_id, getAuth(c).brandIds, action, {
      now: now(),
    });
  return createRouter()
    .openapi(createCampaignRoute, async (c) => {
      const input = { auth: getAuth(c), body: c.req.valid('json'), now: now() };
      const key = c.req.valid('header')['Idempotency-Key'];
      if (key === undefined) return c.json(await createCampaign(db, input), 201);
      const request = {
        apiKeyId: input.auth.keyId,
        key,
        hash: requestHash('POST', '/campaigns', await c.req.json()),
        now: input.now,
      };
      const outcome = await createCampaignOnce(db, request, input);
      c.header('Idempotent-Replay', outcome.replay ? 'true' : 'false');
      c.header('Content-Type', 'application/json');
      // The stored text is the original answer byte for byte (jsonb would reorder its keys).
      return c.body(outcome.body, outcome.status as 201) as unknown as ReturnType<
        typeof c.json<Campaign, 201>
      >;
    })
    .openapi(listCampaignsRoute, async (c) => {
      const q = c.req.valid('query');
      const brandIds = listedBrands(c, q.brand_id);
      // q and another order than the first bind the cursor too; the newest first without a
      // search signs what it signed before they existed, so cursors already out stay valid.
      const filters = {
        ...cursorFilters(q, ['brand_id', 'status', 'created_after', 'created_before', 'id']),
        ...(q.q === undefined ? {} : { q: q.q }),
        ...(q.sort === 'newest' ? {} : { sort: q.sort }),
      };
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'campaigns', filters },
          keyset: campaignKeyset(q.sort),
          read: (page) =>
            listCampaignRows(db, {
              scope: brandIds,
              statuses: q.status,
              createdAfter: q.created_after,
              createdBefore: q.created_before,
              search: q.q,
              sort: q.sort,
              ids: q.id,
              ...page,
            }),
          show: toCampaignSummary,
        }),
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
      const campaign = await updateCampaign(db, campaign_id, getAuth(c).brandIds, patch, {
        sent,
        today: todayUtc(now()),
      });
      return c.json(campaign, 200);
    })
    .openapi(deleteCampaignRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      return c.json(await deleteCampaign(db, campaign_id, getAuth(c).brandIds), 200);
    })
    .openapi(publishRoute, async (c) => c.json(await move(c, 'publish'), 200))
    .openapi(withdrawRoute, async (c) => c.json(await move(c, 'withdraw'), 200))
    .openapi(publishReviewSummaryRoute, async (c) =>
      c.json(await publishReviewSummary(db, now()), 200),
    )
    .openapi(pauseRoute, async (c) => c.json(await move(c, 'pause'), 200))
    .openapi(resumeRoute, async (c) => c.json(await move(c, 'resume'), 200));
}
