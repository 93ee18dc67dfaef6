import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { InlineError } from '../../../components/ui/inline-error';
import { LoadingState } from '../../../components/ui/spinner';
import {
  campaignDetailOptions,
  campaignListOptions,
} from '../../../features/campaigns/api/campaigns';
import { chosenCampaign, PostsPanel } from '../../../features/posts/components/posts-panel';
import { useCurrentBrand } from '../../../features/session/use-me';
import { useEveryPage } from '../../../lib/use-every-page';

/** Campaigns that can have posts (every status but draft), newest first. */
const ACTIVITY_CAMPAIGN_STATUSES = ['pending_approval', 'active', 'paused', 'completed'] as const;

/** `/brands/:brandId/posts` */
export function PostsScreen() {
  const brand = useCurrentBrand();
  const [searchParams] = useSearchParams();
  const campaigns = useInfiniteQuery(
    campaignListOptions(brand.id, { status: ACTIVITY_CAMPAIGN_STATUSES }),
  );
  // The picker offers every campaign, not only the first page.
  useEveryPage(campaigns);
  const list = campaigns.data?.pages.flatMap((page) => page.data) ?? [];
  const campaignId = chosenCampaign(searchParams, list);
  // The campaign embeds its tasks: their names label the table and the task filter.
  const campaign = useQuery({
    ...campaignDetailOptions(brand.id, campaignId ?? ''),
    enabled: campaignId !== null,
  });
  return (
    <>
      <ScreenHeader
        title="Posts"
        context={brand.name}
        description={`What creators published for ${brand.name}’s campaigns, with their latest metrics.`}
      />
      {campaigns.isPending ? (
        <LoadingState label="Loading the campaigns…" />
      ) : campaigns.isError ? (
        <InlineError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : (
        <PostsPanel
          brandId={brand.id}
          campaigns={list}
          tasks={campaign.data?.tasks ?? []}
          moreCampaignsLoading={campaigns.hasNextPage}
        />
      )}
    </>
  );
}
