import type { CampaignStatusDetail } from '#contract/campaigns';
import {
  AUTO_PAUSE_REASON_LABELS,
  type AutoPauseReason,
  type CampaignStatus,
} from '#contract/enums';

/** What a user can do to a campaign from the dashboard. */
export type CampaignCommand = 'view' | 'edit' | 'publish' | 'pause' | 'resume' | 'delete';

/**
 * The commands each status allows (interface 3.1 and extensions 1, 3), in menu order. `view` is
 * offered where nothing else is, so every row's menu has something to do.
 */
const COMMANDS_BY_STATUS: Record<CampaignStatus, readonly CampaignCommand[]> = {
  draft: ['edit', 'publish', 'delete'],
  pending_approval: ['view'],
  active: ['edit', 'pause'],
  paused: ['edit', 'resume'],
  completed: ['view'],
};

/** The commands a status allows, limited to reading when the key cannot write campaigns. */
export function allowedCommands(
  status: CampaignStatus,
  canWrite: boolean,
): readonly CampaignCommand[] {
  const commands = COMMANDS_BY_STATUS[status];
  if (canWrite) return commands;
  return ['view'];
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
