import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { GROUP_BY_LABELS, GroupBy } from '#contract/enums';
import type { MetricsReport } from '#contract/metrics';
import { ChartLine, RefreshCw } from 'lucide-react';
import { lazy, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState, Spinner } from '#components/ui/spinner';
import {
  formatDateTime,
  formatMoney,
  formatEngagementRate,
  formatNumber,
  formatShortDate,
} from '#lib/format';
import {
  metricsHistoryOptions,
  metricsKeys,
  metricsReportOptions,
  viewerTimeZone,
} from '../api/metrics';
import { groupRows, timeline } from '../report-data';
import { ChartFrame, DataTable } from './chart-frame';
import { Funnel } from './funnel';

const BreakdownBars = lazy(() => import('./charts').then((m) => ({ default: m.BreakdownBars })));
const TimelineLines = lazy(() => import('./charts').then((m) => ({ default: m.TimelineLines })));

/** The breakdowns the chart offers; by day is the timeline's. */
const BREAKDOWNS = GroupBy.exclude(['day']);
type Breakdown = Exclude<GroupBy, 'day'>;

/** The breakdown the URL asks for (`by`), by task unless it says platform. */
export function readGroupBy(search: URLSearchParams): Breakdown {
  return BREAKDOWNS.safeParse(search.get('by')).data ?? 'task';
}

/**
 * One campaign's report: headline figures, the funnel, the breakdown by task or platform, and
 * views and engagement over time from the report grouped by day. Two requests, whatever the
 * number of posts (docs/decisions/0124-screens-read-pages-and-sums.md). Every chart has a table view.
 */
export function CampaignMetrics({ brandId, campaignId }: { brandId: string; campaignId: string }) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const groupBy = readGroupBy(searchParams);
  const report = useQuery({
    ...metricsReportOptions(brandId, campaignId, groupBy),
    placeholderData: keepPreviousData,
  });

  if (report.isPending) return <LoadingState label="Loading the report…" />;
  if (report.isError && !report.data)
    return <InlineError error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  // A report of another campaign kept on screen while this one loads would mislead.
  if (data.campaign_id !== campaignId) return <LoadingState label="Loading the report…" />;

  const setGroupBy = (next: Breakdown) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'task') params.delete('by');
    else params.set('by', next);
    setSearchParams(params, { replace: true });
  };

  return (
    <div className="space-y-6" aria-busy={report.isFetching || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
        <p>
          Report as of <time dateTime={data.as_of}>{formatDateTime(data.as_of)}</time>
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={report.isFetching}
          onClick={() =>
            void queryClient.invalidateQueries({
              queryKey: metricsKeys.campaign(brandId, campaignId),
            })
          }
        >
          {report.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" className="size-4" />}
          Refresh
        </Button>
      </div>
      <Headline report={data} />
      <Funnel report={data} />
      <Breakdown
        report={data}
        groupBy={groupBy}
        switching={report.isPlaceholderData}
        onGroupBy={setGroupBy}
      />
      <Timeline brandId={brandId} campaignId={campaignId} />
    </div>
  );
}

function Headline({ report }: { report: MetricsReport }) {
  const { performance, spend, funnel } = report;
  const figures = [
    { label: 'Views', value: formatNumber(performance.views) },
    {
      label: 'Engagement rate',
      value: formatEngagementRate(performance),
    },
    { label: 'Likes', value: formatNumber(performance.likes) },
    { label: 'Comments', value: formatNumber(performance.comments) },
    { label: 'Shares', value: formatNumber(performance.shares) },
    { label: 'Saves', value: formatNumber(performance.saves) },
    { label: 'Live posts', value: formatNumber(funnel.posts) },
    { label: 'Spent', value: formatMoney(spend.spent_cents) },
    {
      label: 'Effective CPM',
      value: performance.views > 0 ? formatMoney(spend.effective_cpm_cents) : '—',
      hint: 'spent per 1,000 views',
    },
  ];
  return (
    <section aria-label="Performance and spend">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg border border-gray-200 bg-white p-3">
            <dt className="text-xs font-medium text-gray-600">
              {f.label}
              {f.hint ? <span className="block font-normal">{f.hint}</span> : null}
            </dt>
            <dd className="mt-1 text-xl font-semibold text-gray-900 tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The columns both tables give a group or a day: its posts, their views and engagements. */
const COUNT_COLUMNS = [
  { label: 'Posts', numeric: true },
  { label: 'Views', numeric: true },
  { label: 'Engagements', numeric: true },
];
const countCells = (c: { posts: number; views: number; engagements: number }) => [
  formatNumber(c.posts),
  formatNumber(c.views),
  formatNumber(c.engagements),
];

function Breakdown({
  report,
  groupBy,
  switching,
  onGroupBy,
}: {
  report: MetricsReport;
  groupBy: Breakdown;
  switching: boolean;
  onGroupBy: (groupBy: Breakdown) => void;
}) {
  const id = useId();
  const rows = groupRows(report.groups ?? []);
  const noun = GROUP_BY_LABELS[groupBy].toLowerCase();
  // Groups with no live post yet (a new campaign's tasks) would draw an empty axis.
  const nothingLive = rows.every((r) => r.posts === 0 && r.views === 0);
  const summary = nothingLive
    ? `No posts to break down by ${noun} yet.`
    : `Views and engagements by ${noun}: ${rows
        .map(
          (r) =>
            `${r.label} ${formatNumber(r.views)} views, ${formatNumber(r.engagements)} engagements`,
        )
        .join('; ')}.`;
  const switcher = (
    <fieldset className="flex items-center gap-3 text-sm" aria-busy={switching || undefined}>
      <legend className="sr-only">Break down by</legend>
      <span aria-hidden="true" className="text-gray-700">
        By
      </span>
      {BREAKDOWNS.options.map((g) => (
        <label key={g} className="flex items-center gap-1.5">
          <input
            type="radio"
            name={`${id}-by`}
            value={g}
            checked={groupBy === g}
            onChange={() => onGroupBy(g)}
            className="size-4 accent-indigo-700"
          />
          {GROUP_BY_LABELS[g]}
        </label>
      ))}
      {switching ? <Spinner label="Loading the breakdown…" className="size-4" /> : null}
    </fieldset>
  );
  return (
    <ChartFrame
      title={`Performance by ${noun}`}
      summary={summary}
      actions={switcher}
      chart={
        nothingLive ? (
          <p className="py-8 text-center text-sm text-gray-600">
            No live posts yet: views and engagements by {noun} appear once creators publish.
          </p>
        ) : (
          <BreakdownBars rows={rows} groupTitle={GROUP_BY_LABELS[groupBy]} />
        )
      }
      table={
        <DataTable
          caption={`Performance by ${noun}`}
          columns={[
            { label: GROUP_BY_LABELS[groupBy] },
            ...COUNT_COLUMNS,
            { label: 'Engagement rate', numeric: true },
          ]}
          rows={rows.map((r) => ({
            key: r.key,
            cells: [
              r.label,
              ...countCells(r),
              formatEngagementRate({ views: r.views, engagement_rate: r.engagementRate }),
            ],
          }))}
        />
      }
    />
  );
}

function Timeline({ brandId, campaignId }: { brandId: string; campaignId: string }) {
  const timeZone = viewerTimeZone();
  const history = useQuery(metricsHistoryOptions(brandId, campaignId, timeZone));
  if (history.isPending) return <LoadingState label="Loading the days…" />;
  if (history.isError && !history.data)
    return <InlineError error={history.error} onRetry={() => void history.refetch()} />;
  const points = timeline(history.data.days);
  if (points.length === 0) {
    return (
      <EmptyState icon={ChartLine} title="No posts yet">
        Views and engagement over time appear once creators publish.
      </EmptyState>
    );
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  const span =
    points.length === 1
      ? `Today (${formatShortDate(last.day)})`
      : `From ${formatShortDate(first.day)} to ${formatShortDate(last.day)}`;
  return (
    <ChartFrame
      title="Views and engagement over time"
      summary={`${span}, live posts went from ${formatNumber(first.views)} to ${formatNumber(last.views)} views and from ${formatNumber(first.engagements)} to ${formatNumber(last.engagements)} engagements; spend reached ${formatMoney(last.spentCents)}.`}
      actions={
        <span className="text-sm text-gray-700">
          Totals at the end of each day ({timeZone.replaceAll('_', ' ')})
        </span>
      }
      chart={<TimelineLines points={points} />}
      table={
        <DataTable
          caption="Totals at the end of each day"
          columns={[
            { label: 'Day' },
            { label: 'Views (total)', numeric: true },
            { label: 'New views', numeric: true },
            { label: 'Engagements (total)', numeric: true },
            { label: 'New engagements', numeric: true },
            { label: 'Spent (total)', numeric: true },
          ]}
          rows={[...points].reverse().map((p) => ({
            key: p.day,
            cells: [
              formatShortDate(p.day),
              formatNumber(p.views),
              formatNumber(p.newViews),
              formatNumber(p.engagements),
              formatNumber(p.newEngagements),
              formatMoney(p.spentCents),
            ],
          }))}
        />
      }
      footnote={
        <>Taken-down posts leave the totals on the day they come down, as they leave the report.</>
      }
    />
  );
}
