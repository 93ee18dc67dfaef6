import { ChartLine } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CampaignPicker } from '#components/form/campaign-picker';
import { rememberCampaign } from '#lib/campaign-choice';
import { ScreenHeader } from '#components/layout/screen-header';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { CampaignMetrics } from '#features/metrics/components/campaign-metrics';
import { useCurrentBrand } from '#features/session/use-me';
import { PUBLISHED_CAMPAIGN_STATUSES, usePublishedCampaign } from './use-published-campaigns';

/** `/brands/:brandId/metrics?campaign=…&by=task|platform` */
export function MetricsScreen() {
  const brand = useCurrentBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = usePublishedCampaign('metrics', brand.id);
  const campaignId = choice.campaignId;

  let body;
  if (choice.error) body = <InlineError error={choice.error} onRetry={choice.retry} />;
  else if (choice.pending) body = <LoadingState label="Loading the campaigns…" />;
  else if (choice.none)
    body = (
      <EmptyState icon={ChartLine} title="No campaigns to report on">
        Metrics appear once a campaign is published and creators join it.
      </EmptyState>
    );
  else
    body = (
      <div className="space-y-6">
        <CampaignPicker
          brandId={brand.id}
          statuses={PUBLISHED_CAMPAIGN_STATUSES}
          value={campaignId}
          onChange={(id) => {
            // Remembered as it is chosen, so a screen opened right after shows it too.
            rememberCampaign('metrics', brand.id, id);
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
    );
  return (
    <>
      <ScreenHeader
        title="Metrics"
        context={brand.name}
        description={`How the campaigns of ${brand.name} perform: the creator funnel, views and engagement, and spend.`}
      />
      {body}
    </>
  );
}
