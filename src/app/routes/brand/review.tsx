import { ScreenHeader } from '#components/layout/screen-header';
import { ReviewQueue } from '#features/review/components/review-queue';
import { useCurrentBrand, useMe } from '#features/session/use-me';
import { useRememberCampaign } from '#lib/campaign-choice';
import { useSearchParams } from 'react-router';

/** `/brands/:brandId/review` */
export function ReviewScreen() {
  const brand = useCurrentBrand();
  const me = useMe();
  const [searchParams] = useSearchParams();
  // The queue shows every campaign; narrowing it to one makes that the last chosen campaign.
  useRememberCampaign(brand.id, searchParams.get('campaign'));
  return (
    <>
      <ScreenHeader
        title="Review queue"
        context={brand.name}
        description={
          <>
            Submissions waiting for your decision, oldest first, across the active and paused
            campaigns of {brand.name}.
            <span className="pointer-coarse:hidden"> Press ? for the keyboard shortcuts.</span>
          </>
        }
      />
      <ReviewQueue
        brandId={brand.id}
        canDecide={me.key.scopes.includes('submissions:write')}
        side={me.key.kind}
      />
    </>
  );
}
