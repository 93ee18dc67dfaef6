import { Megaphone } from 'lucide-react';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentBrand } from '../../../features/session/use-me';

/** `/brands/:brandId/campaigns` */
export function CampaignsScreen() {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader
        title="Campaigns"
        context={brand.name}
        description={`${brand.name}’s campaigns: their status, deadlines, spend and the creators taking part.`}
      />
      <EmptyState icon={Megaphone} title="Nothing here yet">
        No campaigns are listed on this screen yet. This is where each campaign will appear, newest
        first, with its status and what it has spent.
      </EmptyState>
    </>
  );
}
