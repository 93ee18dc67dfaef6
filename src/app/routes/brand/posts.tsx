import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '#components/layout/screen-header';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { campaignDetailOptions } from '#lib/campaign-cache';
import { PostsPanel } from '#features/posts/components/posts-panel';
import { useCurrentBrand } from '#features/session/use-me';
import { PUBLISHED_CAMPAIGN_STATUSES, usePublishedCampaign } from './use-published-campaigns';

/** `/brands/:brandId/posts` */
export function PostsScreen() {
  const brand = useCurrentBrand();
  const choice = usePublishedCampaign('posts', brand.id);
  const campaignId = choice.campaignId;
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
      {choice.error ? (
        <InlineError error={choice.error} onRetry={choice.retry} />
      ) : choice.pending ? (
        <LoadingState label="Loading the campaigns…" />
      ) : (
        <PostsPanel
          brandId={brand.id}
          statuses={PUBLISHED_CAMPAIGN_STATUSES}
          campaignId={campaignId}
          campaign={campaign.data?.id === campaignId ? campaign.data : undefined}
          none={choice.none}
          tasks={campaign.data?.tasks ?? []}
        />
      )}
    </>
  );
}
