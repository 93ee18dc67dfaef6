import { useQuery } from '@tanstack/react-query';
import type { CampaignSummary } from '#contract/campaigns';
import { Clock, Undo2 } from 'lucide-react';
import { Button } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';
import { formatDateTime } from '#lib/format';
import { CAMPAIGN_TOAST_ID, notify } from '#lib/notify';
import { publishReviewSummaryOptions, useCampaignAction } from '../api/campaigns';
import { describeReviewTime } from '../review-time';

/**
 * A campaign waiting for the platform's approval (docs/api.md#getting-live): when it was sent,
 * what happens next, how long review usually takes, and Withdraw, which makes it a draft to edit.
 * A refusal of the withdrawal reaches the central toast with the service's words.
 */
export function PendingReviewPanel({
  campaign,
  brandId,
  canWrite,
}: {
  campaign: Pick<CampaignSummary, 'id' | 'name' | 'status' | 'publish_requested_at'>;
  brandId: string;
  canWrite: boolean;
}) {
  const reviewTime = useQuery({
    ...publishReviewSummaryOptions(brandId),
    enabled: campaign.status === 'pending_approval',
  });
  const withdraw = useCampaignAction(brandId, 'withdraw');
  if (campaign.status !== 'pending_approval') return null;
  const withdrawing = withdraw.isPending;
  const usually = describeReviewTime(reviewTime.data);

  return (
    <section
      aria-labelledby="pending-review-title"
      className="mb-6 flex gap-3 rounded-md border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-2">
        <h2 id="pending-review-title" className="font-semibold">
          Waiting for the platform’s approval
        </h2>
        <p>
          Pending approval: the platform checks the campaign before it goes live.
          {campaign.publish_requested_at
            ? ` Sent for approval ${formatDateTime(campaign.publish_requested_at)}.`
            : null}
        </p>
        <p>
          <span className="font-medium">What happens next:</span> once it is approved, the campaign
          goes live and creators can join. If it is not, it comes back as a draft with the reason,
          so you can change it and publish it again. Either way you will be told, wherever you are
          in the console.
        </p>
        {usually ? <p>{usually}</p> : null}
        {canWrite ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 pt-1">
            <Button
              variant="secondary"
              aria-disabled={withdrawing || undefined}
              onClick={() => {
                if (withdrawing) return;
                withdraw.mutate(campaign.id, {
                  onSuccess: () =>
                    notify.success(
                      'Request withdrawn',
                      `“${campaign.name}” is a draft again: edit it, then publish it again.`,
                      CAMPAIGN_TOAST_ID,
                    ),
                });
              }}
            >
              {withdrawing ? (
                <Spinner className="size-4" />
              ) : (
                <Undo2 aria-hidden="true" className="size-4" />
              )}
              {withdrawing ? 'Withdrawing…' : 'Withdraw to edit'}
            </Button>
            <span className="text-sky-900">
              Nothing can be edited while it waits. Withdrawing makes it a draft again.
            </span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
