import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '#components/layout/screen-header';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { CreatorsPanel } from '#features/creators/components/creators-panel';
import { useCan, useCurrentBrand } from '#features/session/use-me';
import { campaignDetailOptions } from '#lib/campaign-cache';
import { useCampaignParam } from '#lib/campaign-choice';

/** Campaigns that can have creators (every status but draft), newest first. */
const ACTIVITY_CAMPAIGN_STATUSES = ['pending_approval', 'active', 'paused', 'completed'] as const;

/** `/brands/:brandId/creators` */
export function CreatorsScreen() {
  const brand = useCurrentBrand();
  const canDecide = useCan('creators:write');
  // The campaign shown: the URL's, else the default (no list of every campaign is read).
  const choice = useCampaignParam('creators', brand.id, ACTIVITY_CAMPAIGN_STATUSES);
  // Its targeting and name (the export's file name); the picker shows its name from it too.
  const campaign = useQuery({
    ...campaignDetailOptions(brand.id, choice.campaignId ?? ''),
    enabled: choice.campaignId !== null,
  });
  return (
    <>
      <ScreenHeader
        title="Creators"
        context={brand.name}
        description={`Creators who applied to or joined the campaigns of ${brand.name}, and where each application stands.`}
      />
      {choice.error ? (
        <InlineError error={choice.error} onRetry={choice.retry} />
      ) : choice.pending ? (
        <LoadingState label="Loading the campaigns…" />
      ) : (
        <CreatorsPanel
          brandId={brand.id}
          statuses={ACTIVITY_CAMPAIGN_STATUSES}
          campaignId={choice.campaignId}
          campaign={campaign.data}
          none={choice.none}
          canDecide={canDecide}
        />
      )}
    </>
  );
}
