import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUEUE_START,
  afterDecision,
  afterUndo,
  jumpTo,
  locate,
  settle,
  step,
  type QueueCursor,
} from './queue-cursor';

const ids = ['a', 'b', 'c', 'd'];
const at = (id: string, index: number): QueueCursor => ({ id, index });
const without = (list: readonly string[], id: string) => list.filter((x) => x !== id);
/** What is on screen: the id the cursor resolves to in `list`. */
const shown = (cursor: QueueCursor, list: readonly string[]) => locate(cursor, list).id;

describe('the queue cursor', () => {
  it('starts on the first item, and on nothing while the queue is empty', () => {
    expect(locate(QUEUE_START, ids)).toEqual({ index: 0, id: 'a' });
    expect(locate(QUEUE_START, [])).toEqual({ index: -1, id: null });
    expect(locate(at('b', 1), [])).toEqual({ index: -1, id: null });
  });

  it('deciding the first item shows the second', () => {
    const next = afterDecision(QUEUE_START, ids, 'a');
    expect(next).toEqual(at('b', 0));
    expect(shown(next, without(ids, 'a'))).toBe('b');
  });

  it('deciding a middle item shows the one after it', () => {
    const next = afterDecision(at('b', 1), ids, 'b');
    expect(next).toEqual(at('c', 1));
    expect(shown(next, without(ids, 'b'))).toBe('c');
  });

  it('deciding the last item shows the one before it, not an empty view', () => {
    const next = afterDecision(at('d', 3), ids, 'd');
    expect(next).toEqual(at('c', 2));
    expect(locate(next, without(ids, 'd'))).toEqual({ index: 2, id: 'c' });
  });

  it('deciding the only item leaves nothing on screen, and the next arrival shows', () => {
    const next = afterDecision(at('a', 0), ['a'], 'a');
    expect(locate(next, [])).toEqual({ index: -1, id: null });
    expect(shown(next, ['z'])).toBe('z');
  });

  it('deciding an item that is not listed keeps the cursor', () => {
    const cursor = at('b', 1);
    expect(afterDecision(cursor, ids, 'x')).toBe(cursor);
  });

  it('undo puts the restored item back on screen', () => {
    const decided = afterDecision(at('b', 1), ids, 'b');
    const undone = afterUndo(decided, 'b');
    expect(shown(undone, ids)).toBe('b');
    // Undoing the last item's decision shows it again too.
    const last = afterUndo(afterDecision(at('d', 3), ids, 'd'), 'd');
    expect(shown(last, ids)).toBe('d');
  });

  it('J and K step one item and stay put at either end', () => {
    expect(step(QUEUE_START, ids, 1)).toEqual(at('b', 1));
    expect(step(at('b', 1), ids, -1)).toEqual(at('a', 0));
    const first = at('a', 0);
    expect(step(first, ids, -1)).toBe(first);
    const last = at('d', 3);
    expect(step(last, ids, 1)).toBe(last);
    expect(step(QUEUE_START, [], 1)).toBe(QUEUE_START);
  });

  it('stepping from an item that left goes from the item now shown', () => {
    // "b" was decided elsewhere: "c" is shown at its place; J goes to "d".
    expect(step(at('b', 1), ['a', 'c', 'd'], 1)).toEqual(at('d', 2));
  });

  it('jumps to an item of "Up next", and ignores one that is not listed', () => {
    expect(jumpTo(QUEUE_START, ids, 'c')).toEqual(at('c', 2));
    expect(jumpTo(QUEUE_START, ids, 'x')).toBe(QUEUE_START);
  });

  it('keeps the same item on screen while items arrive before and after it', () => {
    const cursor = at('b', 1);
    expect(shown(cursor, ['z', 'a', 'b', 'c', 'd', 'e'])).toBe('b');
  });

  it('keeps the same item on screen while others leave', () => {
    const cursor = at('c', 2);
    expect(shown(cursor, ['c', 'd'])).toBe('c');
  });

  it('shows the item at its place when the one on screen leaves live, the last one at the end', () => {
    expect(shown(at('b', 1), ['a', 'c', 'd'])).toBe('c');
    expect(shown(at('d', 3), ['a', 'b', 'c'])).toBe('c');
    expect(shown(at('d', 3), ['a'])).toBe('a');
  });

  it('once the item on screen left, settles on its successor so later changes do not move the view', () => {
    const gone = at('b', 1);
    const listed = ['a', 'c', 'd'];
    const settled = settle(gone, listed);
    expect(settled).toEqual(at('c', 1));
    // "a" leaves too: "c" stays on screen (the unsettled cursor would now show "d").
    expect(shown(settled, ['c', 'd'])).toBe('c');
    expect(shown(gone, ['c', 'd'])).toBe('d');
  });

  it('settling answers the same cursor when nothing changed, or when nothing is listed', () => {
    const cursor = at('b', 1);
    expect(settle(cursor, ids)).toBe(cursor);
    expect(settle(cursor, [])).toBe(cursor);
    expect(settle(QUEUE_START, ids)).toEqual(at('a', 0));
  });

  it('a filter that hides the item on screen shows the item at its place in the filtered list', () => {
    const cursor = at('c', 2);
    expect(shown(cursor, ['a', 'b', 'd'])).toBe('d');
    expect(shown(cursor, ['b', 'd'])).toBe('d');
    // Clearing the filter again shows the item the reviewer settled on meanwhile.
    const settled = settle(cursor, ['b', 'd']);
    expect(shown(settled, ids)).toBe('d');
  });

  it('always shows a listed item while any is listed, whatever happened before', () => {
    const list = fc.uniqueArray(fc.constantFrom(...'abcdefgh'), { maxLength: 8 });
    fc.assert(
      fc.property(list, list, fc.nat(10), (before, after, index) => {
        const cursor = before.length ? at(before[index % before.length]!, index) : QUEUE_START;
        const here = locate(cursor, after);
        if (after.length === 0) return here.index === -1 && here.id === null;
        return here.index >= 0 && here.index < after.length && after[here.index] === here.id;
      }),
    );
  });

  it('after any decision the item on screen is the decided one’s neighbour', () => {
    const list = fc.uniqueArray(fc.constantFrom(...'abcdefgh'), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(list, fc.nat(), (before, n) => {
        const decided = before[n % before.length]!;
        const position = before.indexOf(decided);
        const rest = without(before, decided);
        const next = shown(afterDecision(at(decided, position), before, decided), rest);
        const expected = before[position + 1] ?? before[position - 1];
        return next === expected;
      }),
    );
  });
});
