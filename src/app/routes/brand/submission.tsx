import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { documentTitle, ScreenHeader } from '#components/layout/screen-header';
import { buttonClasses } from '#components/ui/button';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { activitySearch } from '#features/activity/activity-filters';
import { HistoryPanel } from '#features/activity/components/history-panel';
import { reviewCampaignOptions } from '#features/review/api/review';
import { submissionOptions } from '#features/review/api/submission';
import { SubmissionDetails } from '#features/review/components/submission-details';
import { writeQueueFilters } from '#features/review/queue-filters';
import { useCan, useCurrentBrand, useMe } from '#features/session/use-me';
import { isApiError } from '#lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/brands/:brandId/campaigns/:campaignId/submissions/:submissionId`: one submission, read-only
 * (docs/decisions/0164), the page Activity's entries about a submission link to. Someone who may
 * decide it now is offered the review queue with its campaign.
 */
export function SubmissionScreen() {
  const { campaignId = '', submissionId = '' } = useParams();
  const brand = useCurrentBrand();
  const me = useMe();
  const side = me.key.kind;
  const canDecide = useCan('submissions:write');
  const valid = UUID.test(campaignId) && UUID.test(submissionId);
  const submission = useQuery({
    ...submissionOptions(brand.id, campaignId, submissionId),
    enabled: valid,
  });
  const campaign = useQuery({
    ...reviewCampaignOptions(brand.id, campaignId),
    enabled: valid && submission.isSuccess,
  });

  if (!valid || (isApiError(submission.error) && submission.error.status === 404))
    return <SubmissionNotFound brandId={brand.id} />;
  if (submission.isPending) return <LoadingState label="Loading the submission…" />;
  if (submission.isError)
    return <InlineError error={submission.error} onRetry={() => void submission.refetch()} />;

  const s = submission.data;
  const campaignName = campaign.data?.name ?? '';
  const task = campaign.data?.tasks?.find((t) => t.id === s.task_id);
  // Only what this side can decide now: an agency never decides what waits for the brand.
  const decidable =
    canDecide && s.status === 'in_review' && !(side === 'agency' && s.awaiting === 'brand');
  const view = side === 'brand' && s.awaiting === 'agency' ? 'agency' : 'waiting';
  const reviewHref = decidable
    ? `${paths.review.href(brand.id)}?${writeQueueFilters({ campaign: campaignId, task: null }, view).toString()}`
    : null;

  return (
    <>
      <ScreenHeader
        title={`@${s.creator_username}’s submission`}
        context={brand.name}
        description={
          <>
            {task ? `${task.title}, for ` : 'For '}
            {campaign.data ? (
              <Link
                to={paths.campaign.href(brand.id, campaignId)}
                className="font-medium text-indigo-800 hover:underline"
              >
                {campaignName}
              </Link>
            ) : (
              'its campaign'
            )}
            .
          </>
        }
      />
      <SubmissionDetails
        brandId={brand.id}
        item={{ submission: s, campaignId, campaignName }}
        side={side}
        task={task}
        reviewHref={reviewHref}
        history={
          <HistoryPanel
            brandId={brand.id}
            query={{ target_type: 'submission', target_id: s.id }}
            showAllHref={paths.activity.href(brand.id, activitySearch({ target: s.id }))}
            about
          />
        }
      />
    </>
  );
}

/** An unknown submission, one of another campaign, or of a brand this key does not act for. */
function SubmissionNotFound({ brandId }: { brandId: string }) {
  return (
    <div className="mx-auto max-w-xl py-8 text-center">
      <title>{documentTitle('Submission not found')}</title>
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-gray-900">Submission not found</h1>
      <p className="mt-2 text-sm text-gray-600">
        The link may be wrong, or it points to a submission of a brand you do not act for.
      </p>
      <Link to={paths.activity.href(brandId)} className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Activity
      </Link>
    </div>
  );
}
