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
 * the last chosen campaign, else the newest active one (as on every screen), without reading
 * the list of every campaign.
 */
export function usePublishedCampaign(brandId: string) {
  return useCampaignParam(brandId, PUBLISHED_CAMPAIGN_STATUSES);
}
