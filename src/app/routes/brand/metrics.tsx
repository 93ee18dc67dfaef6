import { ChartLine } from 'lucide-react';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentBrand } from '../../../features/session/use-me';

/** `/brands/:brandId/metrics` */
export function MetricsScreen() {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader
        title="Metrics"
        context={brand.name}
        description={`How ${brand.name}’s campaigns perform: the creator funnel, views and engagement, and spend.`}
      />
      <EmptyState icon={ChartLine} title="Nothing here yet">
        No metrics are shown on this screen yet. This is where each campaign’s funnel, performance
        and cost per thousand views will appear.
      </EmptyState>
    </>
  );
}
