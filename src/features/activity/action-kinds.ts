import {
  AUDIT_ACTION_LABELS,
  AUDIT_TARGET_LABELS,
  type LabelledAuditAction,
  type AuditTargetType,
} from '#contract/audit';
import type { SelectFilterSpec } from '#lib/list-filters';

// Which choices the filter offers and how they group is the screen's; the values and their words
// are the contract's vocabulary (contract/audit.ts), so a choice cannot name an action that the
// database never writes.
const whole = (type: AuditTargetType) => ({
  value: `${type}.*`,
  label: AUDIT_TARGET_LABELS[type],
});
const one = (action: LabelledAuditAction) => ({
  value: action,
  label: AUDIT_ACTION_LABELS[action],
});

/**
 * The Activity screen's "What" filter: a kind of target (`submission.*`, every change of a
 * submission) or one action, by the group it belongs to.
 */
export const ACTION_FILTER: SelectFilterSpec = {
  label: 'What',
  anyLabel: 'Every change',
  choices: [
    {
      group: 'Submissions',
      options: [
        whole('submission'),
        one('submission.approved'),
        one('submission.rejected'),
        one('submission.agency_approved'),
      ],
    },
    {
      group: 'Creators',
      options: [whole('creator'), one('creator.approved'), one('creator.rejected')],
    },
    {
      group: 'Campaigns',
      options: [
        whole('campaign'),
        one('campaign.created'),
        one('campaign.updated'),
        one('campaign.publish_requested'),
        one('campaign.withdrawn'),
        one('campaign.paused'),
        one('campaign.resumed'),
        whole('task'),
      ],
    },
    {
      group: 'Codes',
      options: [whole('code'), one('code.created'), one('code.updated'), one('code.assigned')],
    },
    {
      group: 'People and keys',
      options: [whole('member'), one('invitation.created'), whole('key'), one('session.created')],
    },
  ],
};
