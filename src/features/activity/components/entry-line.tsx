import type { AuditEvent } from '#contract/people';
import {
  Check,
  ClipboardCheck,
  Clapperboard,
  History,
  KeyRound,
  ListChecks,
  Megaphone,
  MessageSquareWarning,
  TicketPercent,
  UserCog,
  UserPlus,
  X,
  type LucideIcon,
} from 'lucide-react';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { formatDateTime, formatRelativeTime } from '#lib/format';
import { describeEntry, feedbackOf } from '../describe-entry';

const ICONS: Record<string, LucideIcon> = {
  submission: ClipboardCheck,
  creator: UserPlus,
  campaign: Megaphone,
  task: ListChecks,
  code: TicketPercent,
  code_group: TicketPercent,
  post: Clapperboard,
  member: UserCog,
  invitation: UserCog,
  session: UserCog,
  key: KeyRound,
};

/** The entry's mark: what it is about, green for an approval, amber for a refusal. */
function mark(entry: AuditEvent): { icon: LucideIcon; tone: string } {
  const verb = entry.action.slice(entry.action.indexOf('.') + 1);
  if (verb === 'approved' || verb === 'agency_approved')
    return { icon: Check, tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' };
  if (verb === 'rejected' && entry.target_type === 'submission')
    return { icon: MessageSquareWarning, tone: 'bg-amber-50 text-amber-800 ring-amber-200' };
  if (verb === 'rejected' || verb === 'deleted' || verb === 'removed' || verb === 'revoked')
    return { icon: X, tone: 'bg-amber-50 text-amber-800 ring-amber-200' };
  return {
    icon: ICONS[entry.target_type] ?? History,
    tone: 'bg-gray-100 text-gray-700 ring-gray-200',
  };
}

/** When: "2 min ago", with the date and time in its tooltip and for machines. */
export function EntryTime({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at, now)}
    </time>
  );
}

/**
 * One entry as a sentence: "Maya Chen (reviewer) approved @zoe.unboxes’s submission", then when
 * (and `context`, e.g. the campaign). `about` says the panel is about the entry's target itself:
 * "Approved by Maya Chen (reviewer)".
 */
export function EntryLine({
  entry,
  now,
  about = false,
  context,
  compact = false,
}: {
  entry: AuditEvent;
  now: number;
  about?: boolean;
  context?: ReactNode;
  compact?: boolean;
}) {
  const words = describeEntry(entry);
  const feedback = feedbackOf(entry);
  const { icon: Icon, tone } = mark(entry);
  return (
    <li className={clsx('flex min-w-0 gap-3', compact ? 'py-2' : 'py-3')}>
      <span
        className={clsx(
          'mt-0.5 flex shrink-0 items-center justify-center rounded-full ring-1',
          compact ? 'size-6' : 'size-8',
          tone,
        )}
      >
        <Icon aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words text-gray-900">
          {about ? (
            <>
              {words.done} by <span className="font-medium">{words.actor}</span>
            </>
          ) : (
            <>
              <span className="font-medium">{words.actor}</span> {words.did}
            </>
          )}
        </p>
        {feedback ? (
          <blockquote className="mt-1 line-clamp-3 border-l-2 border-amber-300 pl-2 break-words text-gray-700">
            “{feedback}”
          </blockquote>
        ) : null}
        <p className="mt-0.5 text-xs text-gray-600">
          <EntryTime at={entry.occurred_at} now={now} />
          {context ? <> · {context}</> : null}
        </p>
      </div>
    </li>
  );
}
