import { useInfiniteQuery } from '@tanstack/react-query';
import type { UsageReportRecord } from '#contract/usage-reports';
import { useId } from 'react';
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
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        Usage reports
      </h2>
      {list.isPending ? (
        <LoadingState label="Loading the usage reports…" />
      ) : list.isError ? (
        <InlineError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-gray-700">
          No usage reports yet. Reports sent by e-mail, through the API or uploaded here appear as
          they arrive.
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {rows.map((report) => (
            <li key={report.id} className="p-3 text-sm">
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

function Summary({ report }: { report: UsageReportRecord }) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <Badge tone={report.outcome === 'applied' ? 'green' : 'red'}>
        {report.outcome === 'applied' ? 'Applied' : 'Refused'}
      </Badge>
      <span className="font-medium text-gray-900">{CHANNELS[report.channel]}</span>
      <span className="min-w-0 break-all text-gray-700">{report.sender}</span>
      <span className="text-gray-700">{formatDateTime(report.received_at)}</span>
      {report.outcome === 'applied' ? (
        <span className="text-gray-700">
          {count(report.codes_changed, 'code', 'codes')} changed ·{' '}
          {count(report.uses_added, 'use', 'uses')} added · {formatMoney(report.paid_cents)} paid
        </span>
      ) : (
        <span className="text-gray-700">
          {count(report.errors.length, 'problem', 'problems')} · nothing changed
        </span>
      )}
    </span>
  );
}

function ReportRow({ report }: { report: UsageReportRecord }) {
  if (report.outcome === 'applied') return <Summary report={report} />;
  return (
    <details>
      <summary className="cursor-pointer rounded focus-visible:ring-2 focus-visible:ring-indigo-700 focus-visible:outline-none">
        <Summary report={report} />
      </summary>
      <ul className="mt-2 space-y-1 pl-4 text-gray-800" aria-label="Refused rows">
        {report.errors.map((e, i) => (
          <li key={i}>
            <span className="font-medium">
              {e.line !== null
                ? `Line ${e.line}`
                : e.index !== null
                  ? `Item ${e.index + 1}`
                  : 'Report'}
              {e.code ? ` (${e.code})` : ''}:
            </span>{' '}
            {e.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
