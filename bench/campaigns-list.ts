// GET /2026-07/campaigns?limit=25 on 10,000 campaigns, beside two baselines measured in the same
// run: the bare liveness route of the same server (GET /healthz/live) and the list's own SQL
// (built by the service's campaignListStatement, so the text is never copied) run in a loop
// against the same database with the same concurrency. On PGlite the database lives inside the
// service, so the SQL loop opens its data directory after the service has stopped; on PostgreSQL
// it uses a pg Pool with one connection per autocannon connection, and the endpoint and its SQL
// are measured in turns (BENCH_ROUNDS rounds) so that a change of the machine's load weighs on
// both alike. On PostgreSQL a fixed-rate run (200 requests/s) gives p50/p99 latency. Target:
// endpoint >= 0.5 x its SQL's throughput on both drivers, p99 < 50 ms at 200 requests/s on
// PostgreSQL.
//
// Seeding is not measured. SAMPLE campaigns are created through /ops (the service's own write
// path), then copied in SQL up to CAMPAIGNS rows (new id, name and created_at; every other column
// as the service wrote it): creating 10,000 through HTTP would take minutes on this machine.
//
// Usage: npm run bench:campaigns   (writes bench/results/campaigns-list.json)
// Knobs: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_ROUNDS (5), BENCH_CONNECTIONS (10), BENCH_CAMPAIGNS
// (10000), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; "none" skips PostgreSQL),
// BENCH_DRIVERS (pglite,postgres), BENCH_LOG_LEVEL (warn).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { campaignListStatement, type CampaignListFilter } from '../server/domain/campaigns.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
process.chdir(ROOT);

const numberEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const DURATION = numberEnv('BENCH_DURATION', 10);
/** On PostgreSQL the endpoint and its SQL are measured in turns, DURATION / ROUNDS seconds each. */
const ROUNDS = numberEnv('BENCH_ROUNDS', 5);
const WARMUP = numberEnv('BENCH_WARMUP', 2);
const CONNECTIONS = numberEnv('BENCH_CONNECTIONS', 10);
const CAMPAIGNS = numberEnv('BENCH_CAMPAIGNS', 10_000);
const SAMPLE = Math.min(100, CAMPAIGNS);
const PAGE = 25;
/** How deep the "later page" is: the page after this many campaigns. */
const LATER_OFFSET = Math.min(5_000, Math.floor(CAMPAIGNS / 2));
const FIXED_RATE = 200;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim());
const OPS_TOKEN = `bench-${randomBytes(12).toString('hex')}`;

// ------------------------------------------------------------------------------------ build

async function ensureBuild() {
  // A plain .mjs helper shared with npm start; imported by URL so TypeScript takes it as is.
  const state = (await import(new URL('../scripts/build-state.mjs', import.meta.url).href)) as {
    buildNeeded(): string | null;
  };
  const why = state.buildNeeded();
  if (!why) return;
  console.log(`Building (${why}) ...`);
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status === 0) return;
  // The dashboard's build failing (someone editing src/) must not stop a measure of the service.
  console.warn('npm run build failed; building only the service (npm run build:server).');
  if (spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' }).status !== 0) {
    throw new Error('npm run build:server failed');
  }
}

// ------------------------------------------------------------------------------------ service

interface Service {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startService(env: Record<string, string>): Promise<Service> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OPS_TOKEN,
      SEED: 'none',
      STATIC_DIR: 'none',
      LOG_LEVEL,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output}`);
    if (performance.now() - started > 60_000) {
      await stop();
      throw new Error(`the service did not answer within 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(base: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

// ------------------------------------------------------------------------------------ data

interface World {
  brandId: string;
  key: string;
  seedSeconds: number;
}

/** A campaign as a brand writes one: texts, a product, links, an example video. */
function campaignBody(brandId: string, i: number) {
  const n = String(i).padStart(5, '0');
  return {
    brand_id: brandId,
    name: `Spring launch ${n}`,
    description: `Show how you use our spring collection in your daily routine. Campaign ${n} of the benchmark brand, with a short brief and a couple of links.`,
    instructions: 'Film in daylight, mention the discount code in the caption, keep it under 60 seconds.',
    product: { name: `Product ${n}`, url: `https://shop.example.com/p/${n}`, image_url: `https://cdn.example.com/p/${n}.jpg` },
    links: [
      { url: `https://shop.example.com/p/${n}`, service: 'shopify', description: 'Product page', affiliate_code: `SPRING${n}` },
      { url: 'https://example.com/brand-guidelines.pdf', description: 'Brand guidelines' },
    ],
    video_examples: ['https://videos.example.com/reference-1.mp4'],
    ...(i % 3 === 0 ? { content_deadline_date: '2027-03-01', post_deadline_date: '2027-03-15' } : {}),
  };
}

/** A brand, its key, and SAMPLE campaigns created through /ops. */
async function seedSample(base: string): Promise<Omit<World, 'seedSeconds'>> {
  const brand = await call<{ id: string }>(base, 'POST', '/ops/brands', OPS_TOKEN, { name: 'Bench brand' });
  const key = await call<{ key: string }>(base, 'POST', '/ops/keys', OPS_TOKEN, { kind: 'brand', brand_id: brand.id });
  let next = 0;
  const worker = async () => {
    while (next < SAMPLE) {
      const i = next++;
      await call(base, 'POST', '/ops/campaigns', OPS_TOKEN, campaignBody(brand.id, i));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { brandId: brand.id, key: key.key };
}

/**
 * Copies the brand's sample up to CAMPAIGNS rows, each copy a minute older than the last (the
 * sample was created within seconds), then refreshes the planner's statistics.
 */
async function multiply(query: (text: string, params?: unknown[]) => Promise<unknown>, brandId: string) {
  await query(
    `insert into campaigns
     select (copy).* from (
       select jsonb_populate_record(c, jsonb_build_object(
         'id', gen_random_uuid(),
         'name', c.name || ' (copy ' || g || ')',
         'created_at', c.created_at - g * interval '1 minute',
         'updated_at', c.created_at - g * interval '1 minute')) as copy
       from campaigns c cross join generate_series(1, $2::int) as g
       where c.brand_id = $1
       order by g, c.created_at desc
       limit $3) as copies`,
    [brandId, Math.ceil(CAMPAIGNS / SAMPLE), CAMPAIGNS - SAMPLE],
  );
  await query('vacuum analyze');
}

interface ListPage {
  data: { id: string; created_at: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

/** The cursor after LATER_OFFSET campaigns (walked in pages of 100) and that position. */
async function laterPage(base: string, key: string) {
  let cursor: string | null = null;
  let last: { id: string; created_at: string } | undefined;
  for (let seen = 0; seen < LATER_OFFSET; ) {
    const limit = Math.min(100, LATER_OFFSET - seen);
    const q = `limit=${limit}${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`;
    const page: ListPage = await call<ListPage>(base, 'GET', `/2026-07/campaigns?${q}`, key);
    seen += page.data.length;
    last = page.data.at(-1);
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  if (!cursor || !last) throw new Error('the list has fewer campaigns than expected');
  return { cursor, after: { createdAt: last.created_at, id: last.id } };
}

// ------------------------------------------------------------------------------------ measures

/** CPU time per request of each process, in microseconds: where the time goes on a small machine. */
interface CpuPerRequest {
  /** This process: autocannon, or the SQL loop (with PGlite itself on PGlite). */
  bench_us: number;
  /** The service (with PGlite itself on PGlite). */
  service_us?: number;
  /** The PostgreSQL backends of the bench's database. */
  postgres_us?: number;
}

interface Figures {
  requests: number;
  rps: number;
  /** Latency of every answer (HTTP) or query (SQL loop). */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** At a fixed rate: the percentiles autocannon reports, with its coordinated-omission correction. */
  autocannon?: { p50_ms: number; p99_ms: number };
  cpu?: CpuPerRequest;
}

/** Which processes to account: the service's pid, the PostgreSQL database's name. */
interface Probe {
  servicePid?: number;
  database?: string;
}

/** One timed run: how many answers in how long, and the latency of each. */
interface Sample {
  count: number;
  seconds: number;
  latencies: number[];
  autocannon?: Result;
}

/** Something to measure: a warm-up, then timed runs of the given length. */
interface Measure {
  probe: Probe;
  warm(): Promise<void>;
  run(seconds: number): Promise<Sample>;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The value at quantile q of sorted numbers. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds used so far by each process `match` picks; null where /proc is not readable. */
function cpuSeconds(match: (pid: number, cmdline: string) => boolean): Map<number, number> | null {
  try {
    const used = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!match(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) continue;
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND); // utime + stime
      } catch {
        // the process ended meanwhile
      }
    }
    return used;
  } catch {
    return null;
  }
}

/** Accumulates the CPU seconds of the bench, the service and PostgreSQL over several timed runs. */
class CpuMeter {
  bench = 0;
  service: number | null = 0;
  postgres: number | null = 0;

  constructor(private readonly probe: Probe) {}

  async around<T>(fn: () => Promise<T>): Promise<T> {
    const { servicePid, database } = this.probe;
    const service = () => (servicePid ? cpuSeconds((pid) => pid === servicePid) : null);
    // PostgreSQL's backends show "postgres: [cluster: ]user database host(port) state".
    const postgres = () =>
      database ? cpuSeconds((_, cmd) => cmd.startsWith('postgres:') && cmd.includes(` ${database} `)) : null;
    const before = { bench: process.cpuUsage(), service: service(), postgres: postgres() };
    const value = await fn();
    const bench = process.cpuUsage(before.bench);
    this.bench += (bench.user + bench.system) / 1e6;
    // A process that ended meanwhile is not counted.
    const add = (total: number | null, a: Map<number, number> | null, b: Map<number, number> | null) => {
      if (total === null || !a || !b) return null;
      for (const [pid, used] of b) total += used - (a.get(pid) ?? 0);
      return total;
    };
    this.service = servicePid ? add(this.service, before.service, service()) : null;
    this.postgres = database ? add(this.postgres, before.postgres, postgres()) : null;
    return value;
  }

  perRequest(requests: number): CpuPerRequest {
    const per = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, requests));
    return {
      bench_us: per(this.bench),
      ...(this.service !== null ? { service_us: per(this.service) } : {}),
      ...(this.postgres !== null ? { postgres_us: per(this.postgres) } : {}),
    };
  }
}

function figures(samples: Sample[], cpu: CpuMeter): Figures {
  const count = samples.reduce((n, s) => n + s.count, 0);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const corrected = samples.length === 1 ? samples[0]!.autocannon : undefined;
  return {
    requests: count,
    rps: round(count / seconds, 0),
    p50_ms: round(quantile(latencies, 0.5), 2),
    p99_ms: round(quantile(latencies, 0.99), 2),
    max_ms: round(latencies.at(-1) ?? 0, 2),
    ...(corrected ? { autocannon: { p50_ms: corrected.latency.p50, p99_ms: corrected.latency.p99 } } : {}),
    cpu: cpu.perRequest(count),
  };
}

/** autocannon on one URL; `overallRate` fixes the rate (0: as fast as it answers). */
function httpMeasure(probe: Probe, url: string, key?: string, overallRate = 0): Measure {
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  const options = { url, connections: CONNECTIONS, headers, ...(overallRate ? { overallRate } : {}) };
  const once = async (seconds: number, what: string): Promise<Sample> => {
    const latencies: number[] = [];
    const run = autocannon({ ...options, duration: seconds });
    run.on('response', (_client, status, _bytes, ms) => {
      if (status < 300) latencies.push(ms);
    });
    const r = await run;
    if (r.errors || r.timeouts || r.non2xx) {
      throw new Error(`${what} ${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
    }
    return { count: r['2xx'], seconds: r.duration, latencies, autocannon: r };
  };
  return {
    probe,
    warm: async () => void (await once(WARMUP, 'warm-up of')),
    run: (seconds) => once(seconds, 'measure of'),
  };
}

/** `query` in a loop on CONNECTIONS concurrent workers. */
function loopMeasure(probe: Probe, query: () => Promise<unknown>): Measure {
  const once = async (seconds: number): Promise<Sample> => {
    const end = performance.now() + seconds * 1000;
    const latencies: number[] = [];
    const worker = async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await query();
        latencies.push(performance.now() - t);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return { count: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
  };
  return { probe, warm: async () => void (await once(WARMUP)), run: once };
}

/** One measure: a warm-up, then DURATION seconds. */
async function measure(m: Measure): Promise<Figures> {
  await m.warm();
  const cpu = new CpuMeter(m.probe);
  return figures([await cpu.around(() => m.run(DURATION))], cpu);
}

/**
 * Two measures taken in turns (ROUNDS rounds of DURATION / ROUNDS seconds each, after a warm-up of
 * each), so that a change of the machine's load in the meantime weighs on both alike.
 */
async function alternate(a: Measure, b: Measure): Promise<[Figures, Figures]> {
  await a.warm();
  await b.warm();
  const samples: [Sample[], Sample[]] = [[], []];
  const cpu = [new CpuMeter(a.probe), new CpuMeter(b.probe)] as const;
  for (let i = 0; i < ROUNDS; i++) {
    samples[0].push(await cpu[0].around(() => a.run(DURATION / ROUNDS)));
    samples[1].push(await cpu[1].around(() => b.run(DURATION / ROUNDS)));
  }
  return [figures(samples[0], cpu[0]), figures(samples[1], cpu[1])];
}

type Statement = ReturnType<typeof campaignListStatement>;

/** The list's own statements, exactly as the service builds them for this key and these pages. */
function statements(world: World, after: CampaignListFilter['after']) {
  const filter = (a?: CampaignListFilter['after']): CampaignListFilter => ({
    scope: [world.brandId],
    limit: PAGE,
    ...(a ? { after: a } : {}),
  });
  return { first: campaignListStatement(filter()), later: campaignListStatement(filter(after)) };
}

interface Comparison {
  endpoint: Figures;
  sql: Figures;
  endpoint_over_sql: number;
  endpoint_over_hello: number;
}

interface DriverReport {
  driver: 'pglite' | 'postgres';
  seed_seconds: number;
  hello: Figures;
  first_page: Comparison;
  later_page: Comparison;
  fixed_rate?: Figures & { target_rps: number };
  target_met: boolean;
}

function compare(hello: Figures, endpoint: Figures, sql: Figures): Comparison {
  return {
    endpoint,
    sql,
    endpoint_over_sql: round(endpoint.rps / sql.rps, 2),
    endpoint_over_hello: round(endpoint.rps / hello.rps, 2),
  };
}

function report(
  driver: DriverReport['driver'],
  world: World,
  hello: Figures,
  first: Comparison,
  later: Comparison,
  fixedRate?: DriverReport['fixed_rate'],
): DriverReport {
  const throughputOk = first.endpoint_over_sql >= 0.5 && later.endpoint_over_sql >= 0.5;
  return {
    driver,
    seed_seconds: round(world.seedSeconds),
    hello,
    first_page: first,
    later_page: later,
    ...(fixedRate ? { fixed_rate: fixedRate } : {}),
    // The stricter of the two p99 figures: autocannon's own, with its coordinated-omission correction.
    target_met: throughputOk && (!fixedRate || Math.max(fixedRate.p99_ms, fixedRate.autocannon?.p99_ms ?? 0) < 50),
  };
}

/** The list's URLs: its first page, and the page after LATER_OFFSET campaigns (with its position). */
async function listUrls(service: Service, world: World) {
  const later = await laterPage(service.base, world.key);
  const first = `${service.base}/2026-07/campaigns?limit=${PAGE}`;
  return { first, later: `${first}&starting_after=${encodeURIComponent(later.cursor)}`, after: later.after };
}

async function benchPglite(): Promise<DriverReport> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  try {
    console.log(`PGlite (DATA_DIR ${dir})`);
    // The embedded database belongs to one process: the bench opens it only while the service is
    // stopped (to copy the sample, then for the SQL loop), so here the measures cannot alternate.
    const open = () => PGlite.create({ dataDir: join(dir, 'pglite') });
    const started = performance.now();
    console.log(`  creating ${CAMPAIGNS} campaigns ...`);
    const sampler = await startService({ DATA_DIR: dir });
    const sample = await seedSample(sampler.base).finally(() => sampler.stop());
    const copier = await open();
    await multiply((text, params) => copier.query(text, params), sample.brandId).finally(() => copier.close());
    const world: World = { ...sample, seedSeconds: (performance.now() - started) / 1000 };

    const service = await startService({ DATA_DIR: dir });
    const probe: Probe = { servicePid: service.pid };
    const endpoint = await (async () => {
      const urls = await listUrls(service, world);
      console.log('  hello (GET /healthz/live) ...');
      const hello = await measure(httpMeasure(probe, `${service.base}/healthz/live`));
      console.log('  endpoint, first page ...');
      const first = await measure(httpMeasure(probe, urls.first, world.key));
      console.log(`  endpoint, page after ${LATER_OFFSET} campaigns ...`);
      const later = await measure(httpMeasure(probe, urls.later, world.key));
      return { hello, first, later, after: urls.after };
    })().finally(() => service.stop());

    const db = await open();
    try {
      const { first, later } = statements(world, endpoint.after);
      console.log('  SQL loop, first page ...');
      const sqlFirst = await measure(loopMeasure({}, () => db.query(first.text, first.params)));
      console.log('  SQL loop, later page ...');
      const sqlLater = await measure(loopMeasure({}, () => db.query(later.text, later.params)));
      return report(
        'pglite',
        world,
        endpoint.hello,
        compare(endpoint.hello, endpoint.first, sqlFirst),
        compare(endpoint.hello, endpoint.later, sqlLater),
      );
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function benchPostgres(): Promise<DriverReport | null> {
  if (PG_URL === 'none' || !(await postgresAnswers(PG_URL))) {
    console.log(`PostgreSQL: skipped (nothing answers at ${PG_URL}; set BENCH_PG_URL)`);
    return null;
  }
  const name = `cc_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    console.log(`PostgreSQL (database ${name})`);
    const service = await startService({ DATABASE_URL: url.toString(), DATA_DIR: 'memory' });
    // Connections stay open (no idle timeout), so their CPU time can be read until the end.
    const pool = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS, idleTimeoutMillis: 0 });
    pool.on('error', () => {}); // the drop below ends idle connections
    try {
      console.log(`  creating ${CAMPAIGNS} campaigns ...`);
      const started = performance.now();
      const sample = await seedSample(service.base);
      await multiply((text, params) => pool.query(text, params), sample.brandId);
      const world: World = { ...sample, seedSeconds: (performance.now() - started) / 1000 };

      // The service idles while the SQL loop runs and the pool while the service is measured.
      const probe: Probe = { servicePid: service.pid, database: name };
      const urls = await listUrls(service, world);
      const { first, later } = statements(world, urls.after);
      const sql = (statement: Statement) =>
        loopMeasure({ database: name }, () => pool.query(statement.text, statement.params));
      console.log('  hello (GET /healthz/live) ...');
      const hello = await measure(httpMeasure(probe, `${service.base}/healthz/live`));
      console.log(`  endpoint and SQL loop in turns, first page (${ROUNDS} rounds) ...`);
      const [endpointFirst, sqlFirst] = await alternate(httpMeasure(probe, urls.first, world.key), sql(first));
      console.log(`  endpoint and SQL loop in turns, page after ${LATER_OFFSET} campaigns ...`);
      const [endpointLater, sqlLater] = await alternate(httpMeasure(probe, urls.later, world.key), sql(later));
      console.log(`  endpoint at ${FIXED_RATE} requests/s ...`);
      const fixed = httpMeasure(probe, urls.first, world.key, FIXED_RATE);
      const cpu = new CpuMeter(probe);
      const fixedRate = { target_rps: FIXED_RATE, ...figures([await cpu.around(() => fixed.run(DURATION))], cpu) };
      return report(
        'postgres',
        world,
        hello,
        compare(hello, endpointFirst, sqlFirst),
        compare(hello, endpointLater, sqlLater),
        fixedRate,
      );
    } finally {
      await pool.end();
      await service.stop();
    }
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch((err: unknown) => {
      console.warn(`could not drop ${name}: ${String(err)}`);
    });
  }
}

// ------------------------------------------------------------------------------------ main

function printTable(reports: DriverReport[]) {
  const rows: string[][] = [
    ['driver', 'measure', 'req/s', 'p50 ms', 'p99 ms', 'vs SQL', 'vs hello', 'CPU µs/req bench+service+pg'],
  ];
  for (const r of reports) {
    const cpu = (f: Figures) =>
      f.cpu ? [f.cpu.bench_us, f.cpu.service_us ?? '-', f.cpu.postgres_us ?? '-'].join(' + ') : '';
    const line = (what: string, f: Figures, vsSql = '', vsHello = '') => [
      r.driver,
      what,
      String(f.rps),
      String(f.p50_ms),
      String(f.p99_ms),
      vsSql,
      vsHello,
      cpu(f),
    ];
    rows.push(line('hello (GET /healthz/live)', r.hello));
    for (const [what, c] of [
      ['first page', r.first_page],
      [`page after ${LATER_OFFSET}`, r.later_page],
    ] as const) {
      rows.push(line(`GET /campaigns, ${what}`, c.endpoint, String(c.endpoint_over_sql), String(c.endpoint_over_hello)));
      rows.push(line(`its SQL, ${what}`, c.sql));
    }
    if (r.fixed_rate) {
      rows.push(line(`GET /campaigns at ${r.fixed_rate.target_rps} req/s`, r.fixed_rate));
      const corrected = r.fixed_rate.autocannon;
      if (corrected) {
        rows.push([r.driver, '  as autocannon reports it', '', String(corrected.p50_ms), String(corrected.p99_ms), '', '', '']);
      }
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

await ensureBuild();
const loadAtStart = loadavg();
if (loadAtStart[0]! > 1) {
  console.warn(`The machine is busy (load average ${loadAtStart[0]!.toFixed(1)}): expect noisy figures.`);
}
const reports: DriverReport[] = [];
if (DRIVERS.includes('pglite')) reports.push(await benchPglite());
if (DRIVERS.includes('postgres')) {
  const r = await benchPostgres();
  if (r) reports.push(r);
}

const cpu = cpus();
const result = {
  measured_at: new Date().toISOString(),
  machine: {
    cores: cpu.length,
    cpu: cpu[0]?.model ?? 'unknown',
    memory_gb: round(totalmem() / 2 ** 30),
    free_memory_gb: round(freemem() / 2 ** 30),
    platform: `${platform()} ${release()}`,
    node: process.version,
    load_average_at_start: loadAtStart.map((l) => round(l, 2)),
    load_average_at_end: loadavg().map((l) => round(l, 2)),
  },
  settings: {
    campaigns: CAMPAIGNS,
    page_limit: PAGE,
    later_page_after: LATER_OFFSET,
    connections: CONNECTIONS,
    duration_s: DURATION,
    warmup_s: WARMUP,
    postgres_rounds: ROUNDS,
    service_log_level: LOG_LEVEL,
  },
  target: {
    endpoint_over_sql_at_least: 0.5,
    postgres_p99_ms_below: 50,
    postgres_fixed_rate_rps: FIXED_RATE,
  },
  drivers: reports,
  target_met: reports.length > 0 && reports.every((r) => r.target_met),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/campaigns-list.json', `${JSON.stringify(result, null, 2)}\n`);
console.log('');
printTable(reports);
console.log(`\ntarget (endpoint >= 0.5 x SQL; p99 < 50 ms at ${FIXED_RATE} req/s on PostgreSQL): ${result.target_met ? 'met' : 'NOT met'}`);
console.log('written bench/results/campaigns-list.json');
process.exit(result.target_met ? 0 : 1);
