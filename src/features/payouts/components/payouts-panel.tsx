import { clsx } from 'clsx';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PayoutEntry, PayoutGrouping, PayoutSummary, PayoutTotal } from '#contract/payouts';
import { ChevronDown, ChevronRight, Wallet } from 'lucide-react';
import { Fragment, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Label } from '#components/ui/label';
import { CsvExportControl } from '#components/ui/csv-export-control';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { QueryStates } from '#components/ui/query-states';
import { Select } from '#components/ui/select';
import { LoadingState } from '#components/ui/spinner';
import { NumberCell, Table, type TableColumn } from '#components/ui/table';
import { ToggleChip } from '#components/ui/toggle-chip';
import { paths } from '#config/paths';
import { useCsvExport } from '#lib/csv-export';
import { formatDateTime, formatMoney, formatNumber } from '#lib/format';
import {
  payoutEntriesOptions,
  payoutsExportJob,
  payoutTotalsOptions,
  periodFrom,
  type EntriesOf,
  type PayoutFilters,
  type PayoutPeriod,
} from '../api/payouts';

const GROUPINGS: readonly { value: PayoutGrouping; label: string }[] = [
  { value: 'creator', label: 'By creator' },
  { value: 'campaign', label: 'By campaign' },
];

const PERIODS: readonly { value: PayoutPeriod; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

const CHANNEL_WORDS = { api: 'through the API', dashboard: 'uploaded here', email: 'by e-mail' };

/**
 * What the brand's creators earned (docs/api.md#payouts): the totals of the period, a page of
 * creators or campaigns by earnings with the entries behind each, and the CSV of every row. The
 * grouping and period are in the URL (`?by=campaign&period=30d`).
 */
export function PayoutsPanel({ brand }: { brand: { id: string; name: string } }) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const groupBy: PayoutGrouping = searchParams.get('by') === 'campaign' ? 'campaign' : 'creator';
  const period = PERIODS.find((p) => p.value === searchParams.get('period'))?.value ?? 'all';
  const from = useMemo(() => periodFrom(period), [period]);
  const filters: PayoutFilters = { groupBy, from };

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  const list = useInfiniteQuery({
    ...payoutTotalsOptions(brand.id, filters),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const summary = list.data?.pages[0]?.summary;
  const csv = useCsvExport();

  return (
    <div className="space-y-4">
      <Totals summary={summary} pending={list.isPending} />
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <div role="group" aria-label="Show totals" className="flex flex-wrap gap-2">
            {GROUPINGS.map((g) => (
              <ToggleChip
                key={g.value}
                pressed={groupBy === g.value}
                onClick={() => setParam('by', g.value === 'creator' ? null : g.value)}
              >
                {g.label}
              </ToggleChip>
            ))}
          </div>
          <div className="w-44 space-y-1">
            <Label htmlFor={`${id}-period`}>Period</Label>
            <Select
              id={`${id}-period`}
              value={period}
              onChange={(e) => setParam('period', e.target.value === 'all' ? null : e.target.value)}
            >
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <CsvExportControl
          label="Download CSV"
          state={csv.state}
          disabled={rows.length === 0}
          onStart={() => void csv.start(payoutsExportJob(brand, filters, period))}
          onCancel={csv.cancel}
          onDismiss={csv.clear}
        />
      </div>
      <QueryStates
        query={list}
        rows={rows}
        loading="Loading the payouts…"
        empty={
          <EmptyState
            icon={Wallet}
            title={period === 'all' ? 'No earnings yet' : 'No earnings in this period'}
          >
            {period === 'all'
              ? 'Creators earn when shoppers use their discount codes and when they are paid for their posts. What they earn appears here.'
              : 'No creator earned anything in this period. Choose a longer period to see more.'}
          </EmptyState>
        }
      >
        <div className="space-y-3">
          <div
            className={clsx(
              'overflow-x-auto rounded-lg border border-gray-200 bg-white transition-opacity',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            <TotalsTable brandId={brand.id} groupBy={groupBy} from={from} rows={rows} />
          </div>
          <LoadMoreButton
            list={list}
            label={groupBy === 'creator' ? 'Load more creators' : 'Load more campaigns'}
          />
        </div>
      </QueryStates>
    </div>
  );
}

/** The four figures of the period at the top. */
function Totals({ summary, pending }: { summary: PayoutSummary | undefined; pending: boolean }) {
  const figures = [
    { label: 'Earned', value: formatMoney(summary?.earned_cents) },
    { label: 'From codes', value: formatMoney(summary?.code_cents) },
    { label: 'From payouts', value: formatMoney(summary?.payout_cents) },
    { label: 'Creators paid', value: formatNumber(summary?.creators) },
  ];
  return (
    <section aria-label="Totals of the period" aria-busy={pending || undefined}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg border border-gray-200 bg-white px-4 py-3">
            <dt className="text-xs font-medium text-gray-600">{f.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-gray-900 tabular-nums">
              {pending ? '…' : f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const onWide = 'max-sm:hidden';

function columns(groupBy: PayoutGrouping): TableColumn[] {
  return [
    { label: groupBy === 'creator' ? 'Creator' : 'Campaign' },
    { label: 'Earned', align: 'right' },
    { label: 'From codes', align: 'right', className: onWide },
    { label: 'From payouts', align: 'right', className: onWide },
    { label: 'Code uses', align: 'right', className: onWide },
    { label: 'Last earned', className: onWide },
  ];
}

function TotalsTable({
  brandId,
  groupBy,
  from,
  rows,
}: {
  brandId: string;
  groupBy: PayoutGrouping;
  from: string | undefined;
  rows: readonly PayoutTotal[];
}) {
  const [open, setOpen] = useState<string | null>(null);
  const cols = columns(groupBy);
  return (
    <Table
      caption={groupBy === 'creator' ? 'Earnings by creator' : 'Earnings by campaign'}
      columns={cols}
    >
      {rows.map((row) => {
        const of: EntriesOf = row.creator
          ? { kind: 'creator', id: row.creator.id }
          : { kind: 'campaign', id: row.campaign!.id };
        const name = row.creator ? `@${row.creator.username}` : row.campaign!.name;
        const key = `${of.kind}:${of.id}`;
        const expanded = open === key;
        const panelId = `payout-entries-${of.kind}-${of.id}`;
        return (
          <Fragment key={key}>
            <tr className={clsx(expanded && 'bg-indigo-50/40')}>
              <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : key)}
                  className="inline-flex min-h-8 items-center gap-1 rounded text-left break-all hover:underline"
                >
                  {expanded ? (
                    <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
                  ) : (
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
                  )}
                  {name}
                  <span className="sr-only">: {expanded ? 'hide' : 'show'} entries</span>
                </button>
              </th>
              <NumberCell>{formatMoney(row.earned_cents)}</NumberCell>
              <td className={clsx(onWide, 'px-3 py-2 text-right tabular-nums')}>
                {formatMoney(row.code_cents)}
              </td>
              <td className={clsx(onWide, 'px-3 py-2 text-right tabular-nums')}>
                {formatMoney(row.payout_cents)}
              </td>
              <td className={clsx(onWide, 'px-3 py-2 text-right tabular-nums')}>
                {formatNumber(row.uses)}
              </td>
              <td className={clsx(onWide, 'px-3 py-2 whitespace-nowrap')}>
                {formatDateTime(row.last_earned_at)}
              </td>
            </tr>
            {expanded ? (
              <tr id={panelId}>
                <td colSpan={cols.length} className="bg-gray-50 px-3 py-3">
                  <Entries brandId={brandId} of={of} from={from} name={name} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        );
      })}
    </Table>
  );
}

/** The entries behind one row: each code's commission with its report, and each payout. */
function Entries({
  brandId,
  of,
  from,
  name,
}: {
  brandId: string;
  of: EntriesOf;
  from: string | undefined;
  name: string;
}) {
  const list = useInfiniteQuery(payoutEntriesOptions(brandId, of, from));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.isPending) return <LoadingState label={`Loading the entries of ${name}…`} />;
  if (list.isError && rows.length === 0)
    return <InlineError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="space-y-2">
      <h2 className="text-sm font-semibold text-gray-900">What {name} earned, newest first</h2>
      <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
        {rows.map((entry) => (
          <li key={entry.id} className="px-3 py-2 text-sm">
            <EntryLine brandId={brandId} entry={entry} of={of} />
          </li>
        ))}
      </ul>
      <LoadMoreButton list={list} label="Load more entries" />
    </div>
  );
}

function EntryLine({ brandId, entry, of }: { brandId: string; entry: PayoutEntry; of: EntriesOf }) {
  const where = of.kind === 'creator' ? entry.campaign.name : `@${entry.creator.username}`;
  const what =
    entry.source === 'payout'
      ? 'Payout'
      : entry.code
        ? `Code ${entry.code}, ${formatNumber(entry.uses)} ${entry.uses === 1 ? 'use' : 'uses'}`
        : 'Codes, earned before this record began';
  const report = entry.usage_report;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium break-words text-gray-900">{what}</p>
        <p className="break-words text-gray-700">{where}</p>
        {report ? (
          <p className="break-words text-gray-600">
            Reported by {report.sender} {CHANNEL_WORDS[report.channel]}.{' '}
            <Link
              className="font-medium text-indigo-800 underline"
              to={`${paths.codes.href(brandId)}${report.group_id ? `?group=${encodeURIComponent(report.group_id)}` : ''}`}
            >
              See the usage reports
              <span className="sr-only"> of code {entry.code}</span>
            </Link>
          </p>
        ) : null}
      </div>
      <div className="flex w-full flex-row-reverse items-baseline justify-between gap-2 sm:block sm:w-auto sm:text-right">
        <p className="font-semibold text-gray-900 tabular-nums">{formatMoney(entry.cents)}</p>
        <p className="text-xs whitespace-nowrap text-gray-600">
          <time dateTime={entry.earned_at}>{formatDateTime(entry.earned_at)}</time>
        </p>
      </div>
    </div>
  );
}
