import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import type { CampaignStatus } from '#contract/enums';
import { LayoutDashboard } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '#components/layout/screen-header';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { QueryStates } from '#components/ui/query-states';
import { Label } from '#components/ui/label';
import { Select } from '#components/ui/select';
import { Spinner } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { campaignsMetricsOptions } from '#features/metrics/api/metrics';
import { OverviewTable } from '#features/overview/components/overview-table';
import { useCurrentBrand } from '#features/session/use-me';
import { formatNumber } from '#lib/format';

/** Which campaigns the overview compares; drafts have no activity and are never listed. */
const SHOWN: Record<string, { label: string; statuses: readonly CampaignStatus[] }> = {
  all: { label: 'All but drafts', statuses: ['pending_approval', 'active', 'paused', 'completed'] },
  running: { label: 'Running (active and paused)', statuses: ['active', 'paused'] },
  completed: { label: 'Completed', statuses: ['completed'] },
};

/** Campaigns a page: each page is one request for its rows and one for their figures. */
const PAGE_ROWS = 25;

/**
 * `/brands/:brandId/overview?show=running|completed`: the first page of campaigns with their
 * figures, the totals over every campaign shown from the service's sums, and more pages on
 * request. Four requests open it whatever the number of campaigns
 * (docs/decisions/0124-screens-read-pages-and-sums.md).
 */
export function OverviewScreen() {
  const id = useId();
  const brand = useCurrentBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const show = searchParams.get('show') ?? 'all';
  const shown = SHOWN[show] ?? SHOWN.all!;
  const campaigns = useInfiniteQuery(
    campaignListOptions(brand.id, { status: shown.statuses, limit: PAGE_ROWS }),
  );
  const totals = useQuery(campaignsMetricsOptions(brand.id, { status: shown.statuses }));
  const pages = campaigns.data?.pages ?? [];
  const list = pages.flatMap((page) => page.data);
  // One request of figures per page of campaigns, named by their ids.
  const figures = useQueries({
    queries: pages.map((page) =>
      campaignsMetricsOptions(brand.id, { campaignIds: page.data.map((c) => c.id) }),
    ),
  });
  const byCampaign = new Map(
    figures.flatMap((q) => q.data?.by_campaign ?? []).map((f) => [f.campaign_id, f]),
  );
  const failedIds = new Set(
    figures.flatMap((q, i) => (q.isError ? pages[i]!.data.map((c) => c.id) : [])),
  );
  const total = totals.data?.campaigns;

  const empty = (
    <EmptyState icon={LayoutDashboard} title="No campaigns to compare">
      Campaigns appear here once they are published.
    </EmptyState>
  );
  return (
    <>
      <ScreenHeader
        title="Overview"
        context={brand.name}
        description={`The campaigns of ${brand.name} side by side: creators, posts, views, engagement and spend. Drafts are left out.`}
      />
      <div className="mb-4 max-w-xs space-y-1">
        <Label htmlFor={`${id}-show`}>Campaigns</Label>
        <Select
          id={`${id}-show`}
          value={SHOWN[show] ? show : 'all'}
          onChange={(e) => {
            const next = new URLSearchParams(searchParams);
            if (e.target.value === 'all') next.delete('show');
            else next.set('show', e.target.value);
            setSearchParams(next, { replace: true });
          }}
        >
          {Object.entries(SHOWN).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <QueryStates query={campaigns} rows={list} empty={empty} loading="Loading the campaigns…">
        <div className="space-y-3">
          <OverviewTable
            rows={list.map((campaign) => ({
              campaign,
              figures: byCampaign.get(campaign.id) ?? null,
              failed: failedIds.has(campaign.id),
            }))}
            totals={totals.data ?? null}
            totalsFailed={totals.isError}
            metricsHref={(campaignId) => paths.metrics.href(brand.id, campaignId)}
          />
          <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
            <span role="status">
              Showing {formatNumber(list.length)}
              {total === undefined ? '' : ` of ${formatNumber(total)}`} campaigns
            </span>
            {campaigns.hasNextPage ? (
              <Button
                variant="secondary"
                size="sm"
                aria-disabled={campaigns.isFetchingNextPage}
                onClick={() => {
                  if (!campaigns.isFetchingNextPage) void campaigns.fetchNextPage();
                }}
              >
                {campaigns.isFetchingNextPage ? <Spinner className="size-4" /> : null}
                Show{' '}
                {formatNumber(
                  total === undefined
                    ? PAGE_ROWS
                    : Math.max(1, Math.min(PAGE_ROWS, total - list.length)),
                )}{' '}
                more
              </Button>
            ) : null}
          </div>
        </div>
      </QueryStates>
    </>
  );
}
