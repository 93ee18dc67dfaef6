import { ScreenHeader } from '../../../components/layout/screen-header';
import { useCurrentBrand } from '../../../features/session/use-me';

/** Placeholder until its screen lands. */
export function CampaignDetailScreen() {
  const brand = useCurrentBrand();
  return <ScreenHeader title="Campaign" context={brand.name} />;
}
