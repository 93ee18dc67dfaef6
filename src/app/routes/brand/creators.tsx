import { useInfiniteQuery } from '@tanstack/react-query';
import { ScreenHeader } from '#components/layout/screen-header';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { CreatorsPanel } from '#features/creators/components/creators-panel';
import { useCan, useCurrentBrand } from '#features/session/use-me';
import { useCampaignParam } from '#lib/campaign-choice';
import { useEveryPage } from '#lib/paging';

/** Campaigns that can have creators (every status but draft), newest first. */
const ACTIVITY_CAMPAIGN_STATUSES = ['pending_approval', 'active', 'paused', 'completed'] as const;

/** `/brands/:brandId/creators` */
export function CreatorsScreen() {
  const brand = useCurrentBrand();
  const canDecide = useCan('creators:write');
  const campaigns = useInfiniteQuery(
    campaignListOptions(brand.id, { status: ACTIVITY_CAMPAIGN_STATUSES }),
  );
  // The picker offers every campaign, not only the first page.
  useEveryPage(campaigns);
  const list = campaigns.data?.pages.flatMap((page) => page.data);
  // The panel reads the campaign from the URL: it opens once the default is written there.
  const campaignId = useCampaignParam(brand.id, list, { complete: !campaigns.hasNextPage });
  return (
    <>
      <ScreenHeader
        title="Creators"
        context={brand.name}
        description={`Creators who applied to or joined the campaigns of ${brand.name}, and where each application stands.`}
      />
      {campaigns.isPending ? (
        <LoadingState label="Loading the campaigns…" />
      ) : campaigns.isError ? (
        <InlineError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : list && list.length > 0 && !campaignId ? (
        <LoadingState label="Loading the campaigns…" />
      ) : (
        <CreatorsPanel
          brandId={brand.id}
          campaigns={list ?? []}
          canDecide={canDecide}
          moreCampaignsLoading={campaigns.hasNextPage}
        />
      )}
    </>
  );
}
