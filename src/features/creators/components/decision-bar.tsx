import { Checkbox } from '#components/ui/checkbox';
import { Button } from '#components/ui/button';
import { formatNumber } from '#lib/format';
import type { DecisionTally, Undone } from '../use-creator-decisions';

/** The latest decision, while it can be undone: how many rows and which way. */
export type Recent = { count: number; kind: 'approve' | 'reject' };

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * What the status line says: the latest decision while it can be undone, what Undo put back,
 * decisions being sent, then what was decided, else the selection.
 */
export function tallyText(
  tally: DecisionTally,
  selected: number,
  recent: Recent | null = null,
  undone: Undone | null = null,
): string {
  if (recent) {
    const what = `${recent.kind === 'approve' ? 'Approved' : 'Rejected'} ${plural(recent.count, 'creator', 'creators')}`;
    return `${what}: sent in a few seconds unless undone`;
  }
  if (tally.sending > 0) return `Sending ${plural(tally.sending, 'decision', 'decisions')}…`;
  if (undone && tally.waiting === 0) {
    const who =
      undone.count === 1 ? 'the creator is' : `${formatNumber(undone.count)} creators are`;
    return `Undone: ${who} waiting for a decision again`;
  }
  const parts = [
    tally.approved ? `${formatNumber(tally.approved)} approved` : '',
    tally.rejected ? `${formatNumber(tally.rejected)} rejected` : '',
    tally.failed ? `${formatNumber(tally.failed)} failed (see the row)` : '',
  ].filter(Boolean);
  if (selected > 0) parts.unshift(`${formatNumber(selected)} selected`);
  return parts.length > 0 ? parts.join(' · ') : 'Select creators to decide on several at once';
}

/**
 * Above the applicants, always the same height so nothing below it moves: select all, Approve and
 * Reject for the selection, a status line (what is being sent and what was decided, announced)
 * and, when creators applied since the list was shown, "3 new applicants · Show".
 */
export function DecisionBar({
  selectable,
  selected,
  allSelected,
  onSelectAll,
  onApprove,
  onReject,
  tally,
  recent,
  undone,
  onUndo,
  arrivals,
  onShowArrivals,
}: {
  /** Rows that can still be decided (a select-all has something to select). */
  selectable: number;
  selected: number;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
  tally: DecisionTally;
  /** The latest decision while it can be undone. */
  recent: Recent | null;
  undone: Undone | null;
  onUndo: () => void;
  arrivals: number;
  onShowArrivals: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white px-3 py-2 lg:flex-row lg:items-center lg:gap-4">
      <div className="flex h-8 items-center gap-2">
        <label className="inline-flex items-center gap-2 pr-1 text-sm text-gray-800">
          <Checkbox
            checked={allSelected}
            disabled={selectable === 0}
            onChange={(e) => onSelectAll(e.target.checked)}
          />
          Select all
        </label>
        {selected > 0 ? (
          <>
            <Button size="sm" onClick={onApprove}>
              Approve {formatNumber(selected)}
              <span className="sr-only"> selected</span>
            </Button>
            <Button size="sm" variant="secondary" onClick={onReject}>
              Reject {formatNumber(selected)}
              <span className="sr-only"> selected</span>
            </Button>
          </>
        ) : null}
      </div>
      <div className="flex h-8 min-w-0 shrink-0 items-center justify-between gap-2 lg:flex-1">
        <p role="status" className="min-w-0 truncate text-sm text-gray-600">
          {tallyText(tally, selected, recent, undone)}
        </p>
        {recent ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={onUndo}
            aria-keyshortcuts="U"
            className="shrink-0"
          >
            Undo
            <kbd
              aria-hidden="true"
              className="text-xs text-gray-600 max-sm:hidden pointer-coarse:hidden"
            >
              U
            </kbd>
          </Button>
        ) : null}
        <div role="status" className="shrink-0">
          {arrivals > 0 ? (
            <Button size="sm" variant="secondary" onClick={onShowArrivals}>
              {plural(arrivals, 'new applicant', 'new applicants')} · Show
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
