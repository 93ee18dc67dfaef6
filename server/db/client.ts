import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { currentAuditScope, type AuditActor } from './audit-context.ts';
import { ensureBuiltinTargeting } from './builtin-targeting.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A drizzle database on either driver (PGlite or node-postgres); a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

declare const opened: unique symbol;
/**
 * A database handle inside a transaction that `transaction()` (or `savepoint()`) opened: write
 * functions take one, so a write outside a transaction, or one that skips the audit actor, does
 * not compile. It reads like any `Db`.
 */
export type Tx = Db & { readonly [opened]: true };

type DriverTx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
const asTx = (tx: DriverTx) => tx as unknown as Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where the data lives, for the boot banner; never contains a password. */
  location: string;
  /** Applies the committed SQL migrations that this database has not seen yet. */
  migrate(): Promise<void>;
  /**
   * LISTEN: `onMessage` gets the payload of every notification on `channel`, from any instance
   * on the database. On PostgreSQL a dedicated connection listens; when it is lost it reconnects
   * (every second until it succeeds) and `onGap` is called, since notifications may have been
   * missed meanwhile.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs `fn` in one transaction: the service opens every transaction here (the only maker of a
 * `Tx`). Inside an audit scope with an actor (a request, an e-mail), the transaction first names
 * the actor and request id, so the audit triggers record every change in this same transaction
 * (audit-context.ts); without one (boot, demo seed, inspection worker) nothing is recorded.
 */
export function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const scope = currentAuditScope();
  const actor = scope?.actor;
  if (!actor) return db.transaction((tx) => fn(asTx(tx)));
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('cc.audit_actor', ${JSON.stringify(actor)}, true), set_config('cc.request_id', ${scope.requestId ?? ''}, true)`,
    );
    return fn(asTx(tx));
  });
}

/** Runs `fn` in a savepoint of `tx`: a failure rolls back only what `fn` wrote. */
export function savepoint<T>(tx: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx.transaction((sp) => fn(asTx(sp)));
}

/** Names the actor of the rest of a transaction (a member who has just signed in or joined). */
export async function setTransactionActor(tx: Tx, actor: AuditActor): Promise<void> {
  const requestId = currentAuditScope()?.requestId ?? '';
  await tx.execute(
    sql`select set_config('cc.audit_actor', ${JSON.stringify(actor)}, true), set_config('cc.request_id', ${requestId}, true)`,
  );
}

/** A statement as PostgreSQL receives it: text with $1, $2, ... and their values. */
export interface Statement {
  text: string;
  params: unknown[];
}

// The driver behind each database handle made here, for queryStatement.
const drivers = new WeakMap<Db, (statement: Statement) => Promise<{ rows: unknown[] }>>();

/**
 * Rows of a statement handed to the driver as it is: for the hottest reads, written in SQL, which
 * skip drizzle's per-query work. Values come back as the driver parses them (no drizzle mapping:
 * cast timestamps and dates to text in the statement). Not in a transaction.
 */
export async function queryStatement<T>(db: Db, statement: Statement): Promise<T[]> {
  const driver = drivers.get(db);
  if (!driver)
    throw new Error('queryStatement needs a database handle from openPglite or openPostgres');
  return (await driver(statement)).rows as T[];
}

const dialect = new PgDialect();

// The queries each database handle made here has prepared (see prepared).
const preparedQueries = new WeakMap<Db, Map<unknown, unknown>>();

/**
 * A query drizzle builds once per database handle (`make` with `.prepare(name)` and placeholders),
 * for the hottest reads: building a query is a good part of a small read's CPU, and on PostgreSQL
 * a named statement is parsed and planned once per connection (decision 0077). Null for a handle
 * inside a transaction, whose statements must run on the transaction's connection: build the
 * query as usual there.
 */
export function prepared<P>(db: Db, make: (db: Db) => P): P | null {
  return preparedAs(db, make, make);
}

/** How many queries one database handle prepares at most (prepared, preparedAs). */
const MAX_PREPARED_QUERIES = 500;

/**
 * Like `prepared`, for queries made on the fly and told apart by `key` (a list's select and the
 * text of its conditions). Null inside a transaction, and once the handle holds
 * MAX_PREPARED_QUERIES: build the query as usual then.
 */
export function preparedAs<P>(db: Db, key: unknown, make: (db: Db) => P): P | null {
  if (!drivers.has(db)) return null;
  let queries = preparedQueries.get(db);
  if (!queries) preparedQueries.set(db, (queries = new Map()));
  let query = queries.get(key) as P | undefined;
  if (query === undefined) {
    if (queries.size >= MAX_PREPARED_QUERIES) return null;
    queries.set(key, (query = make(db)));
  }
  return query;
}

/** A prepared statement's name for `text`: the same for the same text, on every instance. */
export const statementName = (prefix: string, text: string): string =>
  `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

/** The text and values of a condition (drizzle SQL), as PostgreSQL would receive them. */
export function statementOf(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/**
 * Rows of a raw SQL read: on a handle made here, as queryStatement sends it (on PostgreSQL a
 * named statement, planned once per connection); in a transaction, as queryRows. Values come back
 * as the driver parses them: cast timestamps to text in the statement.
 */
export async function readRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  if (!drivers.has(db)) return queryRows<T>(db, query);
  return queryStatement<T>(db, statementOf(query));
}

/** Rows of a raw SQL query, on either driver (both answer `{rows}`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The committed migrations: beside this file in the sources (server/db/migrations), beside the
 * bundle in a build (dist/server/migrations, copied by scripts/build-server.mjs).
 */
export function migrationsFolder(): string {
  const candidates = [
    // Not `new URL('./migrations', import.meta.url)`: Vite rewrites that pattern into an asset URL
    // when the dashboard's tests load the service (testing/service.ts).
    join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
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

export async function openPglite(
  source: PgliteSource = {},
): Promise<Database & { client: PGlite }> {
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  drivers.set(db, (statement) => client.query(statement.text, statement.params));
  return {
    db,
    client,
    driver: 'pglite',
    location: source.dataDir ? `PGlite in ${source.dataDir}` : 'PGlite in memory',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    // One process owns an embedded database: notifications only come from this instance.
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
    close: () => client.close(),
  };
}

/** How many statements of queryStatement a PostgreSQL pool names (prepares) at most. */
const MAX_NAMED_STATEMENTS = 200;

// Any fixed number: instances sharing one PostgreSQL take turns to migrate.
const MIGRATION_LOCK = 7_202_607;

export async function openPostgres(
  url: string,
  options: { max?: number; onError?: (err: Error) => void } = {},
): Promise<Database & { pool: pg.Pool }> {
  // JIT off on every connection (docs/decisions/0101): the service's reads are short, and a plan
  // whose estimate passes jit_above_cost spends seconds compiling what runs in milliseconds.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: '-c jit=off',
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', options.onError ?? (() => {}));
  const db = drizzleNodePg({ client: pool, schema });
  const names = new Map<string, string>();
  drivers.set(db, (statement) => {
    // Named: parsed and planned once per connection (decision 0077). A statement's text depends
    // only on which filters a request sets, so there are few; past a bound, unnamed.
    let name = names.get(statement.text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = statementName('cc', statement.text);
      names.set(statement.text, name);
    }
    return name === undefined
      ? pool.query(statement.text, statement.params)
      : pool.query({ name, text: statement.text, values: statement.params });
  });
  const listeners = new Set<pg.Client>();
  let closing = false;
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
    async listen(channel, onMessage, onGap = () => {}) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        client.on('error', (err) => options.onError?.(err)); // 'end' follows and reconnects
        client.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`listen ${channel}`);
        } catch (err) {
          await client.end().catch(() => {});
          throw err;
        }
        listeners.add(client);
        client.once('end', () => {
          listeners.delete(client);
          if (closing) return;
          onGap();
          retry();
        });
      };
      const retry = () => {
        setTimeout(() => {
          if (!closing) connect().then(onGap, (err: Error) => (options.onError?.(err), retry()));
        }, 1000).unref();
      };
      await connect().catch((err: Error) => (options.onError?.(err), retry()));
    },
    async close() {
      closing = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** Migrations, then the data every database has (the built-in targeting properties). */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await transaction(database.db, ensureBuiltinTargeting);
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
    ? await openPostgres(
        options.databaseUrl,
        options.onPoolError ? { onError: options.onPoolError } : {},
      )
    : await openPglite(
        options.dataDir === 'memory' ? {} : { dataDir: resolve(options.dataDir, 'pglite') },
      );
  try {
    await prepareDatabase(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}
