import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/**
 * Where the focus goes once a row's decision is drawn (docs/decisions/0166): the next row's
 * Approve below the row decided (`after`, a creator id; empty after a selection), else the first
 * Approve left in the list, else the list's word that nothing is left (`data-focus-target`), so
 * it never falls to the page's body.
 */
export function focusAfterDecision(root: HTMLElement, after: string): void {
  const approves = [...root.querySelectorAll<HTMLButtonElement>('button[data-approve]')];
  const row = after ? root.querySelector(`[data-row="${CSS.escape(after)}"]`) : null;
  const next = row
    ? approves.find(
        (b) =>
          !row.contains(b) &&
          (row.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      )
    : undefined;
  const target = next ?? approves[0] ?? root.querySelector<HTMLElement>('[data-focus-target]');
  target?.focus();
}

/** The first applicant's Approve on the screen, else the list's heading: the skip link's target. */
export function focusFirstApplicant(): boolean {
  const list = document.querySelector<HTMLElement>('[data-creators-list]');
  const target =
    list?.querySelector<HTMLElement>('button[data-approve]') ??
    list?.querySelector<HTMLElement>('[data-focus-target]') ??
    list?.querySelector<HTMLElement>('[data-row] input, [data-row]');
  target?.focus();
  return target !== null && target !== undefined;
}

/** Something a key typed into must not be taken from (a field, an open dialog). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"]')) return true;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'combobox'
  );
}

/** U takes back the latest decision while `enabled` (it is still waiting to be sent). */
export function useUndoKey(enabled: boolean, undo: () => void): void {
  const run = useEffectEvent(undo);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'u' && event.key !== 'U') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (typing(event.target)) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/**
 * The creator a link names (`?creator=`, e.g. from Activity): once their row is drawn, it is
 * scrolled into view and focused (once per creator); until then further pages are read while
 * the list has more (a creator far down a long list).
 */
export function useHighlightedRow(
  root: RefObject<HTMLElement | null>,
  creatorId: string | null,
  rows: readonly { creator_id: string }[] | undefined,
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown },
): void {
  const done = useRef<string | null>(null);
  const found = !!creatorId && !!rows?.some((r) => r.creator_id === creatorId);
  const more = useEffectEvent(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  });
  useEffect(() => {
    if (!creatorId || done.current === creatorId || rows === undefined) return;
    if (!found) {
      more();
      return;
    }
    const row = root.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(creatorId)}"]`);
    if (!row) return;
    done.current = creatorId;
    row.scrollIntoView?.({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [root, creatorId, rows, found]);
}
