import type { CampaignStatusDetail } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { clsx } from 'clsx';
import { CampaignStatusBadge } from '#components/ui/campaign-status-badge';
import { formatRelativeTime } from '#lib/format';
import { describeStatusDetail } from '../campaign-status';

/** The status as a labelled pill (the one style of every screen). */
export const StatusBadge = CampaignStatusBadge;

/**
 * The status and, under it, what the status detail says ("Publish denied: …", "Auto-paused:
 * billing issue") as text, so it is read out and never shown by colour alone. In a narrow cell
 * the line is cut visually; the whole sentence stays in the text (read by screen readers) and in
 * the tooltip.
 */
export function StatusWithDetail({
  status,
  detail,
  publishRequestedAt = null,
  className,
}: {
  status: CampaignStatus;
  detail: CampaignStatusDetail | null;
  /** A pending campaign says when it was sent ("Sent 5 min ago"). */
  publishRequestedAt?: string | null;
  className?: string;
}) {
  const explanation =
    describeStatusDetail(detail) ??
    (status === 'pending_approval' && publishRequestedAt
      ? `Sent ${formatRelativeTime(publishRequestedAt)}`
      : null);
  return (
    <span className={clsx('flex min-w-0 flex-col items-start gap-0.5', className)}>
      <StatusBadge status={status} />
      {explanation ? (
        <span
          title={explanation}
          className={clsx(
            'block max-w-full truncate text-xs',
            detail === null
              ? 'text-gray-700'
              : detail.kind === 'auto_paused'
                ? 'text-amber-900'
                : 'text-red-800',
          )}
        >
          {explanation}
        </span>
      ) : null}
    </span>
  );
}
