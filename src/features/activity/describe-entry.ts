import type { AuditTargetType, AuditVerb } from '#contract/audit';
import type { AuditEvent } from '#contract/people';

/**
 * An entry of the audit trail as words: who (`actor.label`, as written when it happened: "Maya
 * Chen (reviewer)"), what they did to what (`approved @zoe.unboxes's submission`), and the same
 * in the passive for a panel about that one target ("Approved by Maya Chen (reviewer)").
 */
export type EntryWords = {
  actor: string;
  /** What was done, after the actor: "approved @zoe.unboxes's submission". */
  did: string;
  /** What was done to the target a panel is about, before "by <actor>": "Approved". */
  done: string;
};

const handle = (e: AuditEvent) => (e.target_label ? `@${e.target_label}` : null);
const possessive = (e: AuditEvent, what: string) => {
  const h = handle(e);
  return h ? `${h}’s ${what}` : `a ${what}`;
};
const named = (e: AuditEvent, what: string) =>
  e.target_label ? `the ${what} “${e.target_label}”` : `a ${what}`;
const after = (e: AuditEvent, field: string) => {
  const value = e.changes[field]?.[1];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

/** The fields an update changed, in words: "name, budget". */
function changedFields(e: AuditEvent): string {
  const fields = Object.keys(e.changes).map((f) => f.replaceAll('_', ' '));
  if (fields.length === 0) return '';
  const shown = fields.slice(0, 3).join(', ');
  return fields.length > 3 ? ` (${shown} and ${fields.length - 3} more)` : ` (${shown})`;
}

type Phrase = { did: string; done: string };

/**
 * The words of every action the contract says the database writes for `T` (contract/audit.ts):
 * a new action there is a type error here until it has its words.
 */
type Phrases<T extends AuditTargetType> = Record<AuditVerb<T>, Phrase>;
const phraseFor = <T extends AuditTargetType>(phrases: Phrases<T>, verb: string) =>
  Object.hasOwn(phrases, verb) ? (phrases as Record<string, Phrase>)[verb] : undefined;

function campaignPhrase(e: AuditEvent, verb: string): Phrase {
  const what = named(e, 'campaign');
  const phrases: Phrases<'campaign'> = {
    created: { did: `created ${what}`, done: 'Created' },
    updated: { did: `edited ${what}${changedFields(e)}`, done: `Edited${changedFields(e)}` },
    deleted: { did: `deleted ${what}`, done: 'Deleted' },
    publish_requested: {
      did: `asked to publish ${what}`,
      done: 'Sent for the platform’s approval',
    },
    withdrawn: {
      did: `withdrew ${what} from approval`,
      done: 'Withdrawn from approval',
    },
    published: { did: `published ${what}`, done: 'Published' },
    approved: { did: `approved publishing ${what}`, done: 'Approved for publishing' },
    publish_denied: { did: `denied publishing ${what}`, done: 'Publishing denied' },
    paused: { did: `paused ${what}`, done: 'Paused' },
    resumed: { did: `resumed ${what}`, done: 'Resumed' },
    completed: { did: `completed ${what}`, done: 'Completed' },
  };
  return (
    phraseFor(phrases, verb) ?? { did: `${verb.replaceAll('_', ' ')} ${what}`, done: cap(verb) }
  );
}

function submissionPhrase(e: AuditEvent, verb: string): Phrase {
  const what = possessive(e, 'submission');
  const phrases: Phrases<'submission'> = {
    created: { did: `received ${what}`, done: 'Submitted' },
    updated: { did: `updated ${what}`, done: 'Updated' },
    deleted: { did: `deleted ${what}`, done: 'Deleted' },
    approved: { did: `approved ${what}`, done: 'Approved' },
    agency_approved: {
      did: `approved ${what} for the brand’s sign-off`,
      done: 'Approved for the brand’s sign-off',
    },
    rejected: { did: `requested changes to ${what}`, done: 'Changes requested' },
    revised: { did: `received a revision of ${what}`, done: 'Revised' },
    failed: { did: `marked ${what} as failed`, done: 'Failed' },
    post_deleted: { did: `recorded that ${what} was taken down`, done: 'Post taken down' },
  };
  return phraseFor(phrases, verb) ?? { did: `updated ${what}`, done: 'Updated' };
}

function creatorPhrase(e: AuditEvent, verb: string): Phrase {
  const what = possessive(e, 'application');
  const phrases: Phrases<'creator'> = {
    applied: { did: `received ${what}`, done: 'Applied' },
    updated: { did: `updated ${what}`, done: 'Updated' },
    deleted: { did: `deleted ${what}`, done: 'Deleted' },
    approved: { did: `approved ${what}`, done: 'Approved' },
    rejected: { did: `declined ${what}`, done: 'Declined' },
  };
  return phraseFor(phrases, verb) ?? { did: `updated ${what}`, done: 'Updated' };
}

function codePhrase(e: AuditEvent, verb: string): Phrase {
  const what = e.target_label ? `the code ${e.target_label}` : 'a code';
  const phrases: Phrases<'code'> = {
    created: { did: `added ${what}`, done: 'Added' },
    updated: {
      did: `reported usage of ${what}${after(e, 'total_uses') ? ` (${after(e, 'total_uses')} uses)` : ''}`,
      done: 'Usage reported',
    },
    assigned: { did: `assigned ${what}`, done: 'Assigned' },
    unassigned: { did: `unassigned ${what}`, done: 'Unassigned' },
    deleted: { did: `deleted ${what}`, done: 'Deleted' },
  };
  return phraseFor(phrases, verb) ?? { did: `updated ${what}`, done: 'Updated' };
}

function phraseOf(e: AuditEvent): Phrase {
  const verb = e.action.slice(e.action.indexOf('.') + 1);
  switch (e.target_type) {
    case 'campaign':
      return campaignPhrase(e, verb);
    case 'submission':
      return submissionPhrase(e, verb);
    case 'creator':
      return creatorPhrase(e, verb);
    case 'code':
      return codePhrase(e, verb);
    case 'task': {
      const what = named(e, 'task');
      if (verb === 'created') return { did: `added ${what}`, done: 'Added' };
      // Archiving changes the task's status: the trigger names the new one.
      if (verb === 'archived') return { did: `archived ${what}`, done: 'Archived' };
      if (verb === 'active') return { did: `restored ${what}`, done: 'Restored' };
      if (verb === 'updated' && 'archived_at' in e.changes) {
        const archived = e.changes.archived_at?.[1] !== null;
        return archived
          ? { did: `archived ${what}`, done: 'Archived' }
          : { did: `restored ${what}`, done: 'Restored' };
      }
      return { did: `${verb} ${what}${changedFields(e)}`, done: cap(verb) };
    }
    case 'post': {
      const what = possessive(e, 'post');
      if (verb === 'created') return { did: `recorded ${what}`, done: 'Posted' };
      if (verb === 'taken_down')
        return { did: `recorded that ${what} was taken down`, done: 'Taken down' };
      return { did: `updated ${what}`, done: 'Updated' };
    }
    case 'payout': {
      const h = handle(e);
      return { did: h ? `recorded a payout to ${h}` : 'recorded a payout', done: 'Paid' };
    }
    case 'code_group': {
      const what = named(e, 'code group');
      if (verb === 'intake_rotated')
        return { did: `replaced the e-mail address of ${what}`, done: 'E-mail address replaced' };
      return { did: `${verb} ${what}`, done: cap(verb) };
    }
    case 'member': {
      const who = e.target_label ?? 'a member';
      if (verb === 'joined') return { did: 'joined the team', done: 'Joined' };
      if (verb === 'role_changed')
        return {
          did: `made ${who} ${article(after(e, 'role') ?? 'member')}`,
          done: `Role changed to ${after(e, 'role') ?? 'another role'}`,
        };
      if (verb === 'removed') return { did: `removed ${who}`, done: 'Removed' };
      return { did: `updated ${who}`, done: 'Updated' };
    }
    case 'invitation': {
      const who = e.target_label ?? 'someone';
      if (verb === 'created')
        return {
          did: `invited ${who}${after(e, 'role') ? ` as ${after(e, 'role')}` : ''}`,
          done: 'Invited',
        };
      if (verb === 'accepted')
        return { did: `accepted the invitation of ${who}`, done: 'Accepted' };
      if (verb === 'deleted') return { did: `revoked the invitation of ${who}`, done: 'Revoked' };
      if (verb === 'updated')
        return { did: `made a new invitation link for ${who}`, done: 'New link made' };
      return { did: `${verb} the invitation of ${who}`, done: cap(verb) };
    }
    case 'key': {
      const what = e.target_label ? `the API key “${e.target_label}”` : 'an API key';
      if (verb === 'created') return { did: `created ${what}`, done: 'Created' };
      if (verb === 'revoked') return { did: `revoked ${what}`, done: 'Revoked' };
      return { did: `updated ${what}`, done: 'Updated' };
    }
    case 'session':
      return verb === 'created'
        ? { did: 'signed in', done: 'Signed in' }
        : { did: 'signed out', done: 'Signed out' };
    default:
      return {
        did: `${verb.replaceAll('_', ' ')} a ${e.target_type.replaceAll('_', ' ')}`,
        done: cap(verb),
      };
  }
}

const cap = (verb: string) => {
  const words = verb.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const article = (role: string) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);

/**
 * Who did what: the actor's label as written ("Maya Chen (reviewer)", "Shop sync (API key)", "API key cck_AbCd…" with its
 * first letter raised, as it opens a sentence), "ops" as "The platform".
 */
export function describeEntry(e: AuditEvent): EntryWords {
  const label = e.actor.label;
  const actor =
    e.actor.type === 'ops'
      ? 'The platform'
      : e.actor.type === 'key'
        ? label.charAt(0).toUpperCase() + label.slice(1)
        : label;
  return { actor, ...phraseOf(e) };
}

/** The feedback a reviewer wrote with a decision (a request for changes), as it was sent. */
export function feedbackOf(e: AuditEvent): string | null {
  if (e.target_type !== 'submission') return null;
  const value = e.changes.feedback?.[1];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
