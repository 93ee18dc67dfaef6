import { findCampaignRow } from '../../domain/campaigns.ts';
import {
  listPayoutEntries,
  listPayoutTotals,
  payoutEntryKeyset,
  payoutSummary,
  payoutTotalKeyset,
  toPayoutEntry,
  toPayoutTotal,
} from '../../domain/earnings.ts';
import { cursorFilters } from '../../domain/paging.ts';
import { notFound } from '../../errors.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList, listedBrands, type ListRouteDeps } from '../../http/paging.ts';
import { entriesRoute, listRoute } from './payouts.routes.ts';

// Payouts (docs/api.md#payouts): handlers. Scoped like every list of a brand: the caller's
// brands, or brand_id (403 brand_not_managed unless the caller acts for it); a campaign_id the
// caller may not see is 404 Campaign.

const FILTERS = ['brand_id', 'campaign_id', 'creator_id', 'from', 'to'] as const;

export function payoutRoutes(deps: ListRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const q = c.req.valid('query');
      const brandIds = listedBrands(c, q.brand_id);
      if (q.campaign_id && !(await findCampaignRow(db, q.campaign_id, brandIds)))
        throw notFound('Campaign');
      const filters = cursorFilters(q, ['group_by', ...FILTERS]);
      const [list, summary] = await Promise.all([
        answerList(c, deps.cursorSecret, q, {
          scope: { list: 'payouts', filters },
          keyset: payoutTotalKeyset,
          read: (page) => listPayoutTotals(db, { ...q, brandIds, ...page }),
          show: toPayoutTotal(q.group_by),
        }),
        payoutSummary(db, { ...q, brandIds }),
      ]);
      return c.json({ ...list, summary }, 200);
    })
    .openapi(entriesRoute, async (c) => {
      const q = c.req.valid('query');
      const brandIds = listedBrands(c, q.brand_id);
      if (q.campaign_id && !(await findCampaignRow(db, q.campaign_id, brandIds)))
        throw notFound('Campaign');
      return c.json(
        await answerList(c, deps.cursorSecret, q, {
          scope: { list: 'payout-entries', filters: cursorFilters(q, [...FILTERS]) },
          keyset: payoutEntryKeyset,
          read: (page) => listPayoutEntries(db, { ...q, brandIds, ...page }),
          show: toPayoutEntry,
        }),
        200,
      );
    });
}
