import { ScreenHeader } from '../../../components/layout/screen-header';
import { ReviewQueue } from '../../../features/review/components/review-queue';
import { useCurrentBrand, useMe } from '../../../features/session/use-me';

/** `/brands/:brandId/review` */
export function ReviewScreen() {
  const brand = useCurrentBrand();
  const me = useMe();
  return (
    <>
      <ScreenHeader
        title="Review queue"
        context={brand.name}
        description={
          <>
            Submissions waiting for your decision, oldest first, across {brand.name}’s active and
            paused campaigns.
            <span className="pointer-coarse:hidden"> Press ? for the keyboard shortcuts.</span>
          </>
        }
      />
      <ReviewQueue brandId={brand.id} canDecide={me.key.scopes.includes('submissions:write')} />
    </>
  );
}
