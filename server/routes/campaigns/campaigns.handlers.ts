import { pastDeadlineIssues, todayUtc } from '#contract/campaign-rules';
import type { Campaign } from '#contract/campaigns';
import type { Context } from 'hono';
import { transaction, type Tx } from '../../db/client.ts';
import {
  campaignKeyset,
  changeStatus,
  createCampaign,
  deleteCampaign,
  getCampaign,
  inviteCodeTaken,
  listCampaignRows,
  toCampaignSummary,
  updateCampaign,
} from '../../domain/campaigns.ts';
import { requestHash, runIdempotent } from '../../domain/idempotency.ts';
import { brandForCreate } from '../../domain/tenancy.ts';
import { fieldsRefused } from '../../errors.ts';
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
  pauseRoute,
  resumeRoute,
} from './campaigns.routes.ts';

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
  /** publish, pause, resume: the caller's campaign changes status as `action` says. */
  const move = (c: CampaignContext, action: 'publish' | 'pause' | 'resume') =>
    transaction(db, (tx) =>
      changeStatus(tx, c.req.valid('param').campaign_id, getAuth(c).brandIds, action, {
        now: now(),
      }),
    );
  return createRouter()
    .openapi(createCampaignRoute, async (c) => {
      const auth = getAuth(c);
      const body = c.req.valid('json');
      const key = c.req.valid('header')['Idempotency-Key'];
      const { brand_id, ...rest } = body;
      const create = (tx: Tx) => {
        // Inside the idempotent run: a replay answers the stored campaign, whatever today is.
        const late = pastDeadlineIssues(rest, todayUtc(now()));
        if (late.length > 0) throw fieldsRefused(422, 'validation_failed', late);
        return createCampaign(tx, { brandId: brandForCreate(auth, brand_id), body: rest });
      };
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
      const q = c.req.valid('query');
      const brandIds = listedBrands(c, q.brand_id);
      const filters = cursorFilters(q, ['brand_id', 'status', 'created_after', 'created_before']);
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'campaigns', filters },
          keyset: campaignKeyset,
          read: (page) =>
            listCampaignRows(db, {
              scope: brandIds,
              statuses: q.status,
              createdAfter: q.created_after,
              createdBefore: q.created_before,
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
      const campaign = await transaction(db, (tx) =>
        updateCampaign(tx, campaign_id, getAuth(c).brandIds, patch, {
          sent,
          today: todayUtc(now()),
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
    .openapi(publishRoute, async (c) => c.json(await move(c, 'publish'), 200))
    .openapi(pauseRoute, async (c) => c.json(await move(c, 'pause'), 200))
    .openapi(resumeRoute, async (c) => c.json(await move(c, 'resume'), 200));
}
