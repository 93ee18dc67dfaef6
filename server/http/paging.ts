import type { Context } from 'hono';
import { getCampaignRow } from '../domain/campaigns.ts';
import { decodeCursor, encodeCursor, type CursorScope, type ListScope } from '../domain/cursor.ts';
import type { CampaignItemList, Keyset, ListQuery, Page, PageRequest } from '../domain/paging.ts';
import { assertBrandManaged, getAuth } from './auth.ts';
import type { AppEnv, RouteDeps } from './context.ts';

export type { PageRequest };

/** What the handlers of a list need: the database and the key that signs page cursors. */
export interface ListRouteDeps extends RouteDeps {
  /** The key that signs page cursors. */
  cursorSecret: () => Promise<Uint8Array>;
}

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
 * The scope of a list's cursors for the caller: the list and its filters, bound to the brands the
 * caller acts for, so a cursor never carries over to a credential of other brands (decision 0090).
 * Every list of the API makes its scope here.
 */
export function cursorScopeOf(c: Context<AppEnv>, scope: ListScope): CursorScope {
  return { ...scope, brands: getAuth(c).brandIds };
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

export interface ListOperation<Row, After, T> {
  /** Which list and the filters that shape it (a cursor is refused on any other, or for other brands). */
  scope: ListScope;
  keyset: Keyset<NoInfer<Row>, After>;
  /** Reads the page from the domain list. */
  read(page: PageRequest<After>): Promise<Page<Row>>;
  /** A row as the answer shows it. */
  show(row: Row): T;
}

/**
 * The answer of a list operation (GET with `limit` and `starting_after`): reads the cursor (400
 * when it is not one of this list with these filters, made for the caller's brands), then the
 * page, then the next cursor.
 */
export async function answerList<Row, After, T>(
  c: Context<AppEnv>,
  cursorSecret: () => Promise<Uint8Array>,
  query: ListQuery,
  list: ListOperation<Row, After, T>,
): Promise<ListEnvelope<T>> {
  const scope = cursorScopeOf(c, list.scope);
  const cursor = await readCursor(cursorSecret, scope, query.starting_after, list.keyset);
  const page = await list.read({ after: cursor.after, limit: query.limit });
  return cursor.envelope(page, list.show);
}

/**
 * The brands a list with a `brand_id` filter reads: that brand (403 `brand_not_managed` unless the
 * caller acts for it), else every brand of the caller.
 */
export function listedBrands(c: Context<AppEnv>, brandId: string | undefined): readonly string[] {
  if (brandId === undefined) return getAuth(c).brandIds;
  assertBrandManaged(c, brandId);
  return [brandId];
}

/** The request of GET /campaigns/{campaign_id}/<items> with the list's query. */
type CampaignListContext<Query> = Context<
  AppEnv,
  string,
  { out: { param: { campaign_id: string }; query: Query } }
>;

/**
 * The answer of a list inside one campaign: 404 unless the campaign is one of the caller's
 * brands', then the page as answerList reads it.
 */
export async function answerCampaignList<Query extends ListQuery, Row, After, T>(
  c: CampaignListContext<Query>,
  deps: ListRouteDeps,
  list: CampaignItemList<Query, Row, After, T>,
): Promise<ListEnvelope<T>> {
  const { campaign_id } = c.req.valid('param');
  const query = c.req.valid('query');
  await getCampaignRow(deps.db, campaign_id, getAuth(c).brandIds);
  return answerList(c, deps.cursorSecret, query, {
    scope: list.scope(campaign_id, query),
    keyset: list.keyset,
    read: (page) => list.read(deps.db, campaign_id, { ...query, ...page }),
    show: list.show,
  });
}
