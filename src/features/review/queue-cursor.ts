/**
 * Which item of the queue is on screen. The cursor names an item (`id`) and remembers the
 * position it was at (`index`): while the named item is listed it stays on screen wherever it
 * moves (items arriving, others leaving, a filter changing); once it is gone (decided here or by
 * someone else, or filtered out) the item now at its position takes its place, the last one when
 * the list got shorter than that.
 *
 * Pure functions over the ids of the visible items, in queue order.
 */
export type QueueCursor = { readonly id: string | null; readonly index: number };

export const QUEUE_START: QueueCursor = { id: null, index: 0 };

/** Where the cursor is: the index and id of the item on screen, or -1 and null when none is. */
export function locate(
  cursor: QueueCursor,
  ids: readonly string[],
): { index: number; id: string | null } {
  if (ids.length === 0) return { index: -1, id: null };
  const named = cursor.id === null ? -1 : ids.indexOf(cursor.id);
  const index = named !== -1 ? named : Math.min(Math.max(cursor.index, 0), ids.length - 1);
  return { index, id: ids[index]! };
}

/**
 * The cursor pinned to the item it shows now. Once the named item is gone the cursor names its
 * successor, so later arrivals or departures elsewhere in the list do not change what is on
 * screen. Answers the same object when nothing changes.
 */
export function settle(cursor: QueueCursor, ids: readonly string[]): QueueCursor {
  const here = locate(cursor, ids);
  if (here.id === null || (here.id === cursor.id && here.index === cursor.index)) return cursor;
  return { id: here.id, index: here.index };
}

/** One step forward (J) or back (K); stays put at either end. */
export function step(cursor: QueueCursor, ids: readonly string[], by: 1 | -1): QueueCursor {
  const here = locate(cursor, ids);
  if (here.index === -1) return cursor;
  const to = here.index + by;
  if (to < 0 || to >= ids.length) return cursor;
  return { id: ids[to]!, index: to };
}

/** Straight to an item (from "Up next"); stays put when it is not listed. */
export function jumpTo(cursor: QueueCursor, ids: readonly string[], id: string): QueueCursor {
  const index = ids.indexOf(id);
  return index === -1 ? cursor : { id, index };
}

/**
 * After deciding `decidedId` (which leaves the list): the item after it takes its place; when it
 * was the last one, the one before it does.
 */
export function afterDecision(
  cursor: QueueCursor,
  ids: readonly string[],
  decidedId: string,
): QueueCursor {
  const at = ids.indexOf(decidedId);
  if (at === -1) return cursor;
  const rest = ids.filter((id) => id !== decidedId);
  if (rest.length === 0) return { id: null, index: 0 };
  const index = Math.min(at, rest.length - 1);
  return { id: rest[index]!, index };
}

/** After an undo, the item put back is on screen again (it returns to its place in the list). */
export function afterUndo(cursor: QueueCursor, restoredId: string): QueueCursor {
  return { id: restoredId, index: cursor.index };
}
