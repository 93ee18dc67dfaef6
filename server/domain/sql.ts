import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';

/** Which of `ids` are stored in `column`, a table's id column (the others do not exist). */
export async function existingIds(
  db: Db,
  column: PgColumn,
  ids: readonly string[],
): Promise<Set<unknown>> {
  const found = await db
    .select({ id: column })
    .from(column.table)
    .where(inArray(column, [...ids]));
  return new Set(found.map((row) => row.id));
}

const ISO_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * A timestamptz as ISO 8601 text in UTC with its microseconds (`2026-07-01T10:00:00.123456Z`).
 * Read timestamps this way, never as JS Dates (milliseconds): cursors and filters then compare
 * exactly what is stored, whatever the session's time zone.
 */
export const isoTimestamp = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_FORMAT)})`;

/** isoTimestamp of a column that may be null (null stays null). */
export const nullableIsoTimestamp = (column: AnyColumn | SQL): SQL<string | null> =>
  sql<string | null>`case when ${column} is null then null else ${isoTimestamp(column)} end`;

const ACCENTED = 'ÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÇÑàáâãäåèéêëìíîïòóôõöùúûüçñ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnaaaaaaeeeeiiiiooooouuuucn';

/**
 * SQL text of `expr` (SQL text) without case or the common Latin accents, so "Crème" compares as
 * "creme" on both drivers: lower() alone leaves accented capitals as they are under the C
 * collation (PGlite), and the unaccent extension is not there. Names are searched and sorted by it.
 */
export const foldedText = (expr: string) => `translate(lower(${expr}), '${ACCENTED}', '${PLAIN}')`;

/** foldedText of a value, as a parameter. */
export const foldedValue = (value: string): SQL =>
  sql`translate(lower(${value}), ${sql.raw(`'${ACCENTED}', '${PLAIN}'`)})`;

/** The rows of the brands in `scope` (a brand id column); every brand's with ALL_BRANDS. */
export const inScope = (column: AnyColumn, scope: BrandScope): SQL | undefined =>
  scope === ALL_BRANDS
    ? undefined
    : scope.length === 1
      ? eq(column, scope[0]!)
      : inArray(column, [...scope]);

/** isoTimestamp as SQL text, for statements written as text. */
export const isoTimestampText = (column: string) =>
  `to_char(${column} at time zone 'UTC', ${ISO_FORMAT})`;
