import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { campaignDetailOptions } from '#features/campaigns/api/campaigns';
import { CampaignBuilder } from '#features/builder/components/campaign-builder';
import { useCurrentBrand } from '#features/session/use-me';

/** `/brands/:brandId/campaigns/:campaignId/edit`: the builder of an existing campaign. */
export function CampaignEditScreen() {
  const brand = useCurrentBrand();
  const { campaignId = '' } = useParams();
  // The route's loader fetched it, so this does not suspend.
  const { data: campaign } = useSuspenseQuery(campaignDetailOptions(brand.id, campaignId));
  return <CampaignBuilder key={campaign.id} mode="edit" brand={brand} campaign={campaign} />;
}
