import type { CampaignStatusDetail } from '#contract/campaigns';
import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '#contract/enums';
import { clsx } from 'clsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { describeStatusDetail } from '../campaign-status';

const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'gray',
  pending_approval: 'blue',
  active: 'green',
  paused: 'amber',
  completed: 'indigo',
};

/** The status as a labelled pill. */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}

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
