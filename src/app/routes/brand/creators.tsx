import { Users } from 'lucide-react';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentBrand } from '../../../features/session/use-me';

/** `/brands/:brandId/creators` */
export function CreatorsScreen() {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader
        title="Creators"
        context={brand.name}
        description={`Creators who applied to or joined ${brand.name}’s campaigns, and where each application stands.`}
      />
      <EmptyState icon={Users} title="Nothing here yet">
        No creators are listed on this screen yet. This is where applications will appear, newest
        first, to approve or decline.
      </EmptyState>
    </>
  );
}
