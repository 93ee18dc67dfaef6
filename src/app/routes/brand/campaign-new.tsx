import { CampaignBuilder } from '#features/builder/components/campaign-builder';
import { useCan, useCurrentBrand, useMe } from '#features/session/use-me';
import { CampaignsReadOnly } from './campaigns-read-only';

/** `/brands/:brandId/campaigns/new`: the builder of a new campaign (saved as a draft). */
export function CampaignNewScreen() {
  const me = useMe();
  const brand = useCurrentBrand();
  const canWrite = useCan('campaigns:write');
  if (!canWrite) return <CampaignsReadOnly title="New campaign" />;
  return (
    <CampaignBuilder
      key={brand.id}
      mode="create"
      brand={brand}
      brands={me.key.kind === 'agency' ? me.brands : null}
    />
  );
}
