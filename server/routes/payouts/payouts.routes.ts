import {
  PayoutEntryListQuery,
  PayoutEntryPage,
  PayoutListQuery,
  PayoutPage,
} from '#contract/payouts';
import { apiRoutes, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

// Payouts (docs/api.md#payouts): what creators earned, from the ledger of earnings. Definitions.

const payouts = apiRoutes({ tags: ['Payouts'], read: 'campaigns:read' });

export const listRoute = payouts.read({
  method: 'get',
  path: '/payouts',
  operationId: 'listPayouts',
  summary: 'Totals of what creators earned',
  description:
    'What creators earned, per creator (group_by=creator, over campaigns) or per campaign (group_by=campaign): from discount codes (commission per new use), from payouts, in total, with the uses and codes behind it. ' +
    'Largest earned first; `summary` holds the totals over every row of the filters. Filters: brand_id (agency credentials), campaign_id, creator_id, and the period from (inclusive) to (exclusive).',
  request: { query: PayoutListQuery },
  responses: {
    200: jsonContent(PayoutPage, 'A page of totals with the summary', examples.payoutsPage),
  },
});

export const entriesRoute = payouts.read({
  method: 'get',
  path: '/payouts/entries',
  operationId: 'listPayoutEntries',
  summary: 'The earnings behind the totals',
  description:
    'Each payment to a creator, newest first: a code’s commission for new uses (with the code and the usage report that paid it) or a payout. Same filters as GET /payouts.',
  request: { query: PayoutEntryListQuery },
  responses: {
    200: jsonContent(PayoutEntryPage, 'A page of earnings', examples.payoutEntriesPage),
  },
});
