import type { CampaignStatusDetail } from '#contract/campaigns';
import { actionsFrom, lockedEntirely, type CampaignAction } from '#contract/campaign-rules';
import {
  AUTO_PAUSE_REASON_LABELS,
  type AutoPauseReason,
  type CampaignStatus,
} from '#contract/enums';

/** What a user can do to a campaign from the dashboard. */
export type CampaignCommand =
  'view' | 'edit' | 'publish' | 'withdraw' | 'pause' | 'resume' | 'delete';

// The brand's actions in menu order; which of them a status allows is the contract's table.
const BRAND_ACTIONS = [
  'publish',
  'withdraw',
  'pause',
  'resume',
  'delete',
] as const satisfies readonly (CampaignAction | CampaignCommand)[];

/**
 * The commands a status allows, in menu order: `edit` while the lock table leaves something to
 * change, then the brand's actions the state machine allows from it (docs/api.md#states); `view`
 * where nothing else is (and for a key that cannot write campaigns), so every menu has something.
 */
export function allowedCommands(
  status: CampaignStatus,
  canWrite: boolean,
): readonly CampaignCommand[] {
  if (!canWrite) return ['view'];
  const actions = new Set(actionsFrom(status, 'brand'));
  const commands: CampaignCommand[] = [
    ...(lockedEntirely(status) ? [] : (['edit'] as const)),
    ...BRAND_ACTIONS.filter((action) => actions.has(action)),
  ];
  return commands.length > 0 ? commands : ['view'];
}

const isAutoPauseReason = (reason: string): reason is AutoPauseReason =>
  Object.hasOwn(AUTO_PAUSE_REASON_LABELS, reason);

/**
 * The status detail as one short sentence: "Publish denied: <reviewer's reason>",
 * "Auto-paused: billing issue". Null when there is nothing to explain.
 */
export function describeStatusDetail(detail: CampaignStatusDetail | null): string | null {
  if (!detail) return null;
  if (detail.kind === 'publish_denied') {
    const reason = detail.reason.trim();
    return reason ? `Publish denied: ${reason}` : 'Publish denied';
  }
  if (detail.reason === 'other') return 'Auto-paused: other reason';
  const reason = isAutoPauseReason(detail.reason)
    ? AUTO_PAUSE_REASON_LABELS[detail.reason].toLocaleLowerCase('en')
    : detail.reason;
  return `Auto-paused: ${reason}`;
}
