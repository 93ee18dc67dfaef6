import { useInfiniteQuery } from '@tanstack/react-query';
import { ChartLine } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CampaignPicker } from '#components/form/campaign-picker';
import { ScreenHeader } from '#components/layout/screen-header';
import { EmptyState } from '#components/ui/empty-state';
import { QueryStates } from '#components/ui/query-states';
import { LoadingState } from '#components/ui/spinner';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { CampaignMetrics } from '#features/metrics/components/campaign-metrics';
import { useCurrentBrand } from '#features/session/use-me';
import { useCampaignParam } from '#lib/campaign-choice';
import { useEveryPage } from '#lib/paging';

/** Campaigns that can have metrics (every status but draft), newest first. */
const REPORTED_CAMPAIGN_STATUSES = ['pending_approval', 'active', 'paused', 'completed'] as const;

/** `/brands/:brandId/metrics?campaign=…&by=task|platform` */
export function MetricsScreen() {
  const brand = useCurrentBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const campaigns = useInfiniteQuery(
    campaignListOptions(brand.id, { status: REPORTED_CAMPAIGN_STATUSES }),
  );
  useEveryPage(campaigns);
  const list = campaigns.data?.pages.flatMap((page) => page.data) ?? [];
  // Without a choice, the last chosen campaign, else the newest active one (as on every screen).
  const campaignId = useCampaignParam(brand.id, campaigns.data ? list : undefined, {
    complete: !campaigns.hasNextPage,
  });

  const empty = (
    <EmptyState icon={ChartLine} title="No campaigns to report on">
      Metrics appear once a campaign is published and creators join it.
    </EmptyState>
  );
  return (
    <>
      <ScreenHeader
        title="Metrics"
        context={brand.name}
        description={`How the campaigns of ${brand.name} perform: the creator funnel, views and engagement, and spend.`}
      />
      <QueryStates query={campaigns} rows={list} empty={empty} loading="Loading the campaigns…">
        <div className="space-y-6">
          <CampaignPicker
            campaigns={list}
            value={campaignId}
            loadingMore={campaigns.hasNextPage}
            onChange={(id) => {
              const next = new URLSearchParams(searchParams);
              next.set('campaign', id);
              setSearchParams(next, { replace: true });
            }}
          />
          {campaignId ? (
            <CampaignMetrics key={campaignId} brandId={brand.id} campaignId={campaignId} />
          ) : (
            <LoadingState label="Loading the campaigns…" />
          )}
        </div>
      </QueryStates>
    </>
  );
}
