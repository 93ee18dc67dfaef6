import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import type { CampaignStatus } from '#contract/enums';
import { LayoutDashboard } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '#components/layout/screen-header';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { QueryStates } from '#components/ui/query-states';
import { Label } from '#components/ui/label';
import { Select } from '#components/ui/select';
import { paths } from '#config/paths';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { metricsReportOptions } from '#features/metrics/api/metrics';
import { OverviewTable } from '#features/overview/components/overview-table';
import { useCurrentBrand } from '#features/session/use-me';
import { formatNumber } from '#lib/format';
import { useEveryPage } from '#lib/paging';

/** Which campaigns the overview compares; drafts have no activity and are never listed. */
const SHOWN: Record<string, { label: string; statuses: readonly CampaignStatus[] }> = {
  all: { label: 'All but drafts', statuses: ['pending_approval', 'active', 'paused', 'completed'] },
  running: { label: 'Running (active and paused)', statuses: ['active', 'paused'] },
  completed: { label: 'Completed', statuses: ['completed'] },
};

/** Reports are fetched for the rows on screen only: one request per campaign. */
const PAGE_ROWS = 25;

/** `/brands/:brandId/overview?show=running|completed` */
export function OverviewScreen() {
  const id = useId();
  const brand = useCurrentBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const show = searchParams.get('show') ?? 'all';
  const shown = SHOWN[show] ?? SHOWN.all!;
  const [limit, setLimit] = useState(PAGE_ROWS);
  const campaigns = useInfiniteQuery(campaignListOptions(brand.id, { status: shown.statuses }));
  useEveryPage(campaigns);
  const list = campaigns.data?.pages.flatMap((page) => page.data) ?? [];
  const visible = list.slice(0, limit);
  const reports = useQueries({
    queries: visible.map((c) => metricsReportOptions(brand.id, c.id, null)),
  });

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
            setLimit(PAGE_ROWS);
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
            rows={visible.map((campaign, i) => ({
              campaign,
              report: reports[i]?.data ?? null,
              failed: reports[i]?.isError ?? false,
            }))}
            metricsHref={(campaignId) => paths.metrics.href(brand.id, campaignId)}
          />
          <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
            <span role="status">
              Showing {formatNumber(visible.length)} of {formatNumber(list.length)} campaigns
              {campaigns.hasNextPage ? ' (loading more…)' : ''}
            </span>
            {list.length > limit ? (
              <Button variant="secondary" size="sm" onClick={() => setLimit((n) => n + PAGE_ROWS)}>
                Show {formatNumber(Math.min(PAGE_ROWS, list.length - limit))} more
              </Button>
            ) : null}
          </div>
        </div>
      </QueryStates>
    </>
  );
}
