import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

function ActionButton({
  label,
  focusId,
  unavailable = false,
  onPress,
  children,
}: {
  label: string;
  focusId?: string;
  unavailable?: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      // aria-disabled, not disabled: a button that just moved its row to the edge keeps focus.
      aria-disabled={unavailable || undefined}
      aria-label={label}
      title={label}
      data-focus-id={focusId}
      className="inline-flex size-8 items-center justify-center rounded-md text-gray-700 transition-colors hover:bg-gray-200 hover:text-gray-900 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent"
      onClick={() => {
        if (!unavailable) onPress();
      }}
    >
      {children}
    </button>
  );
}

/** Move up, move down and remove for one row; `item` names it ("group Audience"). */
export function RowActions({
  item,
  rowKey,
  index,
  count,
  onMove,
  onRemove,
}: {
  item: string;
  rowKey: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      <ActionButton
        label={`Move ${item} up`}
        focusId={`${rowKey}:up`}
        unavailable={index === 0}
        onPress={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </ActionButton>
      <ActionButton
        label={`Move ${item} down`}
        focusId={`${rowKey}:down`}
        unavailable={index === count - 1}
        onPress={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </ActionButton>
      <ActionButton label={`Remove ${item}`} onPress={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
      </ActionButton>
    </div>
  );
}
