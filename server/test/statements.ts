import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

/** A statement as the database driver received it: its text, values, and name when named. */
export interface SentStatement {
  text: string;
  values: unknown[];
  name?: string;
}

/**
 * The statements the database driver of `database` receives while `fn` runs, on either driver
 * (PGlite's client, node-postgres's pool): what the domain really sends, prepared or not.
 */
export async function sentWhile(
  database: Database,
  fn: () => Promise<unknown>,
): Promise<SentStatement[]> {
  const seen: SentStatement[] = [];
  const driver = database as Database & { client?: PGlite; pool?: pg.Pool };
  const target = (driver.client ?? driver.pool) as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const query = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') {
      seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else {
      const config = first as { text: string; values?: unknown[]; name?: string };
      seen.push({
        text: config.text,
        values: config.values ?? (Array.isArray(second) ? second : []),
        ...(config.name ? { name: config.name } : {}),
      });
    }
    return query.apply(this, args);
  };
  try {
    await fn();
  } finally {
    target.query = query;
  }
  return seen;
}
