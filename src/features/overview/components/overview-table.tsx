import { Link } from 'react-router';
import { CampaignStatusBadge } from '#components/ui/campaign-status-badge';
import { Spinner } from '#components/ui/spinner';
import { NumberCell, Table } from '#components/ui/table';
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
      <Table
        caption="Campaigns and their headline figures"
        columns={[
          { label: 'Campaign' },
          { label: 'Status' },
          ...COLUMNS.map((label) => ({ label, align: 'right' as const })),
        ]}
        footer={
          <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                Total ({formatNumber(totals.campaigns)}{' '}
                {totals.campaigns === 1 ? 'campaign' : 'campaigns'})
              </th>
              <td className="px-3 py-2 text-xs font-normal text-gray-700">
                {totals.complete ? '' : 'so far'}
              </td>
              <NumberCell>{formatNumber(totals.creatorsApproved)}</NumberCell>
              <NumberCell>{formatNumber(totals.posts)}</NumberCell>
              <NumberCell>{formatNumber(totals.views)}</NumberCell>
              <NumberCell>
                {formatPercent(totals.engagementRate, { maximumFractionDigits: 2 })}
              </NumberCell>
              <NumberCell>{formatMoney(totals.spentCents)}</NumberCell>
              <NumberCell>
                {totals.views > 0 ? formatMoney(totals.effectiveCpmCents) : '—'}
              </NumberCell>
            </tr>
          </tfoot>
        }
      >
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
                  <NumberCell>{formatNumber(report.funnel.creators_approved)}</NumberCell>
                  <NumberCell>{formatNumber(report.funnel.posts)}</NumberCell>
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
                  <NumberCell>
                    {formatPercent(report.performance.engagement_rate, {
                      maximumFractionDigits: 2,
                    })}
                  </NumberCell>
                  <NumberCell>{formatMoney(report.spend.spent_cents)}</NumberCell>
                  <NumberCell>
                    {report.performance.views > 0
                      ? formatMoney(report.spend.effective_cpm_cents)
                      : '—'}
                  </NumberCell>
                </>
              ) : (
                <td colSpan={COLUMNS.length} className="px-3 py-2 text-right text-gray-700">
                  {failed ? (
                    'The figures could not be loaded.'
                  ) : (
                    <Spinner label={`Loading the figures of ${campaign.name}`} className="size-4" />
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </Table>
    </div>
  );
}
