import { ChartLine } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CampaignPicker } from '#components/form/campaign-picker';
import { ScreenHeader } from '#components/layout/screen-header';
import { EmptyState } from '#components/ui/empty-state';
import { QueryStates } from '#components/ui/query-states';
import { LoadingState } from '#components/ui/spinner';
import { CampaignMetrics } from '#features/metrics/components/campaign-metrics';
import { useCurrentBrand } from '#features/session/use-me';
import { usePublishedCampaigns } from './use-published-campaigns';

/** `/brands/:brandId/metrics?campaign=…&by=task|platform` */
export function MetricsScreen() {
  const brand = useCurrentBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const { campaigns, list, campaignId } = usePublishedCampaigns(brand.id);

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
