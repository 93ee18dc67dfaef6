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

/** Where a list's page starts and how long it is, as every domain list takes them. */
export interface PageRequest<After> {
  after: After | undefined;
  limit: number;
}

export interface ListOperation<Row, After, T> {
  /** Which list and the filters that shape it (a cursor is refused on any other). */
  scope: CursorScope;
  keyset: Keyset<NoInfer<Row>, After>;
  /** Reads the page from the domain list. */
  read(page: PageRequest<After>): Promise<Page<Row>>;
  /** A row as the answer shows it. */
  show(row: Row): T;
}

/**
 * The answer of a list operation (GET with `limit` and `starting_after`): reads the cursor (400
 * when it is not one of this list with these filters), then the page, then the next cursor.
 */
export async function answerList<Row, After, T>(
  cursorSecret: () => Promise<Uint8Array>,
  query: { limit: number; starting_after?: string | undefined },
  list: ListOperation<Row, After, T>,
): Promise<ListEnvelope<T>> {
  const cursor = await readCursor(cursorSecret, list.scope, query.starting_after, list.keyset);
  const page = await list.read({ after: cursor.after, limit: query.limit });
  return cursor.envelope(page, list.show);
}
