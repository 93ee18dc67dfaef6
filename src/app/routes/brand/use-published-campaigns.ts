import { useInfiniteQuery } from '@tanstack/react-query';
import { campaignListOptions } from '#features/campaigns/api/campaigns';
import { useCampaignParam } from '#lib/campaign-choice';
import { useEveryPage } from '#lib/paging';

/** Campaigns that can have posts and metrics (every status but draft), newest first. */
const PUBLISHED_CAMPAIGN_STATUSES = ['pending_approval', 'active', 'paused', 'completed'] as const;

/**
 * The brand's campaigns but drafts, every page (the picker offers them all), and the one shown:
 * without a choice, the last chosen campaign, else the newest active one (as on every screen).
 */
export function usePublishedCampaigns(brandId: string) {
  const campaigns = useInfiniteQuery(
    campaignListOptions(brandId, { status: PUBLISHED_CAMPAIGN_STATUSES }),
  );
  useEveryPage(campaigns);
  const list = campaigns.data?.pages.flatMap((page) => page.data) ?? [];
  const campaignId = useCampaignParam(brandId, campaigns.data ? list : undefined, {
    complete: !campaigns.hasNextPage,
  });
  return { campaigns, list, campaignId };
}
