import { ScreenHeader } from '../../../components/layout/screen-header';
import { useCurrentBrand } from '../../../features/session/use-me';

/** Placeholder until its screen lands. */
export function CampaignNewScreen() {
  const brand = useCurrentBrand();
  return <ScreenHeader title="New campaign" context={brand.name} />;
}
