import { infiniteQueryOptions } from '@tanstack/react-query';
import { todayUtc } from '#contract/campaign-rules';
import {
  PayoutEntryPage,
  PayoutPage,
  type PayoutGrouping,
  type PayoutTotal,
} from '#contract/payouts';
import { api } from '#lib/api-client';
import { fileSlug } from '#lib/csv';
import type { CsvExportJob } from '#lib/csv-export';
import { formatAmount } from '#lib/format';
import type { LiveInvalidation } from '#lib/live-invalidation';
import { listPagesOptions } from '#lib/list-queries';
import { infinitePageOptions } from '#lib/paging';
import { brandQueryKey } from '#lib/query-client';

// Payouts (docs/api.md#payouts): what the brand's creators earned, per creator or per campaign,
// over a period, and the entries (codes and their reports, payouts) behind each row.

/** The period the screen shows; `from` is the start of a UTC day, so the key stays the same. */
export type PayoutPeriod = 'all' | '7d' | '30d' | '90d';

export const PERIOD_DAYS: Record<Exclude<PayoutPeriod, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

/** `from` of a period: midnight UTC `days - 1` days before today (today counts). */
export function periodFrom(period: PayoutPeriod, today = todayUtc()): string | undefined {
  if (period === 'all') return undefined;
  const start = new Date(`${today}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() - (PERIOD_DAYS[period] - 1));
  return start.toISOString();
}

export type PayoutFilters = { groupBy: PayoutGrouping; from: string | undefined };

/** Query keys of the payouts, general to specific. */
export const payoutKeys = {
  all: (brandId: string) => [...brandQueryKey(brandId), 'payouts'] as const,
  totals: (brandId: string, f: PayoutFilters) =>
    [...payoutKeys.all(brandId), 'totals', f.groupBy, f.from ?? 'all'] as const,
  entries: (brandId: string, of: EntriesOf, from: string | undefined) =>
    [...payoutKeys.all(brandId), 'entries', of.kind, of.id, from ?? 'all'] as const,
};

/** The totals of the brand, largest earned first, 25 a page; each page holds the summary. */
export const payoutTotalsOptions = (brandId: string, f: PayoutFilters) =>
  infiniteQueryOptions({
    queryKey: payoutKeys.totals(brandId, f),
    queryFn: ({ pageParam, signal }) =>
      api.GET('/payouts', PayoutPage, {
        params: {
          query: {
            brand_id: brandId,
            group_by: f.groupBy,
            from: f.from,
            limit: 25,
            starting_after: pageParam ?? undefined,
          },
        },
        signal,
      }),
    ...infinitePageOptions,
  });

/** Whose entries: one creator's (over campaigns) or one campaign's. */
export type EntriesOf = { kind: 'creator' | 'campaign'; id: string };

/** The entries behind one row, newest first, 25 a page. */
export const payoutEntriesOptions = (brandId: string, of: EntriesOf, from: string | undefined) =>
  listPagesOptions(payoutKeys.entries(brandId, of, from), (page, signal) =>
    api.GET('/payouts/entries', PayoutEntryPage, {
      params: {
        query: {
          brand_id: brandId,
          ...(of.kind === 'creator' ? { creator_id: of.id } : { campaign_id: of.id }),
          from,
          limit: 25,
          ...page,
        },
      },
      signal,
    }),
  );

/** A usage report (the codes' commission) refreshes the payouts at once. */
export const payoutsLiveInvalidation: LiveInvalidation = {
  keys: payoutKeys.all,
  concerns: (event, _key, brandId) =>
    event.type === 'usage_report.created' && event.brand_id === brandId,
};

export const PAYOUTS_CSV_HEADER = [
  'group',
  'id',
  'name',
  'earned',
  'from_codes',
  'from_payouts',
  'uses',
  'codes',
  'creators',
  'campaigns',
  'last_earned_at',
] as const;

/** One row of totals as a CSV row, in the order of `PAYOUTS_CSV_HEADER`; money as 1234.56. */
export function payoutCsvRow(row: PayoutTotal) {
  const who = row.creator
    ? { group: 'creator', id: row.creator.id, name: row.creator.username }
    : { group: 'campaign', id: row.campaign?.id ?? '', name: row.campaign?.name ?? '' };
  return [
    who.group,
    who.id,
    who.name,
    formatAmount(row.earned_cents),
    formatAmount(row.code_cents),
    formatAmount(row.payout_cents),
    row.uses,
    row.codes,
    row.creators,
    row.campaigns,
    row.last_earned_at,
  ];
}

/** Every row of the totals the screen shows (all pages, 100 a page) as a CSV file. */
export function payoutsExportJob(
  brand: { id: string; name: string },
  f: PayoutFilters,
  period: PayoutPeriod,
): CsvExportJob<PayoutTotal> {
  return {
    filename: `payouts-${fileSlug(brand.name)}-by-${f.groupBy}-${period === 'all' ? 'all-time' : `last-${PERIOD_DAYS[period]}-days`}-${todayUtc()}.csv`,
    header: PAYOUTS_CSV_HEADER,
    fetchPage: (cursor, signal) =>
      api.GET('/payouts', PayoutPage, {
        params: {
          query: {
            brand_id: brand.id,
            group_by: f.groupBy,
            from: f.from,
            limit: 100,
            starting_after: cursor ?? undefined,
          },
        },
        signal,
      }),
    toRow: payoutCsvRow,
  };
}
