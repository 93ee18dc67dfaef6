import type { CampaignCreator } from '#contract/creators';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';
import type { DecisionState } from '../use-creator-decisions';

/** A decision's state in place of the buttons, as tall as they are so the row does not jump. */
function RowState({
  wide,
  className,
  children,
}: {
  wide: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <span className={clsx('inline-flex items-center text-sm', wide ? 'h-10' : 'h-8', className)}>
      {children}
    </span>
  );
}

/**
 * A row's Approve and Reject, or where its decision stands once made: waiting to be sent (with
 * Undo), being sent, done, or the
 * service's refusal (with the buttons again, to try once more). A row that left the waiting list
 * without a decision from this tab was decided by someone else: it says so, without buttons.
 * `wide` gives each button half of a card on a phone.
 */
export function DecisionControls({
  creator,
  state,
  decidedElsewhere = false,
  undone = false,
  onApprove,
  onReject,
  onUndo,
  wide = false,
}: {
  creator: CampaignCreator;
  state: DecisionState | undefined;
  decidedElsewhere?: boolean;
  /** Its decision was just taken back: said beside the buttons, where the person looks. */
  undone?: boolean;
  onApprove: () => void;
  onReject: () => void;
  onUndo: () => void;
  wide?: boolean;
}) {
  if (state?.phase === 'waiting') {
    // Decided here, not sent yet: the result, and Undo while it can be taken back.
    return (
      <span
        className={clsx(
          'inline-flex items-center gap-3',
          wide ? 'w-full justify-between' : 'justify-end',
        )}
      >
        <RowState
          wide={wide}
          className={clsx(
            'gap-1 font-medium',
            state.kind === 'approve' ? 'text-emerald-800' : 'text-gray-800',
          )}
        >
          <Check aria-hidden="true" className="size-4" />
          {state.kind === 'approve' ? 'Approved' : 'Rejected'}
        </RowState>
        <Button
          size={wide ? 'md' : 'sm'}
          variant="secondary"
          data-undo={creator.creator_id}
          aria-label={`Undo ${state.kind === 'approve' ? 'approving' : 'rejecting'} @${creator.username}`}
          onClick={onUndo}
        >
          Undo
        </Button>
      </span>
    );
  }
  if (decidedElsewhere && state?.phase !== 'sending' && state?.phase !== 'done') {
    return (
      <div className="space-y-1">
        <RowState wide={wide} className="text-gray-700">
          Decided by someone else
        </RowState>
        {state?.phase === 'failed' ? (
          <p className="max-w-xs text-xs text-red-800">{state.message}</p>
        ) : null}
      </div>
    );
  }
  if (state?.phase === 'sending') {
    return (
      <RowState wide={wide} className="gap-2 text-gray-700">
        <Spinner className="size-4" />
        {state.kind === 'approve' ? 'Approving…' : 'Rejecting…'}
      </RowState>
    );
  }
  if (state?.phase === 'done') {
    return (
      <RowState
        wide={wide}
        className={clsx(
          'gap-1 font-medium',
          state.kind === 'approve' ? 'text-emerald-800' : 'text-gray-800',
        )}
      >
        <Check aria-hidden="true" className="size-4" />
        {state.kind === 'approve' ? 'Approved' : 'Rejected'}
      </RowState>
    );
  }
  const size = wide ? 'md' : 'sm';
  return (
    <div className="space-y-1">
      <div className={clsx('gap-2', wide ? 'grid grid-cols-2' : 'flex justify-end')}>
        <Button
          data-approve={creator.creator_id}
          size={size}
          aria-label={`Approve @${creator.username}`}
          onClick={onApprove}
        >
          Approve
        </Button>
        <Button
          size={size}
          variant="secondary"
          data-reject={creator.creator_id}
          aria-label={`Reject @${creator.username}`}
          onClick={onReject}
        >
          Reject
        </Button>
      </div>
      {state?.phase === 'failed' ? (
        <p className="max-w-xs text-xs text-red-800">{state.message}</p>
      ) : undone ? (
        <p className="text-xs text-gray-700">Undone: nothing was sent</p>
      ) : null}
    </div>
  );
}
