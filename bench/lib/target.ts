// A service on a fresh database of either driver, with direct access to that database for
// building worlds and running the baselines (the endpoints' own SQL, the writes' own domain code).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { getCampaign } from '../../server/domain/campaigns.ts';
import { statementName } from '../../server/db/client.ts';
import { config } from './config.ts';
import type { Probe } from './measure.ts';
import { startFloor, type Floor, type FloorCases } from './floor.ts';
import { createTempDatabase, postgresAnswers } from './postgres.ts';
import { startService, type Service } from './service.ts';
import type { Query } from './world.ts';

export type Driver = 'pglite' | 'postgres';

/** The database handle the domain functions take. */
export type DomainDb = Parameters<typeof getCampaign>[0];

/** A statement as the driver receives it. */
export interface Statement {
  text: string;
  params: unknown[];
}

export interface DirectDb {
  query: Query;
  /** Drizzle on the same connection(s): for calling domain functions. */
  db: DomainDb;
  /** The statements `fn` sends through `db`, in order (the baseline of a read). */
  record(fn: (db: DomainDb) => Promise<unknown>): Promise<Statement[]>;
  /**
   * Sends the statements in order, as the service would for one request; on PostgreSQL each a
   * named statement, prepared once per connection (its SQL at its best).
   */
  replay(statements: Statement[]): Promise<void>;
  /** PostgreSQL: replay with each statement sent as text, parsed and planned every time. */
  replayText?(statements: Statement[]): Promise<void>;
  probe: Probe;
  /** `fn` on one connection (a transaction of several statements). */
  session<T>(fn: (query: Query) => Promise<T>): Promise<T>;
}

export interface Target {
  driver: Driver;
  service(): Service;
  /** The service's processes and the database's backends, for the CPU meter. */
  probe(): Probe;
  /**
   * Runs `fn` with direct access to the database: on PostgreSQL beside the running service, on
   * PGlite (one process per data directory) with the service stopped, started again afterwards.
   */
  direct<T>(fn: (d: DirectDb) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` with the floor server (bench/lib/floor-server.ts) serving `cases` on this database:
   * on PostgreSQL beside the running service, on PGlite with the service stopped (one process per
   * data directory), started again afterwards.
   */
  withFloor<T>(cases: FloorCases, fn: (floor: Floor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `fn` with a floor server on `database`, stopped afterwards whatever happens. */
async function floorDuring<T>(
  database: Parameters<typeof startFloor>[0],
  cases: FloorCases,
  fn: (floor: Floor) => Promise<T>,
): Promise<T> {
  const floor = await startFloor(database, cases);
  try {
    return await fn(floor);
  } finally {
    await floor.stop();
  }
}

function directOf(
  query: Query,
  session: DirectDb['session'],
  makeDb: (logger: { logQuery(q: string, p: unknown[]): void }) => DomainDb,
  probe: Probe,
  /** Sends a statement for a replay: on PostgreSQL prepared once per connection. */
  replayOne?: (s: Statement) => Promise<unknown>,
): DirectDb {
  const send = replayOne ?? ((s: Statement) => query(s.text, s.params));
  let recording: Statement[] | null = null;
  const db = makeDb({
    logQuery: (text, params) => {
      recording?.push({ text, params });
    },
  });
  return {
    query,
    session,
    db,
    probe,
    async record(fn) {
      recording = [];
      try {
        await fn(db);
        return recording;
      } finally {
        recording = null;
      }
    },
    async replay(statements) {
      for (const s of statements) await send(s);
    },
    ...(replayOne === undefined
      ? {}
      : {
          async replayText(statements: Statement[]) {
            for (const s of statements) await query(s.text, s.params);
          },
        }),
  };
}

export async function pgliteTarget(env: Record<string, string> = {}): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  let service = await startService({ DATA_DIR: dir, ...env });
  const port = String(service.port);
  return {
    driver: 'pglite',
    service: () => service,
    probe: () => ({ servicePids: [service.pid] }),
    async direct(fn) {
      await service.stop();
      const client = await PGlite.create({ dataDir: join(dir, 'pglite') });
      try {
        const query: Query = (text, params) => client.query(text, params);
        return await fn(
          directOf(
            query,
            (fn) => fn(query),
            (logger) => drizzlePglite({ client, logger }) as unknown as DomainDb,
            {},
          ),
        );
      } finally {
        await client.close();
        service = await startService({ DATA_DIR: dir, PORT: port, ...env });
      }
    },
    async withFloor(cases, fn) {
      await service.stop();
      try {
        return await floorDuring({ pgliteDir: join(dir, 'pglite') }, cases, fn);
      } finally {
        service = await startService({ DATA_DIR: dir, PORT: port, ...env });
      }
    },
    async close() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresTarget(env: Record<string, string> = {}): Promise<Target | null> {
  if (!(await postgresAnswers(config.pgUrl))) return null;
  const temp = await createTempDatabase(config.pgUrl);
  const service = await startService({ DATABASE_URL: temp.url, DATA_DIR: 'memory', ...env });
  // Connections stay open (no idle timeout), so their CPU time can be read until the end.
  const pool = new pg.Pool({
    connectionString: temp.url,
    max: config.connections,
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => {}); // dropping the database ends idle connections
  const query: Query = (text, params) => pool.query(text, params);
  const direct = directOf(
    query,
    async (fn) => {
      const client = await pool.connect();
      try {
        return await fn((text, params) => client.query(text, params));
      } finally {
        client.release();
      }
    },
    (logger) => drizzleNodePg({ client: pool, logger }) as unknown as DomainDb,
    { database: temp.name },
    // Its SQL at its best: each statement a named one, parsed and planned once per connection
    // (as the service sends its hottest reads, decision 0077), so an endpoint is held to the
    // cheapest way of running the very statements it sends.
    (s) => pool.query({ name: statementName('bench', s.text), text: s.text, values: s.params }),
  );
  return {
    driver: 'postgres',
    service: () => service,
    probe: () => ({ servicePids: [service.pid], database: temp.name }),
    direct: (fn) => fn(direct),
    withFloor: (cases, fn) => floorDuring({ url: temp.url }, cases, fn),
    async close() {
      await pool.end();
      await service.stop();
      await temp.drop();
    },
  };
}

export async function openTarget(
  driver: Driver,
  env: Record<string, string> = {},
): Promise<Target | null> {
  if (driver === 'pglite') return pgliteTarget(env);
  const target = await postgresTarget(env);
  if (!target)
    console.log(`PostgreSQL: skipped (nothing answers at ${config.pgUrl}; set BENCH_PG_URL)`);
  return target;
}
