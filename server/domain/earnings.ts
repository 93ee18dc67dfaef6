import { sql, type SQL } from 'drizzle-orm';
import type {
  PayoutEntry,
  PayoutEntryListQuery,
  PayoutGrouping,
  PayoutListQuery,
  PayoutSummary,
  PayoutTotal,
} from '#contract/payouts';
import type { UsageReportChannel } from '#contract/usage-reports';
import { queryRows, type Db } from '../db/client.ts';
import { noPage, pageOf, rowsForPage, type Keyset, type ListFilter, type Page } from './paging.ts';

// Payouts (docs/api.md#payouts): the ledger of earnings (table earnings, docs/decisions/0161),
// written in the transaction of every payment (codes.ts reportUsage, payouts.ts createPayout), read
// as totals per creator or per campaign and as the entries behind them. Every read is one brand's
// rows by an index that leads with brand_id; the totals are summed in SQL and paged on the sum
// (largest first), so an answer reads the filtered rows once and returns a page of groups.

const uuidArray = (ids: readonly string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

type Filters = Pick<PayoutListQuery, 'campaign_id' | 'creator_id' | 'from' | 'to'> & {
  brandIds: readonly string[];
};

function where(f: Filters): SQL {
  const parts: SQL[] = [sql`e.brand_id = any(${uuidArray(f.brandIds)})`];
  if (f.campaign_id) parts.push(sql`e.campaign_id = ${f.campaign_id}::uuid`);
  if (f.creator_id) parts.push(sql`e.creator_id = ${f.creator_id}`);
  if (f.from) parts.push(sql`e.earned_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`e.earned_at < ${f.to}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const sums = sql`sum(e.cents)::float8 as earned,
  coalesce(sum(e.cents) filter (where e.source = 'code'), 0)::float8 as code_cents,
  coalesce(sum(e.cents) filter (where e.source = 'payout'), 0)::float8 as payout_cents,
  sum(e.uses)::float8 as uses,
  count(distinct e.code)::int as codes,
  count(distinct e.creator_id)::int as creators,
  count(distinct e.campaign_id)::int as campaigns`;

type SumRow = {
  earned: number;
  code_cents: number;
  payout_cents: number;
  uses: number;
  codes: number;
  creators: number;
  campaigns: number;
};

export type TotalRow = SumRow & {
  key: string;
  label: string;
  last_earned_at: string;
};

/** Largest earned first, then the creator's or campaign's id. */
export const payoutTotalKeyset: Keyset<TotalRow, { earned: number; key: string }> = {
  shape: ['number', 'string'],
  positionOf: (row) => [row.earned, row.key],
  after: ([earned, key]) => ({ earned: Number(earned), key: String(key) }),
};

export type PayoutTotalFilter = ListFilter<PayoutListQuery, { earned: number; key: string }> & {
  brandIds: readonly string[];
};

/** A page of totals per creator or per campaign of `filter`, largest earned first. */
export async function listPayoutTotals(db: Db, filter: PayoutTotalFilter): Promise<Page<TotalRow>> {
  if (filter.brandIds.length === 0) return noPage();
  const key = filter.group_by === 'campaign' ? sql`e.campaign_id::text` : sql`e.creator_id`;
  const after = filter.after
    ? sql`having sum(e.cents) < ${filter.after.earned}::bigint
        or (sum(e.cents) = ${filter.after.earned}::bigint and ${key} collate "C" > ${filter.after.key})`
    : sql``;
  const grouped = await queryRows<Omit<TotalRow, 'label'>>(
    db,
    sql`select ${key} as key, ${sums}, to_char(max(e.earned_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_earned_at
      from earnings e where ${where(filter)}
      group by ${key} ${after}
      order by sum(e.cents) desc, ${key} collate "C" asc
      limit ${rowsForPage(filter.limit)}`,
  );
  // Names for the page's rows only.
  const keys = grouped.map((r) => r.key);
  const labels =
    keys.length === 0
      ? []
      : await queryRows<{ key: string; label: string }>(
          db,
          filter.group_by === 'campaign'
            ? sql`select id::text as key, name as label from campaigns where id = any(${uuidArray(keys)})`
            : sql`select id as key, username as label from creators where id in (${sql.join(
                keys.map((k) => sql`${k}`),
                sql`, `,
              )})`,
        );
  const byKey = new Map(labels.map((l) => [l.key, l.label]));
  return pageOf(
    grouped.map((r) => ({ ...r, label: byKey.get(r.key) ?? r.key })),
    filter.limit,
  );
}

export const toPayoutTotal =
  (groupBy: PayoutGrouping) =>
  (row: TotalRow): PayoutTotal => ({
    creator: groupBy === 'creator' ? { id: row.key, username: row.label } : null,
    campaign: groupBy === 'campaign' ? { id: row.key, name: row.label } : null,
    earned_cents: Number(row.earned),
    code_cents: Number(row.code_cents),
    payout_cents: Number(row.payout_cents),
    uses: Number(row.uses),
    codes: Number(row.codes),
    creators: Number(row.creators),
    campaigns: Number(row.campaigns),
    last_earned_at: row.last_earned_at,
  });

/** The totals over every row of the filters. */
export async function payoutSummary(db: Db, filter: Filters): Promise<PayoutSummary> {
  const zero = { earned_cents: 0, code_cents: 0, payout_cents: 0, uses: 0, codes: 0 };
  if (filter.brandIds.length === 0) return { ...zero, creators: 0, campaigns: 0 };
  const [row] = await queryRows<SumRow>(
    db,
    sql`select coalesce(sum(e.cents), 0)::float8 as earned,
        coalesce(sum(e.cents) filter (where e.source = 'code'), 0)::float8 as code_cents,
        coalesce(sum(e.cents) filter (where e.source = 'payout'), 0)::float8 as payout_cents,
        coalesce(sum(e.uses), 0)::float8 as uses,
        count(distinct e.code)::int as codes,
        count(distinct e.creator_id)::int as creators,
        count(distinct e.campaign_id)::int as campaigns
      from earnings e where ${where(filter)}`,
  );
  return {
    earned_cents: Number(row?.earned ?? 0),
    code_cents: Number(row?.code_cents ?? 0),
    payout_cents: Number(row?.payout_cents ?? 0),
    uses: Number(row?.uses ?? 0),
    codes: Number(row?.codes ?? 0),
    creators: Number(row?.creators ?? 0),
    campaigns: Number(row?.campaigns ?? 0),
  };
}

export type EntryRow = {
  id: string;
  source: 'code' | 'payout';
  campaign_id: string;
  campaign_name: string;
  creator_id: string;
  username: string;
  code: string | null;
  report_id: string | null;
  report_group_id: string | null;
  report_channel: string | null;
  report_sender: string | null;
  report_received_at: string | null;
  payout_id: string | null;
  uses: number;
  cents: number;
  earned_at: string;
};

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type PayoutEntryFilter = ListFilter<
  PayoutEntryListQuery,
  { earnedAt: string; id: string }
> & { brandIds: readonly string[] };

/** Newest first, then id (descending). */
export const payoutEntryKeyset: Keyset<EntryRow, { earnedAt: string; id: string }> = {
  shape: ['string', 'string'],
  positionOf: (row) => [row.earned_at, row.id],
  after: ([at, id]) => ({ earnedAt: String(at), id: String(id) }),
};

/** A page of the entries of `filter`, newest first, with their campaign, creator and report. */
export async function listPayoutEntries(
  db: Db,
  filter: PayoutEntryFilter,
): Promise<Page<EntryRow>> {
  if (filter.brandIds.length === 0) return noPage();
  const after = filter.after
    ? sql`and (e.earned_at, e.id) < (${filter.after.earnedAt}::timestamptz, ${filter.after.id}::uuid)`
    : sql``;
  const rows = await queryRows<EntryRow>(
    db,
    sql`select e.id, e.source, e.campaign_id, c.name as campaign_name, e.creator_id, cr.username,
        e.code, r.id as report_id, r.group_id as report_group_id, r.channel as report_channel, r.sender as report_sender,
        ${iso(sql`r.received_at`)} as report_received_at, e.payout_id,
        e.uses::float8 as uses, e.cents::float8 as cents, ${iso(sql`e.earned_at`)} as earned_at
      from (select * from earnings e where ${where(filter)} ${after}
        order by e.earned_at desc, e.id desc limit ${rowsForPage(filter.limit)}) e
      join campaigns c on c.id = e.campaign_id
      join creators cr on cr.id = e.creator_id
      left join usage_reports r on r.id = e.usage_report_id
      order by e.earned_at desc, e.id desc`,
  );
  return pageOf(rows, filter.limit);
}

export const toPayoutEntry = (row: EntryRow): PayoutEntry => ({
  id: row.id,
  source: row.source,
  campaign: { id: row.campaign_id, name: row.campaign_name },
  creator: { id: row.creator_id, username: row.username },
  code: row.code,
  usage_report:
    row.report_id === null
      ? null
      : {
          id: row.report_id,
          group_id: row.report_group_id,
          channel: row.report_channel as UsageReportChannel,
          sender: row.report_sender ?? '',
          received_at: row.report_received_at ?? row.earned_at,
        },
  payout_id: row.payout_id,
  uses: Number(row.uses),
  cents: Number(row.cents),
  earned_at: row.earned_at,
});
