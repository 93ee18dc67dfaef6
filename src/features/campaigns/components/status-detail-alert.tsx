import type { CampaignStatusDetail } from '#contract/campaigns';
import { AUTO_PAUSE_REASON_LABELS, STATUS_DETAIL_KIND_LABELS } from '#contract/enums';
import { Alert } from '#components/ui/alert';
import { formatDateTime } from '#lib/format';

/** Why the campaign is where it is: a denied publish request, or an automatic pause. */
export function StatusDetailAlert({ detail }: { detail: CampaignStatusDetail | null }) {
  if (!detail) return null;
  const when = formatDateTime(detail.occurred_at);
  if (detail.kind === 'publish_denied') {
    return (
      <Alert
        tone="warning"
        live={false}
        title={STATUS_DETAIL_KIND_LABELS.publish_denied}
        className="mb-6"
      >
        <p>
          <span className="font-medium">Reason:</span> {detail.reason || 'none given'}
        </p>
        <p className="mt-1">Denied {when}. Change the draft, then publish it again.</p>
      </Alert>
    );
  }
  const reason =
    detail.reason in AUTO_PAUSE_REASON_LABELS
      ? AUTO_PAUSE_REASON_LABELS[detail.reason as keyof typeof AUTO_PAUSE_REASON_LABELS]
      : detail.reason;
  return (
    <Alert
      tone="warning"
      live={false}
      title={STATUS_DETAIL_KIND_LABELS.auto_paused}
      className="mb-6"
    >
      <p>
        <span className="font-medium">Reason:</span> {reason}
      </p>
      <p className="mt-1">
        Paused {when}.{' '}
        {detail.reason === 'billing_issue'
          ? 'Settle the billing issue, then resume the campaign.'
          : 'Resume the campaign when it may run again.'}
      </p>
    </Alert>
  );
}
