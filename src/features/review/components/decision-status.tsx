import { SUBMISSION_STATUS_LABELS } from '#contract/enums';
import { clsx } from 'clsx';
import { CircleCheck, CloudOff, LoaderCircle, RotateCw, TriangleAlert, X } from 'lucide-react';
import { Button } from '#components/ui/button';
import { describeError } from '#lib/api-client';
import { formatDateTime, formatNumber } from '#lib/format';
import type { Decision, QueueItem } from '../api/review';
import { NOT_SENT, type DecisionRecord, type Decisions } from '../use-decisions';
import { shortcutOf } from '../shortcuts';
import { KeyHint } from './key-hint';

const who = (item: QueueItem) => `@${item.submission.creator_username}`;

/** "the approval of @tess" / "the change request to @tess". */
function what(decision: Decision, item: QueueItem): string {
  return decision.kind === 'approve'
    ? `the approval of ${who(item)}`
    : `the change request to ${who(item)}`;
}

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The latest decision in words: never "Approved" before the service has it. */
export function recentText(record: DecisionRecord): string {
  const { decision, item } = record;
  switch (record.phase) {
    case 'waiting':
      return decision.kind === 'approve'
        ? `Approving ${who(item)}: sent in a few seconds.`
        : `Requesting changes from ${who(item)}: sent in a few seconds.`;
    case 'sending':
      return `Sending ${what(decision, item)}…`;
    case 'offline':
      return `Offline: ${what(decision, item)} is sent when the connection is back.`;
    case 'sent':
      return decision.kind === 'approve'
        ? `Approved ${who(item)}.`
        : `Changes requested from ${who(item)}.`;
    case 'failed':
      return `Not sent yet: ${what(decision, item)}.`;
    case 'conflict':
      return `Not applied: the submission from ${who(item)} was already reviewed.`;
    case 'refused':
      return `Not applied: ${what(decision, item)} was refused; the submission is back in the queue.`;
  }
}

/** What the service says happened to a submission someone else decided first. */
export function conflictText(record: DecisionRecord): string {
  const current = record.current;
  const creator = who(record.item);
  if (!current) return `The submission from ${creator} was already reviewed by someone else.`;
  const when = current.reviewed_at ? ` on ${formatDateTime(current.reviewed_at)}` : '';
  switch (current.status) {
    case 'approved':
      return `The submission from ${creator} was already approved${when}.`;
    case 'rejected':
      return `Changes were already requested from ${creator}${when}.`;
    case 'in_review':
      return `The submission from ${creator} was already decided at this step by someone else.`;
    default:
      return `The submission from ${creator} is already ${SUBMISSION_STATUS_LABELS[current.status].toLowerCase()}.`;
  }
}

/**
 * The latest decision in a line (with Undo while it is not sent; once undone, that it is back in
 * the queue) and how many decisions have not reached the service yet; before the first decision,
 * a word on how deciding works.
 */
export function DecisionStatus({
  decisions,
  onUndo,
}: {
  decisions: Decisions;
  onUndo: () => void;
}) {
  const { recent, undone, notSent, offline } = decisions;
  const undo = shortcutOf('undo');
  // On a phone the count shows only when it says more than the line about the latest decision.
  const others = notSent - (recent && NOT_SENT.has(recent.phase) ? 1 : 0);
  return (
    <div
      role="status"
      aria-label="Decisions"
      className="flex min-h-8 items-center gap-2 text-xs sm:text-sm lg:flex-wrap"
    >
      <span
        className={clsx(
          'line-clamp-2 min-w-0 flex-1 break-words',
          recent || undone ? 'text-gray-900' : 'text-gray-600 lg:text-xs',
        )}
      >
        {recent?.phase === 'sending' ? (
          <LoaderCircle
            aria-hidden="true"
            className="mr-1 inline size-3.5 animate-spin align-[-0.125em]"
          />
        ) : null}
        {recent
          ? recentText(recent)
          : undone
            ? `Undone: ${who(undone)}’s submission is back in the queue.`
            : 'A decision can be undone for a few seconds, before it is sent.'}
      </span>
      {recent?.phase === 'waiting' ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={onUndo}
          aria-keyshortcuts={undo.aria}
          className="shrink-0"
        >
          Undo <KeyHint label={undo.label} />
        </Button>
      ) : null}
      {notSent > 0 ? (
        <span
          className={clsx(
            'inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-950',
            // On a phone one thing sits beside the line: Undo while it can be used.
            (others === 0 || recent?.phase === 'waiting') && 'max-lg:hidden',
          )}
        >
          {offline ? <CloudOff aria-hidden="true" className="size-3.5" /> : null}
          {plural(notSent, 'decision', 'decisions')} not sent yet
        </span>
      ) : recent && decisions.sent > 0 ? (
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-medium text-emerald-950 max-lg:hidden">
          <CircleCheck aria-hidden="true" className="size-3.5" />
          All decisions sent
        </span>
      ) : null}
    </div>
  );
}

/** Decisions that could not be sent (with Retry) and those someone else made first. */
export function DecisionAlerts({ decisions }: { decisions: Decisions }) {
  const { failed, conflicts } = decisions;
  if (failed.length === 0 && conflicts.length === 0) return null;
  return (
    <div className="space-y-2">
      {failed.length > 0 ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 sm:flex-row sm:items-start"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 max-sm:hidden" />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="font-medium">
              {plural(failed.length, 'decision', 'decisions')} could not be sent
            </p>
            <p>
              {describeError(failed[0]!.error).title}.{' '}
              {failed.length === 1
                ? 'The submission stays out of the queue until it is sent; it is tried again when the connection is back.'
                : 'The submissions stay out of the queue until they are sent; they are tried again when the connection is back.'}
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={decisions.retry} className="self-start">
            <RotateCw aria-hidden="true" className="size-4" />
            Retry now
          </Button>
        </div>
      ) : null}
      {conflicts.slice(0, 3).map((record) => (
        <div
          key={record.key}
          role="alert"
          className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">Already reviewed</p>
            <p>{conflictText(record)} Your decision was not applied.</p>
          </div>
          <button
            type="button"
            onClick={() => decisions.dismissConflict(record.key)}
            aria-label={`Dismiss the notice about @${record.item.submission.creator_username}`}
            className="rounded-md p-1 text-amber-900 hover:bg-amber-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
