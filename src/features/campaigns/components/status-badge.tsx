import type { CampaignStatusDetail } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { clsx } from 'clsx';
import { CampaignStatusBadge } from '#components/ui/campaign-status-badge';
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
  className,
}: {
  status: CampaignStatus;
  detail: CampaignStatusDetail | null;
  className?: string;
}) {
  const explanation = describeStatusDetail(detail);
  return (
    <span className={clsx('flex min-w-0 flex-col items-start gap-0.5', className)}>
      <StatusBadge status={status} />
      {explanation ? (
        <span
          title={explanation}
          className={clsx(
            'block max-w-full truncate text-xs',
            detail?.kind === 'auto_paused' ? 'text-amber-900' : 'text-red-800',
          )}
        >
          {explanation}
        </span>
      ) : null}
    </span>
  );
}
