import { useInfiniteQuery } from '@tanstack/react-query';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { InlineError } from '../../../components/ui/inline-error';
import { LoadingState } from '../../../components/ui/spinner';
import { campaignListOptions } from '../../../features/campaigns/api/campaigns';
import { CreatorsPanel } from '../../../features/creators/components/creators-panel';
import { useCurrentBrand, useMe } from '../../../features/session/use-me';
import { useEveryPage } from '../../../lib/use-every-page';

/** Campaigns that can have creators (every status but draft), newest first. */
const ACTIVITY_CAMPAIGN_STATUSES = ['pending_approval', 'active', 'paused', 'completed'] as const;

/** `/brands/:brandId/creators` */
export function CreatorsScreen() {
  const brand = useCurrentBrand();
  const me = useMe();
  const campaigns = useInfiniteQuery(
    campaignListOptions(brand.id, { status: ACTIVITY_CAMPAIGN_STATUSES }),
  );
  // The picker offers every campaign, not only the first page.
  useEveryPage(campaigns);
  return (
    <>
      <ScreenHeader
        title="Creators"
        context={brand.name}
        description={`Creators who applied to or joined ${brand.name}’s campaigns, and where each application stands.`}
      />
      {campaigns.isPending ? (
        <LoadingState label="Loading the campaigns…" />
      ) : campaigns.isError ? (
        <InlineError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : (
        <CreatorsPanel
          brandId={brand.id}
          campaigns={campaigns.data.pages.flatMap((page) => page.data)}
          canDecide={me.key.scopes.includes('creators:write')}
          moreCampaignsLoading={campaigns.hasNextPage}
        />
      )}
    </>
  );
}
