import { ClipboardCheck } from 'lucide-react';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentBrand } from '../../../features/session/use-me';

/** `/brands/:brandId/review` */
export function ReviewScreen() {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader
        title="Review queue"
        context={brand.name}
        description={`Submissions from creators that wait for your decision, oldest first, across ${brand.name}’s campaigns.`}
      />
      <EmptyState icon={ClipboardCheck} title="Nothing here yet">
        No submissions are listed on this screen yet. This is where content waiting for review will
        appear, ready to approve or send back with feedback.
      </EmptyState>
    </>
  );
}
