import { CampaignBuilder } from '#features/builder/components/campaign-builder';
import { useCurrentBrand, useMe } from '#features/session/use-me';

/** `/brands/:brandId/campaigns/new`: the builder of a new campaign (saved as a draft). */
export function CampaignNewScreen() {
  const me = useMe();
  const brand = useCurrentBrand();
  return (
    <CampaignBuilder
      key={brand.id}
      mode="create"
      brand={brand}
      brands={me.key.kind === 'agency' ? me.brands : null}
    />
  );
}
