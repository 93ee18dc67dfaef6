import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ensureBuiltinTargeting } from './builtin-targeting.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A drizzle database on either driver (PGlite or node-postgres); a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where the data lives, for the boot banner; never contains a password. */
  location: string;
  /** Applies the committed SQL migrations that this database has not seen yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `fn` in one transaction: every write of the service goes through here. */
export function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/** Rows of a raw SQL query, on either driver (both answer `{rows}`). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The committed migrations: beside this file in the sources (server/db/migrations), beside the
 * bundle in a build (dist/server/migrations, copied by scripts/build-server.mjs).
 */
export function migrationsFolder(): string {
  const candidates = [
    fileURLToPath(new URL('./migrations', import.meta.url)),
    resolve(process.cwd(), 'server/db/migrations'),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface PgliteSource {
  /** A directory to keep the data in; omitted: in memory. */
  dataDir?: string;
  /** A data directory dumped with `dumpDataDir` (a migrated template, in tests). */
  loadDataDir?: Blob;
}

export async function openPglite(source: PgliteSource = {}): Promise<Database & { client: PGlite }> {
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    client,
    driver: 'pglite',
    location: source.dataDir ? `PGlite in ${source.dataDir}` : 'PGlite in memory',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}

// Any fixed number: instances sharing one PostgreSQL take turns to migrate.
const MIGRATION_LOCK = 7_202_607;

export async function openPostgres(
  url: string,
  options: { max?: number; onError?: (err: Error) => void } = {},
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', options.onError ?? (() => {}));
  const db = drizzleNodePg({ client: pool, schema });
  let location = 'PostgreSQL';
  try {
    const u = new URL(url);
    location = `PostgreSQL at ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    // keep the generic name
  }
  return {
    db,
    pool,
    driver: 'postgres',
    location,
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(db, { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Migrations, then the data every database has (the built-in targeting properties). */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await ensureBuiltinTargeting(database.db);
}

export interface OpenOptions {
  databaseUrl: string | null;
  /** Ignored with a databaseUrl; 'memory' keeps the embedded database in memory. */
  dataDir: string;
  onPoolError?: (err: Error) => void;
}

/** Opens the configured database and prepares it (migrations, built-in data). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onPoolError ? { onError: options.onPoolError } : {})
    : await openPglite(options.dataDir === 'memory' ? {} : { dataDir: resolve(options.dataDir, 'pglite') });
  try {
    await prepareDatabase(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}
