import { Check, MessageSquareWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#components/ui/button';
import { ReadOnlyNote } from '#components/ui/read-only-note';
import { SEEK_SECONDS, shortcutOf } from '../shortcuts';
import { KeyHint } from './key-hint';

/** Why a decision key did nothing (docs/decisions/0150). */
export const TOO_SOON =
  'Nothing decided: the A and R keys work once a submission has been on screen for a moment, so nothing is decided unseen.';

/**
 * Approve / Request changes, with the decisions' `status` under them (Undo is in reach where the
 * decision was made). On a phone the bar sticks to the bottom of the screen while the submission
 * is in view, so the decision is in reach under the video (the feedback box opens in a dialog
 * above it, never under it); the status keeps its height so the buttons never move under a thumb.
 */
export function DecisionBar({
  canDecide,
  inspecting = false,
  onApprove,
  onRequestChanges,
  status,
  tooSoon = false,
}: {
  canDecide: boolean;
  /** Still being inspected: the buttons wait for the checks. */
  inspecting?: boolean;
  onApprove: () => void;
  onRequestChanges: () => void;
  status: ReactNode;
  /** A decision key was pressed before the submission had been on screen for a moment. */
  tooSoon?: boolean;
}) {
  const approve = shortcutOf('approve');
  const change = shortcutOf('requestChanges');
  if (!canDecide) {
    return (
      <div className="lg:col-start-2">
        <ReadOnlyNote>
          Your access lets you look at submissions, not approve them or request changes.
        </ReadOnlyNote>
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label="Decision"
      className="sticky bottom-0 z-10 -mx-4 border-t border-gray-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.15)] backdrop-blur max-lg:order-last lg:static lg:col-start-2 lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none"
    >
      <div className="grid grid-cols-2 gap-2 lg:flex lg:flex-wrap">
        <Button onClick={onApprove} aria-keyshortcuts={approve.aria} disabled={inspecting}>
          <Check aria-hidden="true" className="size-4 max-sm:hidden" />
          Approve
          <KeyHint label={approve.label} onPrimary />
        </Button>
        <Button
          variant="secondary"
          onClick={onRequestChanges}
          aria-keyshortcuts={change.aria}
          disabled={inspecting}
        >
          <MessageSquareWarning aria-hidden="true" className="size-4 max-sm:hidden" />
          Request changes
          <KeyHint label={change.label} />
        </Button>
      </div>
      {/* Polite: it says why a key did nothing, without taking over from the decision's status. */}
      <p role="status" className={tooSoon ? 'mt-2 text-sm text-amber-900' : undefined}>
        {tooSoon ? TOO_SOON : null}
      </p>
      <div className="mt-2">{status}</div>
      <p className="mt-1 hidden text-xs text-gray-600 lg:block pointer-coarse:hidden">
        <kbd className="font-mono">Space</kbd> play/pause · <kbd className="font-mono">←</kbd>{' '}
        <kbd className="font-mono">→</kbd> {SEEK_SECONDS} s · <kbd className="font-mono">M</kbd>{' '}
        mute · <kbd className="font-mono">?</kbd> all shortcuts
      </p>
    </div>
  );
}
