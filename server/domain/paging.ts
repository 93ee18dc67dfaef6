import { and, eq, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedAs, statementName, statementOf, type Db } from '../db/client.ts';
import type { ListScope, Position, PositionShape } from './cursor.ts';

// Keyset pagination, the one way every list pages (api.md, "Lists"): a list reads one row more
// than its page to learn whether another page follows, and the next page starts after the
// position of the page's last row (its sort values, then its id), which cursor.ts signs.

/** One page of a list: at most `limit` rows in the list's order, and whether more follow. */
export interface Page<Row> {
  rows: Row[];
  hasMore: boolean;
}

/** Where a list's page starts (undefined: at its first row) and how long it is, as every list takes them. */
export interface PageRequest<After> {
  after?: After | undefined;
  limit: number;
}

/** A list's filters as its query names them, with the page to read (instead of the query's cursor). */
export type ListFilter<Query, After> = Omit<Query, 'limit' | 'starting_after'> & PageRequest<After>;

/** The page of a list the caller may see nothing of (no brand in scope). */
export const noPage = <Row>(): Page<Row> => ({ rows: [], hasMore: false });

/** How many rows to read for a page of `limit`: the one more tells whether another page follows. */
export const rowsForPage = (limit: number): number => limit + 1;

/** The page of `rows`, read with `rowsForPage(limit)`. */
export function pageOf<Row>(rows: Row[], limit: number): Page<Row> {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Reads one page with `query`, which orders by the list's keyset and starts after its cursor. */
export async function readPage<Row>(
  query: { limit(count: number): PromiseLike<Row[]> },
  limit: number,
): Promise<Page<Row>> {
  return pageOf(await query.limit(rowsForPage(limit)), limit);
}

/** A list's keyset order: the position a cursor holds, and where the list starts after it. */
export interface Keyset<Row, After> {
  /** The type of each value of a position, checked when a cursor is read. */
  shape: PositionShape;
  /** The position of a row; null for a row that has none (no cursor follows it). */
  positionOf(row: Row): Position | null;
  /** What the list's query starts after, from a position this keyset made. */
  after(position: Position): After;
}

/** The keyset of a list ordered by a timestamp (ISO text), ties broken by an id. */
export function timeThenId<T extends string, I extends string>(
  time: T,
  id: I,
): Keyset<Record<T, string | null> & Record<I, string>, Record<T | I, string>> {
  return {
    shape: ['string', 'string'],
    positionOf: (row) => {
      const at = row[time];
      return at === null ? null : [at, row[id]];
    },
    after: ([at, key]) => ({ [time]: String(at), [id]: String(key) }) as Record<T | I, string>,
  };
}

/** A list's query: its page (`limit`, `starting_after`) and its filters. */
export interface ListQuery {
  limit: number;
  starting_after?: string | undefined;
}

/**
 * The filters a list's cursors are bound to: each of `names` as the query gives it, null where it
 * does not; a repeatable filter (a set of values) sorted and without repeats, so the order it was
 * sent in does not matter.
 */
export function cursorFilters<Q extends ListQuery>(
  query: Q,
  names: readonly (keyof Q & string)[],
): Record<string, unknown> {
  return Object.fromEntries(
    names.map((name) => {
      const value = query[name];
      return [name, Array.isArray(value) ? [...new Set(value)].sort() : (value ?? null)];
    }),
  );
}

/**
 * A list inside one campaign (its creators, tasks, submissions, posts) as GET
 * /campaigns/{campaign_id}/… answers it (http/paging.ts answerCampaignList).
 */
export interface CampaignItemList<Query extends ListQuery, Row, After, T> {
  /** Which list, of which campaign, with the query's filters (a cursor is refused on any other). */
  scope(campaignId: string, query: Query): ListScope;
  keyset: Keyset<NoInfer<Row>, After>;
  /** A page of the campaign's rows that the query's filters select. */
  read(db: Db, campaignId: string, filter: ListFilter<Query, After>): Promise<Page<Row>>;
  /** A row as the answer shows it. */
  show(row: Row): T;
}

/** A list's select (its table and joins) narrowed to `where`, to be ordered and limited. */
type ListSelect<Row> = {
  orderBy(...order: SQL[]): { limit(count: number): PromiseLike<Row[]> };
};

/**
 * The parts of a CampaignItemList that differ from list to list; campaignItemList adds how every
 * one of them reads a page (the campaign's rows, the filters, after the cursor, in order).
 */
export interface CampaignItemListParts<Query extends ListQuery, Row, After, T> {
  scope: CampaignItemList<Query, Row, After, T>['scope'];
  keyset: Keyset<NoInfer<Row>, After>;
  /** The list's select narrowed to `where`. */
  select(db: Db, where: SQL | undefined): ListSelect<Row>;
  /** The column holding each row's campaign id. */
  campaignId: Column;
  /** The query's filters; undefined for one the query does not set. */
  filters(filter: ListFilter<Query, After>): (SQL | undefined)[];
  /** The rows after `after` in the list's order (its keyset, then id). */
  startAfter(after: After): SQL;
  /** The keyset order, ending with the id. */
  order: readonly SQL[];
  show: CampaignItemList<Query, Row, After, T>['show'];
}

/**
 * Reads one page of a list in keyset order: the rows `select` narrows to every condition of
 * `where` (undefined ones left out) and, past the first page, to those after the cursor's row.
 */
export function readKeysetPage<Row, After>(
  select: (where: SQL | undefined) => ListSelect<Row>,
  where: (SQL | undefined)[],
  page: PageRequest<After>,
  order: {
    /** The rows after `after` in the list's order. */
    startAfter(after: After): SQL;
    /** The keyset order, ending with the id. */
    order: readonly SQL[];
  },
): Promise<Page<Row>> {
  return readPage(
    select(pageConditions(where, page, order.startAfter)).orderBy(...order.order),
    page.limit,
  );
}

/** Every condition of `where` (undefined ones left out) and, past the first page, the cursor's. */
function pageConditions<After>(
  where: (SQL | undefined)[],
  page: PageRequest<After>,
  startAfter: (after: After) => SQL,
): SQL | undefined {
  return and(...where, page.after === undefined ? undefined : startAfter(page.after));
}

/** Declares a CampaignItemList from its parts, its types inferred from them. */
export function campaignItemList<Query extends ListQuery, Row, After, T>(
  list: CampaignItemListParts<Query, Row, After, T>,
): CampaignItemList<Query, Row, After, T> {
  return {
    scope: list.scope,
    keyset: list.keyset,
    read: (db, campaignId, filter) => {
      const where = [eq(list.campaignId, campaignId), ...list.filters(filter)];
      return (
        readPreparedPage(db, list, where, filter) ??
        readKeysetPage((w) => list.select(db, w), where, filter, list)
      );
    },
    show: list.show,
  };
}

// A number for each list (its select), so that two lists' prepared queries never share a key.
const listIds = new WeakMap<object, number>();
let lists = 0;
const listId = (select: object) => {
  let id = listIds.get(select);
  if (id === undefined) listIds.set(select, (id = ++lists));
  return id;
};

/** A list's select as drizzle builds it, up to a prepared query. */
interface PreparableSelect<Row> {
  orderBy(...order: SQL[]): {
    limit(count: Placeholder): {
      prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
    };
  };
}

/**
 * readKeysetPage with a query prepared once per shape of its conditions (which filters are set,
 * whether a cursor is): building a list's select is a fifth of a page's CPU, and on PostgreSQL a
 * named statement is planned once per connection (decision 0077). The conditions' text, with
 * placeholders for their values, tells the shapes apart. Null in a transaction, or when the
 * handle prepares no more: read as usual.
 */
function readPreparedPage<Row, After>(
  db: Db,
  list: Pick<
    CampaignItemListParts<ListQuery, Row, After, unknown>,
    'select' | 'startAfter' | 'order'
  >,
  where: (SQL | undefined)[],
  page: PageRequest<After>,
): Promise<Page<Row>> | null {
  const conditions = pageConditions(where, page, list.startAfter);
  if (!conditions) return null;
  const { text, params } = statementOf(conditions);
  const parts = text.split(/\$(\d+)/);
  // Each value once, in order ($1, $2, …): else this is not a shape to prepare.
  if (parts.length !== 2 * params.length + 1) return null;
  if (!parts.every((p, i) => i % 2 === 0 || Number(p) === (i + 1) / 2)) return null;
  const key = `${listId(list.select)}:${text}`;
  const query = preparedAs(db, key, (db) => {
    const shaped = sql.join(
      parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql.placeholder(`v${p}`))),
    );
    const name = statementName('list', key);
    return (list.select(db, shaped) as unknown as PreparableSelect<Row>)
      .orderBy(...list.order)
      .limit(sql.placeholder('rows'))
      .prepare(name);
  });
  if (!query) return null;
  const values: Record<string, unknown> = { rows: rowsForPage(page.limit) };
  params.forEach((value, i) => (values[`v${i + 1}`] = value));
  return query.execute(values).then((rows) => pageOf(rows, page.limit));
}
