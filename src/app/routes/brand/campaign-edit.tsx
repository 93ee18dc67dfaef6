import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { campaignDetailOptions } from '#lib/campaign-cache';
import { CampaignBuilder } from '#features/builder/components/campaign-builder';
import { useCan, useCurrentBrand } from '#features/session/use-me';
import { CampaignsReadOnly } from './campaigns-read-only';

/** `/brands/:brandId/campaigns/:campaignId/edit`: the builder of an existing campaign. */
export function CampaignEditScreen() {
  const brand = useCurrentBrand();
  const { campaignId = '' } = useParams();
  // The route's loader fetched it, so this does not suspend.
  const { data: campaign } = useSuspenseQuery(campaignDetailOptions(brand.id, campaignId));
  const canWrite = useCan('campaigns:write');
  if (!canWrite) return <CampaignsReadOnly title={`Edit ${campaign.name}`} />;
  return <CampaignBuilder key={campaign.id} mode="edit" brand={brand} campaign={campaign} />;
}
