import { useCampaignParam } from '#lib/campaign-choice';

/** Campaigns that can have posts and metrics (every status but draft), newest first. */
export const PUBLISHED_CAMPAIGN_STATUSES = [
  'pending_approval',
  'active',
  'paused',
  'completed',
] as const;

/**
 * The campaign Posts or Metrics shows among the brand's campaigns but drafts: the URL's, else
 * the campaign last chosen on that screen, else one with something to show (the newest active,
 * paused or completed one before any waiting for approval), without reading the list of every
 * campaign.
 */
export function usePublishedCampaign(screen: 'posts' | 'metrics', brandId: string) {
  return useCampaignParam(screen, brandId, PUBLISHED_CAMPAIGN_STATUSES);
}
