import { Link } from 'react-router';
import { CampaignStatusBadge } from '#components/ui/campaign-status-badge';
import { Spinner } from '#components/ui/spinner';
import { NumberCell, Table } from '#components/ui/table';
import type { CampaignSummary } from '#contract/campaigns';
import type { CampaignFigures, CampaignsMetrics } from '#contract/metrics';
import { formatEngagementRate, formatMoney, formatNumber } from '#lib/format';

/** One campaign and its figures (null while they load, or when they failed). */
type Row = {
  campaign: Pick<CampaignSummary, 'id' | 'name' | 'status'>;
  figures: CampaignFigures | null;
  failed: boolean;
};

const COLUMNS = [
  'Creators approved',
  'Posts',
  'Views',
  'Engagement rate',
  'Spent',
  'Effective CPM',
] as const;

/**
 * The brand's campaigns side by side with their headline figures, and the totals across every
 * campaign shown (also those on pages not loaded), as the service sums them: rates and CPM from
 * the sums, never averaged. Each name opens the campaign's metrics.
 */
export function OverviewTable({
  rows,
  totals,
  totalsFailed,
  metricsHref,
}: {
  rows: readonly Row[];
  /** GET /metrics over every campaign shown; null while it loads or when it failed. */
  totals: CampaignsMetrics | null;
  totalsFailed: boolean;
  metricsHref: (campaignId: string) => string;
}) {
  const maxViews = Math.max(1, ...rows.map((r) => r.figures?.performance.views ?? 0));
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
                {totals
                  ? `Total (${formatNumber(totals.campaigns)} ${totals.campaigns === 1 ? 'campaign' : 'campaigns'})`
                  : 'Total'}
              </th>
              <td className="px-3 py-2" />
              {totals ? (
                <>
                  <NumberCell>{formatNumber(totals.funnel.creators_approved)}</NumberCell>
                  <NumberCell>{formatNumber(totals.funnel.posts)}</NumberCell>
                  <NumberCell>{formatNumber(totals.performance.views)}</NumberCell>
                  <NumberCell>{formatEngagementRate(totals.performance)}</NumberCell>
                  <NumberCell>{formatMoney(totals.spend.spent_cents)}</NumberCell>
                  <NumberCell>
                    {totals.performance.views > 0
                      ? formatMoney(totals.spend.effective_cpm_cents)
                      : '—'}
                  </NumberCell>
                </>
              ) : (
                <td colSpan={COLUMNS.length} className="px-3 py-2 text-right font-normal">
                  {totalsFailed ? (
                    'The totals could not be loaded.'
                  ) : (
                    <Spinner label="Loading the totals" className="size-4" />
                  )}
                </td>
              )}
            </tr>
          </tfoot>
        }
      >
        {rows.map(({ campaign, figures: report, failed }) => {
          const views = report?.performance.views ?? 0;
          return (
            <tr key={campaign.id}>
              {/* A long name keeps a readable width (not one word a line beside the figures) and
                  shows two lines at most; the whole name is its tooltip. */}
              <th scope="row" className="min-w-44 px-3 py-2 text-left font-medium">
                <Link
                  to={metricsHref(campaign.id)}
                  title={campaign.name}
                  className="line-clamp-2 max-w-72 break-words text-indigo-800 underline-offset-2 hover:underline"
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
                  <NumberCell>{formatEngagementRate(report.performance)}</NumberCell>
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
