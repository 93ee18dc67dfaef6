import { ScreenHeader } from '../../../components/layout/screen-header';
import { useCurrentBrand } from '../../../features/session/use-me';

/** Placeholder until its screen lands. */
export function CampaignEditScreen() {
  const brand = useCurrentBrand();
  return <ScreenHeader title="Edit campaign" context={brand.name} />;
}
