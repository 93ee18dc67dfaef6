import { ScreenHeader } from '#components/layout/screen-header';
import { paths } from '#config/paths';
import { activitySearch } from '#features/activity/activity-filters';
import { HistoryPanel } from '#features/activity/components/history-panel';
import { ReviewQueue } from '#features/review/components/review-queue';
import { useCan, useCurrentBrand, useMe } from '#features/session/use-me';
import { useRememberedFilter } from '#lib/campaign-choice';
import { useSearchParams } from 'react-router';

/** `/brands/:brandId/review` */
export function ReviewScreen() {
  const brand = useCurrentBrand();
  const me = useMe();
  const canDecide = useCan('submissions:write');
  const [searchParams, setSearchParams] = useSearchParams();
  // The queue shows every campaign; the campaign it was last narrowed to is remembered for the
  // queue alone and applied again when it is opened without filters (docs/decisions/0165).
  useRememberedFilter(
    brand.id,
    searchParams.get('campaign'),
    searchParams.has('campaign') || searchParams.has('task'),
    (campaignId) => {
      const next = new URLSearchParams(searchParams);
      next.set('campaign', campaignId);
      setSearchParams(next, { replace: true });
    },
  );
  return (
    <>
      <ScreenHeader
        title="Review queue"
        context={brand.name}
        description={
          // On a phone the screen's height goes to the submission (docs/decisions/0152): the
          // views' tabs say what is listed.
          <span className="max-sm:hidden">
            Submissions waiting for {canDecide ? 'your decision' : 'a decision'}, oldest first,
            across the campaigns of {brand.name}.
            <span className="pointer-coarse:hidden"> Press ? for the keyboard shortcuts.</span>
          </span>
        }
      />
      <ReviewQueue
        brandId={brand.id}
        canDecide={canDecide}
        side={me.key.kind}
        history={({ submission }) => (
          <HistoryPanel
            brandId={brand.id}
            query={{ target_type: 'submission', target_id: submission.id }}
            showAllHref={paths.activity.href(brand.id, activitySearch({ target: submission.id }))}
            about
            collapsible
          />
        )}
      />
    </>
  );
}
