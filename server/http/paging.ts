import { decodeCursor, encodeCursor, type CursorScope } from '../domain/cursor.ts';
import type { Keyset, Page } from '../domain/paging.ts';

/** The answer of every list operation. */
export interface ListEnvelope<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface ListCursor<Row, After> {
  /** Where the list starts: undefined at its first row. */
  after: After | undefined;
  /** The answer for `page`: its rows shown by `show`, and the cursor of the page after it. */
  envelope<R extends Row, T>(page: Page<R>, show: (row: R) => T): ListEnvelope<T>;
}

/**
 * Reads a list's `starting_after` (a cursor this list made with the same filters, else 400
 * `invalid_request`) and makes the list's answer with the next page's cursor.
 */
export async function readCursor<Row, After>(
  cursorSecret: () => Promise<Uint8Array>,
  scope: CursorScope,
  startingAfter: string | undefined,
  keyset: Keyset<Row, After>,
): Promise<ListCursor<Row, After>> {
  const secret = await cursorSecret();
  return {
    after: startingAfter
      ? keyset.after(decodeCursor(secret, scope, startingAfter, keyset.shape))
      : undefined,
    envelope(page, show) {
      const last = page.rows.at(-1);
      const position = page.hasMore && last !== undefined ? keyset.positionOf(last) : null;
      return {
        data: page.rows.map((row) => show(row)),
        has_more: page.hasMore,
        next_cursor: position ? encodeCursor(secret, scope, position) : null,
      };
    },
  };
}
