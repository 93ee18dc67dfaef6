import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '#contract/enums';
import { Badge, type BadgeTone } from './badge';

const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'gray',
  pending_approval: 'blue',
  active: 'green',
  paused: 'amber',
  completed: 'indigo',
};

/** A campaign's status as a labelled pill, in one style on every screen. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>;
}
