import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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
  formatNumber,
  formatPercent,
  formatShortDate,
} from '#lib/format';
import { useEveryPage } from '#lib/paging';
import { metricsKeys, metricsPostsOptions, metricsReportOptions } from '../api/metrics';
import { groupRows, timeline } from '../report-data';
import { ChartFrame, DataTable } from './chart-frame';
import { Funnel } from './funnel';

const BreakdownBars = lazy(() => import('./charts').then((m) => ({ default: m.BreakdownBars })));
const TimelineLines = lazy(() => import('./charts').then((m) => ({ default: m.TimelineLines })));

/** The breakdown the URL asks for (`by`), by task unless it says platform. */
export function readGroupBy(search: URLSearchParams): GroupBy {
  return GroupBy.safeParse(search.get('by')).data ?? 'task';
}

/**
 * One campaign's report: headline figures, the funnel, the breakdown by task or platform, and
 * views and engagement over time built from its posts. Every chart has a table view.
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

  const setGroupBy = (next: GroupBy) => {
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
      // A rate of nothing is not 0%: without views there is no rate yet.
      value:
        performance.views > 0
          ? formatPercent(performance.engagement_rate, { maximumFractionDigits: 2 })
          : '—',
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
  groupBy: GroupBy;
  switching: boolean;
  onGroupBy: (groupBy: GroupBy) => void;
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
      {GroupBy.options.map((g) => (
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
              formatPercent(r.engagementRate, { maximumFractionDigits: 2 }),
            ],
          }))}
        />
      }
    />
  );
}

function Timeline({ brandId, campaignId }: { brandId: string; campaignId: string }) {
  const posts = useInfiniteQuery(metricsPostsOptions(brandId, campaignId));
  useEveryPage(posts);
  if (posts.isPending) return <LoadingState label="Loading the posts…" />;
  if (posts.isError && !posts.data)
    return <InlineError error={posts.error} onRetry={() => void posts.refetch()} />;
  const all = posts.data.pages.flatMap((p) => p.data);
  const points = timeline(all);
  const noun = all.length === 1 ? 'live post' : 'live posts';
  if (points.length === 0) {
    return (
      <EmptyState icon={ChartLine} title="No posts yet">
        Views and engagement over time appear once creators publish.
      </EmptyState>
    );
  }
  const last = points.at(-1)!;
  const loading = posts.hasNextPage && !posts.isFetchNextPageError;
  return (
    <ChartFrame
      title="Views and engagement over time"
      summary={`From ${formatShortDate(points[0]!.day)} to ${formatShortDate(last.day)}, live posts reached ${formatNumber(last.totalViews)} views and ${formatNumber(last.totalEngagements)} engagements.`}
      actions={
        <span className="text-sm text-gray-700" role="status">
          {`Built from ${formatNumber(all.length)} ${noun} by the day each was posted`}
          {loading ? ' (loading more…)' : ''}
        </span>
      }
      chart={<TimelineLines points={points} />}
      table={
        <DataTable
          caption="Views and engagement by day posted"
          columns={[
            { label: 'Day' },
            ...COUNT_COLUMNS,
            { label: 'Views (total)', numeric: true },
            { label: 'Engagements (total)', numeric: true },
          ]}
          rows={points.map((p) => ({
            key: p.day,
            cells: [
              formatShortDate(p.day),
              ...countCells(p),
              formatNumber(p.totalViews),
              formatNumber(p.totalEngagements),
            ],
          }))}
        />
      }
    />
  );
}
