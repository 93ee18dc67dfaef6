import { z } from 'zod';
import { DateTime, Name, Uuid, listQuery, pageOf, pagingShape } from './common.ts';
import { ALL_SCOPES, Role, Scope, Side } from './me.ts';

// People (docs/api.md#people): members, sign-in sessions, invitations, self-service keys and
// the audit trail.

export { Role };

// Managing people and keys is the admin's alone; a manager may do everything else.
const ADMIN_ONLY_SCOPES: readonly Scope[] = ['members:write', 'keys:write'];
const BUYER_SCOPES = ALL_SCOPES.filter((scope) => !ADMIN_ONLY_SCOPES.includes(scope));

/** The scopes a member's session carries, by role (the table in docs/api.md#people). */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: [...BUYER_SCOPES, ...ADMIN_ONLY_SCOPES],
  manager: BUYER_SCOPES,
  reviewer: ['campaigns:read', 'submissions:write', 'creators:write', 'codes:read'],
  viewer: ['campaigns:read', 'codes:read'],
};

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  reviewer: 'Reviewer',
  viewer: 'Viewer',
};

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const Email = z.email({ error: 'must be an e-mail address' }).max(320);
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine((p) => p.trim() !== '', { error: 'must not be only white space' });

export const MemberSummary = z
  .object({ id: Uuid, email: z.string(), name: z.string(), role: Role })
  .meta({
    id: 'MemberSummary',
    description:
      'A member as a session shows them: id, e-mail address (in canonical form), name and role.',
  });
export type MemberSummary = z.infer<typeof MemberSummary>;

export const Member = MemberSummary.extend({
  brand_id: Uuid.nullable(),
  agency_id: Uuid.nullable(),
  created_at: z.string(),
}).meta({
  id: 'Member',
  description:
    'A member of a brand or agency team who signs in and acts as themselves; brand_id or agency_id says which team.',
});
export type Member = z.infer<typeof Member>;

export const MemberPage = pageOf(Member).meta({
  id: 'MemberPage',
  description:
    'A page of members, newest first, in the page envelope {data, has_more, next_cursor}.',
});
export type MemberPage = z.infer<typeof MemberPage>;

export const MemberListQuery = listQuery({});

export const MemberPatch = z.strictObject({ role: Role });
export type MemberPatch = z.infer<typeof MemberPatch>;

/** `POST /sessions`: the password is not checked for length here (an old one may be shorter). */
export const SessionCreate = z.strictObject({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type SessionCreate = z.infer<typeof SessionCreate>;

export const Session = z
  .object({
    token: z.string().meta({ description: 'the bearer credential (`ccs_…`); shown only here' }),
    expires_at: z.string().meta({
      description:
        'when the session ends at the latest (7 days after sign-in); 12 hours without use end it sooner',
    }),
    member: MemberSummary,
  })
  .meta({
    id: 'Session',
    description:
      'A signed-in session: the bearer token (ccs_..., shown only here), when it ends at the latest, and the member.',
  });
export type Session = z.infer<typeof Session>;

export const InvitationCreate = z.strictObject({
  email: Email,
  role: Role,
  brand_id: Uuid.optional(),
});
export type InvitationCreate = z.infer<typeof InvitationCreate>;

export const OpsInvitationCreate = z.union([
  z.strictObject({ email: Email, role: Role, brand_id: Uuid }),
  z.strictObject({ email: Email, role: Role, agency_id: Uuid }),
]);
export type OpsInvitationCreate = z.infer<typeof OpsInvitationCreate>;

/**
 * Whether the invitation's e-mail went out (docs/api.md#invitations): `off` without an SMTP relay
 * (SMTP_RELAY_URL), `sending` while the relay has not answered (or the service stopped before it
 * did), `sent` once the relay accepted it, `failed` when it refused or did not answer in time.
 */
export const INVITATION_EMAIL_STATUSES = ['off', 'sending', 'sent', 'failed'] as const;
export const InvitationEmailStatus = z.enum(INVITATION_EMAIL_STATUSES);
export type InvitationEmailStatus = z.infer<typeof InvitationEmailStatus>;

export const InvitationCreated = z
  .object({
    id: Uuid,
    email: z.string(),
    role: Role,
    invitation_url: z.string().meta({ description: 'the one-time link; shown only here' }),
    expires_at: z.string(),
    email_status: InvitationEmailStatus.meta({
      description:
        'whether the link was e-mailed to the address: off (no SMTP relay), sent, or failed',
    }),
  })
  .meta({
    id: 'InvitationCreated',
    description:
      'A new invitation (or a new link for one): the one-time invitation_url (shown only here), valid 7 days, and whether it was e-mailed.',
  });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

/** A pending invitation: not accepted, not revoked, not expired. Its link is never shown again. */
export const Invitation = z
  .object({
    id: Uuid,
    email: z.string(),
    role: Role,
    brand_id: Uuid.nullable(),
    agency_id: Uuid.nullable(),
    invited_by: z.string().meta({ description: 'who invited, as the audit trail names them' }),
    created_at: DateTime,
    expires_at: DateTime,
    email_status: InvitationEmailStatus,
  })
  .meta({
    id: 'Invitation',
    description:
      'A pending invitation. Its link is never shown again: POST /members/invitations/{invitation_id}/resend makes a new one.',
  });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationPage = pageOf(Invitation).meta({
  id: 'InvitationPage',
  description: 'A page of pending invitations, newest first.',
});
export type InvitationPage = z.infer<typeof InvitationPage>;

export const InvitationListQuery = listQuery({});

export const InvitationIdParams = z.object({ invitation_id: Uuid });

export const InvitationRevoked = z.object({ id: Uuid, revoked: z.literal(true) }).meta({
  id: 'InvitationRevoked',
  description:
    'The answer to revoking an invitation: its id and revoked true. Its link answers 404 from then on.',
});
export type InvitationRevoked = z.infer<typeof InvitationRevoked>;

export const InvitationAccept = z.strictObject({ name: Name, password: Password });
export type InvitationAccept = z.infer<typeof InvitationAccept>;

export const KeyCreate = z.strictObject({
  name: Name,
  scopes: z.array(Scope).min(1, { error: 'must name at least one scope' }).max(20),
});
export type KeyCreate = z.infer<typeof KeyCreate>;

export const KeySummary = z
  .object({
    id: Uuid,
    name: z.string().nullable(),
    prefix: z.string(),
    kind: Side,
    scopes: z.array(Scope),
    created_by: z.string(),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
  })
  .meta({
    id: 'KeySummary',
    description:
      'An API key as listed: its name, the prefix safe to show, kind, scopes, who created it and when, and when it was revoked (null while valid). The whole key is never shown again.',
  });
export type KeySummary = z.infer<typeof KeySummary>;

export const KeyPage = pageOf(KeySummary).meta({
  id: 'KeyPage',
  description: 'A page of API keys in the page envelope {data, has_more, next_cursor}.',
});
export type KeyPage = z.infer<typeof KeyPage>;

export const KeyListQuery = listQuery({});

export const KeyCreated = z
  .object({
    id: Uuid,
    key: z.string().meta({ description: 'the whole key; shown only here' }),
    name: z.string(),
    prefix: z.string(),
    kind: Side,
    scopes: z.array(Scope),
  })
  .meta({
    id: 'KeyCreated',
    description:
      'A new API key. The only answer that carries the whole key; it is never shown again.',
  });
export type KeyCreated = z.infer<typeof KeyCreated>;

export const KeyRevoked = z.object({ id: Uuid, revoked_at: z.string() }).meta({
  id: 'KeyRevoked',
  description:
    'The answer to revoking a key: its id and when it was revoked. It answers 401 from then on.',
});
export type KeyRevoked = z.infer<typeof KeyRevoked>;

export const ActorType = z.enum(['member', 'key', 'ops', 'email']).meta({
  id: 'ActorType',
  description:
    'Who made a change in the audit trail: a member, an API key, the platform side (ops) or the sender of a usage report e-mail.',
});
export type ActorType = z.infer<typeof ActorType>;

export const AuditActor = z
  .object({
    type: ActorType,
    id: z.string().nullable().meta({
      description: 'the member id, key id, or sender address; null for ops',
    }),
    label: z.string().meta({ description: 'a name to show: "Maya Chen (reviewer)", a key prefix' }),
  })
  .meta({
    id: 'AuditActor',
    description: 'Who made an audited change: their type, id and a label to show.',
  });
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEvent = z
  .object({
    id: Uuid,
    occurred_at: z.string(),
    actor: AuditActor,
    action: z.string().meta({ description: 'e.g. `submission.approved`, `campaign.updated`' }),
    target_type: z.string(),
    target_id: z.string(),
    target_label: z
      .string()
      .nullable()
      .meta({
        description:
          'what the target is called now, to show: the creator’s username (a submission, an applicant, a post, a payout), ' +
          'the campaign’s name, the task’s title, the code, the code group’s or member’s name, the key’s name or prefix, ' +
          'the invitation’s address; a deleted target keeps the name its entry recorded; null when unknown',
      }),
    campaign_id: Uuid.nullable(),
    brand_id: Uuid.nullable(),
    changes: z
      .record(z.string(), z.array(z.unknown()).length(2))
      .meta({ description: '{field: [before, after]} of each changed field' }),
    request_id: z.string().nullable(),
  })
  .meta({
    id: 'AuditEvent',
    description:
      'One entry of the audit trail: who changed which resource, how ({field: [before, after]}), and the request it was made by. Entries are never changed or deleted.',
  });
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEventPage = pageOf(AuditEvent).meta({
  id: 'AuditEventPage',
  description:
    'A page of audit entries, newest first, in the page envelope {data, has_more, next_cursor}.',
});
export type AuditEventPage = z.infer<typeof AuditEventPage>;

export const AuditEventQuery = z.strictObject({
  ...pagingShape,
  campaign_id: Uuid.optional(),
  target_type: z.string().min(1).max(64).optional(),
  target_id: z.string().min(1).max(256).optional(),
  actor_id: z.string().min(1).max(320).optional(),
  action: z.string().min(1).max(128).optional(),
  occurred_after: DateTime.optional(),
  occurred_before: DateTime.optional(),
});
export type AuditEventQuery = z.infer<typeof AuditEventQuery>;

export const MemberParams = z.object({ member_id: Uuid });
export const KeyParams = z.object({ key_id: Uuid });
export const InvitationParams = z.object({
  token: z.string().min(1).max(128).meta({ description: 'the token of the invitation link' }),
});

export const MemberRemoved = z.object({ id: Uuid, removed: z.literal(true) }).meta({
  id: 'MemberRemoved',
  description:
    'The answer to removing a member: their id and removed true. Their sessions end and the keys they made are revoked.',
});
export const SessionEnded = z
  .object({ ended: z.literal(true) })
  .meta({ id: 'SessionEnded', description: 'The answer to signing out: ended true.' });
