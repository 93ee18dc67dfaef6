import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import type { CursorScope } from '../domain/cursor.ts';
import { pageOf, rowsForPage, timeThenId } from '../domain/paging.ts';
import { readCursor } from './paging.ts';

const secret = Buffer.alloc(32, 3);
const cursorSecret = () => Promise.resolve(secret);
const scope: CursorScope = { list: 'things', filters: { status: null }, brands: ['b1'] };
const keyset = timeThenId('createdAt', 'id');
const rows = ['a', 'b', 'c'].map((id, i) => ({ id, createdAt: `2030-01-0${i + 1}T00:00:00Z` }));

describe('list paging', () => {
  it('reads one row more than the page and tells whether more follow', () => {
    expect(rowsForPage(2)).toBe(3);
    expect(pageOf(rows, 2)).toEqual({ rows: rows.slice(0, 2), hasMore: true });
    expect(pageOf(rows, 3)).toEqual({ rows, hasMore: false });
  });

  it("starts the next page after the position of the last row's cursor", async () => {
    const first = await readCursor(cursorSecret, scope, undefined, keyset);
    expect(first.after).toBeUndefined();
    const answer = first.envelope(pageOf(rows, 2), (row) => row.id);
    expect(answer.data).toEqual(['a', 'b']);
    expect(answer.has_more).toBe(true);
    const next = await readCursor(cursorSecret, scope, answer.next_cursor!, keyset);
    expect(next.after).toEqual({ createdAt: rows[1]!.createdAt, id: 'b' });
  });

  it('gives the last page no cursor, nor a row without a position', async () => {
    const cursor = await readCursor(cursorSecret, scope, undefined, keyset);
    expect(cursor.envelope(pageOf(rows, 3), (row) => row.id).next_cursor).toBeNull();
    const unsubmitted = { rows: [{ id: 'x', createdAt: null }], hasMore: true };
    expect(cursor.envelope(unsubmitted, (row) => row.id).next_cursor).toBeNull();
  });

  it("refuses another list's cursor", async () => {
    const made = (await readCursor(cursorSecret, scope, undefined, keyset)).envelope(
      pageOf(rows, 1),
      (row) => row.id,
    ).next_cursor!;
    const other: CursorScope = { list: 'things', filters: { status: 'active' }, brands: ['b1'] };
    await expect(readCursor(cursorSecret, other, made, keyset)).rejects.toBeInstanceOf(ApiError);
    const otherBrands: CursorScope = { ...scope, brands: ['b2'] };
    await expect(readCursor(cursorSecret, otherBrands, made, keyset)).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
