import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '#components/layout/screen-header';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { campaignDetailOptions } from '#features/campaigns/api/campaigns';
import { PostsPanel } from '#features/posts/components/posts-panel';
import { useCurrentBrand } from '#features/session/use-me';
import { usePublishedCampaigns } from './use-published-campaigns';

/** `/brands/:brandId/posts` */
export function PostsScreen() {
  const brand = useCurrentBrand();
  const { campaigns, list, campaignId } = usePublishedCampaigns(brand.id);
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
        description={`What creators published for the campaigns of ${brand.name}, with their latest metrics.`}
      />
      {campaigns.isPending ? (
        <LoadingState label="Loading the campaigns…" />
      ) : campaigns.isError ? (
        <InlineError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : list.length > 0 && !campaignId ? (
        <LoadingState label="Loading the campaigns…" />
      ) : (
        <PostsPanel
          brandId={brand.id}
          campaignId={campaignId}
          campaigns={list}
          tasks={campaign.data?.tasks ?? []}
          moreCampaignsLoading={campaigns.hasNextPage}
        />
      )}
    </>
  );
}
