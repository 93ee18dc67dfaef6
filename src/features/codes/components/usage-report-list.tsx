import { useInfiniteQuery } from '@tanstack/react-query';
import type { UsageReportRecord } from '#contract/usage-reports';
import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '#components/ui/badge';
import { InlineError } from '#components/ui/inline-error';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { LoadingState } from '#components/ui/spinner';
import { formatDateTime, formatMoney, formatNumber } from '#lib/format';
import { usageReportListOptions } from '../api/usage-reports';

const CHANNELS: Record<UsageReportRecord['channel'], string> = {
  api: 'API',
  dashboard: 'Dashboard upload',
  email: 'E-mail',
};

/**
 * A group's usage reports from every channel, newest first, refreshed live; a refused report
 * opens to its rows with line numbers and reasons.
 */
export function UsageReportList({ brandId, groupId }: { brandId: string; groupId: string }) {
  const id = useId();
  const list = useInfiniteQuery(usageReportListOptions(brandId, groupId));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
          Usage reports
        </h2>
        <p className="text-sm text-gray-700">
          Every report for this group, by e-mail, through the API or uploaded here, newest first.
          New reports appear as they arrive.
        </p>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading the usage reports…" />
      ) : list.isError ? (
        <InlineError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-700">
          No usage reports for this group yet.
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {rows.map((report) => (
            <li key={report.id} className="px-3 py-3 text-sm sm:px-4">
              <ReportRow report={report} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? <LoadMoreButton list={list} label="More reports" /> : null}
    </section>
  );
}

const count = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Outcome, channel and sender, when it came, and what it did (or why it did nothing). */
function Summary({ report, toggle }: { report: UsageReportRecord; toggle?: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Badge tone={report.outcome === 'applied' ? 'green' : 'red'}>
            {report.outcome === 'applied' ? 'Applied' : 'Refused'}
          </Badge>
          <span className="font-medium text-gray-900">{CHANNELS[report.channel]}</span>
          <span className="min-w-0 break-all text-gray-700">{report.sender}</span>
        </span>
        <time dateTime={report.received_at} className="text-xs whitespace-nowrap text-gray-600">
          {formatDateTime(report.received_at)}
        </time>
      </span>
      <span className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span className="text-gray-700">
          {report.outcome === 'applied'
            ? `${count(report.codes_changed, 'code', 'codes')} changed · ${count(report.uses_added, 'use', 'uses')} added · ${formatMoney(report.paid_cents)} paid`
            : `${count(report.errors.length, 'problem', 'problems')} · nothing changed`}
        </span>
        {toggle}
      </span>
    </span>
  );
}

function ReportRow({ report }: { report: UsageReportRecord }) {
  if (report.outcome === 'applied') return <Summary report={report} />;
  return (
    <details className="group">
      <summary className="-m-1 flex cursor-pointer list-none rounded p-1 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-indigo-700 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <Summary
          report={report}
          toggle={
            <span className="flex items-center gap-1 font-medium text-indigo-700">
              <span className="group-open:hidden">Show problems</span>
              <span className="hidden group-open:inline">Hide problems</span>
              <ChevronDown
                aria-hidden="true"
                className="size-4 transition-transform group-open:rotate-180"
              />
            </span>
          }
        />
      </summary>
      <ul
        className="mt-3 space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-red-950"
        aria-label="Refused rows"
      >
        {report.errors.map((e, i) => (
          <li key={i} className="break-words">
            <span className="font-semibold">
              {e.line !== null
                ? `Line ${e.line}`
                : e.index !== null
                  ? `Item ${e.index + 1}`
                  : 'Report'}
            </span>
            {e.code ? (
              <>
                {' '}
                (<span className="font-mono break-all">{e.code}</span>)
              </>
            ) : null}
            : {e.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
