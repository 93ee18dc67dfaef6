import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll } from 'vitest';
import type { Scope } from '#contract/me';
import type { OpsAgency, OpsBrand, OpsKeyCreated } from '#contract/ops';
import { createApp, type App, type AppDeps } from '../app.ts';
import { conformanceProblems, recordAnswer } from './conformance.ts';
import {
  migrationsFolder,
  openPglite,
  openPostgres,
  prepareDatabase,
  type Database,
  type Db,
} from '../db/client.ts';

// Service tests run in-process (app.request, no network) on one database per test FILE:
// an in-memory PGlite cloned from a migrated template, or, when TEST_DATABASE_URL is set, a
// fresh PostgreSQL database cc_test_<random> that close() drops. Tests inside a file stay
// independent by creating their own brands and keys with random names.

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789';

export interface RequestOptions {
  /** API key (or any bearer token) for the Authorization header. */
  key?: string;
  /** Sent as JSON (Content-Type: application/json) unless `rawBody` is given. */
  body?: unknown;
  /** Sent verbatim, with the Content-Type of `headers` (default application/json). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

export interface BrandWithKey {
  brand: OpsBrand;
  key: OpsKeyCreated;
}

export interface AgencyWithKey {
  agency: OpsAgency;
  brands: OpsBrand[];
  key: OpsKeyCreated;
}

export interface TestContext {
  app: App;
  db: Db;
  database: Database;
  /** The PostgreSQL database of this file (TEST_DATABASE_URL), for a second instance; null on PGlite. */
  databaseUrl: string | null;
  /** The deps `app` was made with; pass overrides to makeApp for another configuration. */
  deps: AppDeps;
  /** Another app on the same database (e.g. a tiny rate limit, a test-only route). */
  makeApp(overrides?: Partial<AppDeps>): App;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A request to another app made with makeApp. */
  requestTo(
    app: App,
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse>;
  /** Setup through the real /ops routes, failing loudly on anything but 201/200. */
  ops: {
    createBrand(name?: string): Promise<OpsBrand>;
    createAgency(brandIds: string[], name?: string): Promise<OpsAgency>;
    createKey(
      input:
        | { kind: 'brand'; brand_id: string; scopes?: Scope[] }
        | { kind: 'agency'; agency_id: string; scopes?: Scope[] },
    ): Promise<OpsKeyCreated>;
    revokeKey(keyId: string): Promise<void>;
    /** A new brand and a brand key for it. */
    brandWithKey(scopes?: Scope[]): Promise<BrandWithKey>;
    /** A new agency managing `brandCount` new brands, and an agency key for it. */
    agencyWithKey(brandCount?: number, scopes?: Scope[]): Promise<AgencyWithKey>;
  };
  close(): Promise<void>;
}

export const uniqueName = (what: string) => `${what} ${randomBytes(4).toString('hex')}`;

async function send(
  app: App,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['Content-Type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const answer = { status: res.status, headers: res.headers, json, text };
  recordAnswer(app, method, path, answer);
  return answer;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder());
  return hash.digest('hex').slice(0, 16);
}

/**
 * A Blob's bytes. Under the dashboard's jsdom environment PGlite's dump is jsdom's Blob, which
 * has no `arrayBuffer()` (only the FileReader way); the first test file on a fresh machine may be
 * a dashboard one, so both are read.
 */
async function blobBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  type Reader = {
    result: unknown;
    error: unknown;
    onload: (() => void) | null;
    onerror: (() => void) | null;
    readAsArrayBuffer(blob: Blob): void;
  };
  const { FileReader } = globalThis as unknown as { FileReader: new () => Reader };
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(new Error('could not read the PGlite dump'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * A migrated PGlite data directory, made once and kept in the temp directory (keyed by the
 * migrations' content): loading it takes ~0.5 s instead of ~3 s for a cold start with migrations.
 */
async function pgliteFromTemplate(): Promise<Database> {
  const file = join(tmpdir(), `cc-pglite-template-${migrationsHash()}.tar`);
  if (existsSync(file)) {
    try {
      return await openPglite({ loadDataDir: new Blob([readFileSync(file)]) });
    } catch {
      // A damaged template: make a new one below.
    }
  }
  const fresh = await openPglite();
  await prepareDatabase(fresh);
  const dump = await fresh.client.dumpDataDir('none');
  // Files of parallel test workers race here: write aside, then rename atomically.
  const part = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(part, await blobBytes(dump));
  renameSync(part, file);
  return fresh;
}

interface OwnedPostgres {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

async function freshPostgres(adminUrl: string): Promise<OwnedPostgres> {
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestContextOptions {
  /** Overrides of the app's deps (rate limit, CORS, static dir, clock). */
  deps?: Partial<AppDeps>;
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | null = null;
  if (testDatabaseUrl) {
    const owned = await freshPostgres(testDatabaseUrl);
    database = owned.database;
    drop = owned.drop;
    databaseUrl = owned.url;
  } else {
    database = await pgliteFromTemplate();
  }
  // Cheap and idempotent: applies migrations newer than a template, ensures built-in data.
  await prepareDatabase(database);

  const deps: AppDeps = {
    db: database.db,
    logger: pino({ level: 'silent' }),
    opsToken: TEST_OPS_TOKEN,
    rateLimitPerMinute: 100_000,
    // Every in-process request shares one address: the per-address limits stay out of the way
    // (their own tests set them low).
    failedAuthPerMinute: 100_000,
    opsRateLimitPerMinute: 1_000_000,
    opsFailedAuthPerMinute: 100_000,
    signIn: { signInFailuresPerAddress: 100_000 },
    corsOrigins: [],
    staticDir: null,
    ...options.deps,
  };
  const makeApp = (overrides: Partial<AppDeps> = {}) => createApp({ ...deps, ...overrides });
  const app = makeApp();

  const opsCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await send(app, method, path, {
      key: TEST_OPS_TOKEN,
      ...(body !== undefined ? { body } : {}),
    });
    if (res.status !== 201 && res.status !== 200) {
      throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
    }
    return res.json as T;
  };

  const ops: TestContext['ops'] = {
    createBrand: (name = uniqueName('Brand')) => opsCall<OpsBrand>('POST', '/ops/brands', { name }),
    createAgency: (brandIds, name = uniqueName('Agency')) =>
      opsCall<OpsAgency>('POST', '/ops/agencies', { name, brand_ids: brandIds }),
    createKey: (input) => opsCall<OpsKeyCreated>('POST', '/ops/keys', input),
    revokeKey: async (keyId) => {
      await opsCall('POST', `/ops/keys/${keyId}/revoke`);
    },
    async brandWithKey(scopes) {
      const brand = await ops.createBrand();
      const key = await ops.createKey({
        kind: 'brand',
        brand_id: brand.id,
        ...(scopes ? { scopes } : {}),
      });
      return { brand, key };
    },
    async agencyWithKey(brandCount = 2, scopes) {
      const brands: OpsBrand[] = [];
      for (let i = 0; i < brandCount; i++) brands.push(await ops.createBrand());
      const agency = await ops.createAgency(brands.map((b) => b.id));
      const key = await ops.createKey({
        kind: 'agency',
        agency_id: agency.id,
        ...(scopes ? { scopes } : {}),
      });
      return { agency, brands, key };
    },
  };

  return {
    app,
    db: database.db,
    database,
    databaseUrl,
    deps,
    makeApp,
    request: (method, path, opts) => send(app, method, path, opts),
    requestTo: (other, method, path, opts) => send(other, method, path, opts),
    ops,
    async close() {
      await database.close();
      if (drop) await drop();
    },
  };
}

/**
 * The test context of the calling test file, closed after its tests. Awaited at the top level of
 * the file: `const ctx = await fileContext();`.
 */
export async function fileContext(options: TestContextOptions = {}): Promise<TestContext> {
  const ctx = await createTestContext(options);
  afterAll(() => ctx.close());
  // Every answer of the file matched the OpenAPI document its app serves (test/conformance.ts).
  afterAll(async () => {
    const problems = await conformanceProblems();
    if (process.env.CONFORMANCE_REPORT) {
      appendFileSync(process.env.CONFORMANCE_REPORT, problems.map((p) => `${p}\n`).join(''));
    } else if (problems.length > 0) {
      throw new Error(`Answers the OpenAPI document does not describe:\n${problems.join('\n')}`);
    }
  });
  return ctx;
}

export interface BrandWorld {
  ctx: TestContext;
  brand: BrandWithKey;
  /** A request under /2026-07 with the brand's key (or `key`); `body` is sent as JSON. */
  api(method: string, path: string, body?: unknown, key?: string): Promise<TestResponse>;
}

/** The file's context with a new brand and a key for it: where most route tests start. */
export async function brandWorld(options: TestContextOptions = {}): Promise<BrandWorld> {
  const ctx = await fileContext(options);
  const brand = await ctx.ops.brandWithKey();
  return {
    ctx,
    brand,
    api: (method, path, body, key = brand.key.key) =>
      ctx.request(method, `/2026-07${path}`, { key, ...(body !== undefined ? { body } : {}) }),
  };
}
