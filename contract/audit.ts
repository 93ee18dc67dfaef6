// The audit trail's vocabulary (docs/api.md#people-sign-in-roles-and-the-audit-trail): what the
// database's audit trigger writes as an entry's `target_type` and `action`. The trigger is SQL
// (server/db/migrations/0006_people.sql); a service test holds it against this table, and the
// dashboard's filter and sentences are typed by it
// (docs/decisions/0110-rules-as-data-in-the-contract.md).

/** Each target type and the actions the trigger writes for it (`<target_type>.<action>`). */
export const AUDIT_ACTIONS = {
  campaign: [
    'created',
    'updated',
    'deleted',
    'publish_requested',
    'withdrawn',
    'approved',
    'publish_denied',
    'published',
    'paused',
    'resumed',
    'completed',
  ],
  task: ['created', 'updated', 'deleted', 'archived', 'active'],
  submission: [
    'created',
    'updated',
    'deleted',
    'approved',
    'agency_approved',
    'rejected',
    'revised',
    'failed',
    'post_deleted',
  ],
  creator: ['applied', 'updated', 'deleted', 'approved', 'rejected'],
  post: ['created', 'updated', 'deleted', 'taken_down'],
  payout: ['created', 'updated', 'deleted'],
  code_group: ['created', 'updated', 'deleted', 'intake_rotated'],
  code: ['created', 'updated', 'deleted', 'assigned', 'unassigned'],
  member: ['joined', 'updated', 'removed', 'role_changed'],
  invitation: ['created', 'updated', 'deleted', 'accepted'],
  key: ['created', 'updated', 'deleted', 'revoked'],
  session: ['created', 'deleted'],
} as const;

/** What an audit entry is about (`target_type`). */
export type AuditTargetType = keyof typeof AUDIT_ACTIONS;
/** The actions of one target type, without the prefix: `approved`. */
export type AuditVerb<T extends AuditTargetType> = (typeof AUDIT_ACTIONS)[T][number];
/** An entry's `action`: `submission.approved`. */
export type AuditAction = { [T in AuditTargetType]: `${T}.${AuditVerb<T>}` }[AuditTargetType];

export const AUDIT_TARGET_TYPES = Object.keys(AUDIT_ACTIONS) as AuditTargetType[];

/** Every action of the vocabulary, target type by target type. */
export const ALL_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_TARGET_TYPES.flatMap((type) =>
  AUDIT_ACTIONS[type].map((verb) => `${type}.${verb}` as AuditAction),
);

const KNOWN = new Set<string>(ALL_AUDIT_ACTIONS);

/**
 * Whether `action` is of the vocabulary. The wire keeps `action` a string (an entry written by a
 * newer service still reads), so a client narrows with this.
 */
export const isAuditAction = (action: string): action is AuditAction => KNOWN.has(action);

/** The actions a person picks by name (the Activity screen's filter), in words. */
export const AUDIT_ACTION_LABELS = {
  'submission.approved': 'Submission approved',
  'submission.rejected': 'Changes requested',
  'submission.agency_approved': 'Approved for the brand’s sign-off',
  'submission.revised': 'Submission revised',
  'creator.applied': 'Applied to a campaign',
  'creator.approved': 'Application approved',
  'creator.rejected': 'Application declined',
  'campaign.created': 'Campaign created',
  'campaign.updated': 'Campaign edited',
  'campaign.publish_requested': 'Campaign sent for approval',
  'campaign.withdrawn': 'Approval request withdrawn',
  'campaign.approved': 'Campaign approved for publishing',
  'campaign.publish_denied': 'Campaign publishing denied',
  'campaign.paused': 'Campaign paused',
  'campaign.resumed': 'Campaign resumed',
  'campaign.completed': 'Campaign completed',
  'code.created': 'Code added',
  'code.updated': 'Usage reported',
  'code.assigned': 'Code assigned',
  'invitation.created': 'Member invited',
  'invitation.deleted': 'Invitation revoked',
  'member.role_changed': 'Role changed',
  'key.revoked': 'API key revoked',
  'session.created': 'Signed in',
} as const satisfies Partial<Record<AuditAction, string>>;

/** An action that has words of its own (a filter may offer it by name). */
export type LabelledAuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** A whole target type's changes, in words: "Any submission change". */
export const AUDIT_TARGET_LABELS: Readonly<Record<AuditTargetType, string>> = {
  campaign: 'Any campaign change',
  task: 'Any task change',
  submission: 'Any submission change',
  creator: 'Any application change',
  post: 'Any post change',
  payout: 'Any payout',
  code_group: 'Any code group change',
  code: 'Any code change',
  member: 'Any member change',
  invitation: 'Any invitation change',
  key: 'Any API key change',
  session: 'Any sign-in or sign-out',
};
