import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CampaignStatusBadge } from '#components/ui/campaign-status-badge';
import { Spinner } from '#components/ui/spinner';
import { formatMoney, formatNumber, formatPercent } from '#lib/format';
import { headlineTotals, type CampaignHeadline } from '../headline';

type Row = CampaignHeadline & { failed: boolean };

const COLUMNS = [
  'Creators approved',
  'Posts',
  'Views',
  'Engagement rate',
  'Spent',
  'Effective CPM',
] as const;

/**
 * The brand's campaigns side by side with their headline figures, and the totals across them.
 * Each name opens the campaign's metrics.
 */
export function OverviewTable({
  rows,
  metricsHref,
}: {
  rows: readonly Row[];
  metricsHref: (campaignId: string) => string;
}) {
  const totals = headlineTotals(rows);
  const maxViews = Math.max(1, ...rows.map((r) => r.report?.performance.views ?? 0));
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Campaigns and their headline figures</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Campaign
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map(({ campaign, report, failed }) => {
            const views = report?.performance.views ?? 0;
            return (
              <tr key={campaign.id}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <Link
                    to={metricsHref(campaign.id)}
                    className="text-indigo-800 underline-offset-2 hover:underline"
                  >
                    {campaign.name}
                  </Link>
                </th>
                <td className="px-3 py-2">
                  <CampaignStatusBadge status={campaign.status} />
                </td>
                {report ? (
                  <>
                    <Num>{formatNumber(report.funnel.creators_approved)}</Num>
                    <Num>{formatNumber(report.funnel.posts)}</Num>
                    <td className="px-3 py-2 text-right tabular-nums">
                      <span className="flex items-center justify-end gap-2">
                        {/* A bar for comparing at a glance; the number carries the value. */}
                        <span
                          aria-hidden="true"
                          className="h-1.5 rounded-full bg-indigo-600"
                          style={{ width: `${Math.round((views / maxViews) * 64)}px` }}
                        />
                        {formatNumber(views)}
                      </span>
                    </td>
                    <Num>
                      {formatPercent(report.performance.engagement_rate, {
                        maximumFractionDigits: 2,
                      })}
                    </Num>
                    <Num>{formatMoney(report.spend.spent_cents)}</Num>
                    <Num>
                      {report.performance.views > 0
                        ? formatMoney(report.spend.effective_cpm_cents)
                        : '—'}
                    </Num>
                  </>
                ) : (
                  <td colSpan={COLUMNS.length} className="px-3 py-2 text-right text-gray-700">
                    {failed ? (
                      'The figures could not be loaded.'
                    ) : (
                      <Spinner
                        label={`Loading the figures of ${campaign.name}`}
                        className="size-4"
                      />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
        <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total ({formatNumber(totals.campaigns)}{' '}
              {totals.campaigns === 1 ? 'campaign' : 'campaigns'})
            </th>
            <td className="px-3 py-2 text-xs font-normal text-gray-700">
              {totals.complete ? '' : 'so far'}
            </td>
            <Num>{formatNumber(totals.creatorsApproved)}</Num>
            <Num>{formatNumber(totals.posts)}</Num>
            <Num>{formatNumber(totals.views)}</Num>
            <Num>{formatPercent(totals.engagementRate, { maximumFractionDigits: 2 })}</Num>
            <Num>{formatMoney(totals.spentCents)}</Num>
            <Num>{totals.views > 0 ? formatMoney(totals.effectiveCpmCents) : '—'}</Num>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Num({ children }: { children: ReactNode }) {
  return <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{children}</td>;
}
