// GET /2026-07/campaigns?limit=25 on 10,000 campaigns, beside two baselines measured in the same
// run: the bare liveness route of the same server (GET /healthz/live) and the list's own SQL
// (built by the service's campaignListStatement, so the text is never copied) run in a loop
// against the same database with the same concurrency. On PGlite the database lives inside the
// service, so the SQL loop opens its data directory after the service has stopped; on PostgreSQL
// it uses a pg Pool with one connection per autocannon connection (the statement named, prepared
// once per connection, as the service sends it), and the endpoint and its SQL
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
// Knobs: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_ROUNDS (5), BENCH_CONNECTIONS (10),
// BENCH_CAMPAIGNS (10000), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; "none" skips
// PostgreSQL), BENCH_DRIVERS (pglite,postgres), BENCH_LOG_LEVEL (the service's, warn: no line per
// request), BENCH_SERVICE (another build of the service, e.g. of an older commit; default
// dist/server/index.js, built when stale), BENCH_RESULT (bench/results/campaigns-list.json).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { campaignListStatement, type CampaignListFilter } from '../server/domain/campaigns.ts';
import { statementName } from '../server/db/client.ts';
import { config, numberEnv, ROOT, round } from './lib/config.ts';
import {
  alternate,
  CpuMeter,
  figures,
  httpMeasure,
  loopMeasure,
  measure,
  type Figures,
  type Probe,
} from './lib/measure.ts';
import { createTempDatabase, postgresAnswers } from './lib/postgres.ts';
import { loadAtStart, machine, printRows, writeResult } from './lib/results.ts';
import { ensureBuild, startService, type Service } from './lib/service.ts';
import {
  campaignCursorAfter,
  createBrand,
  createSample,
  multiply,
  type Brand,
} from './lib/world.ts';

process.chdir(ROOT);

const CAMPAIGNS = numberEnv('BENCH_CAMPAIGNS', 10_000);
const SAMPLE = Math.min(100, CAMPAIGNS);
const PAGE = 25;
/** How deep the "later page" is: the page after this many campaigns. */
const LATER_OFFSET = Math.min(5_000, Math.floor(CAMPAIGNS / 2));
const FIXED_RATE = 200;
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim());
const RESULT = process.env.BENCH_RESULT ?? 'bench/results/campaigns-list.json';
const { duration: DURATION, rounds: ROUNDS, pgUrl: PG_URL } = config;

// ------------------------------------------------------------------------------------ data

interface World extends Brand {
  seedSeconds: number;
}

/** A brand, its key, and SAMPLE campaigns created through /ops. */
async function seedSample(base: string): Promise<Brand> {
  const brand = await createBrand(base);
  await createSample(base, brand.brandId, SAMPLE);
  return brand;
}

// ------------------------------------------------------------------------------------ measures

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
  /** PostgreSQL: the same statement sent as text, parsed and planned every time (before 0077). */
  sql_text?: Figures;
  endpoint_over_text?: number;
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

function compare(hello: Figures, endpoint: Figures, sql: Figures, text?: Figures): Comparison {
  return {
    endpoint,
    sql,
    endpoint_over_sql: round(endpoint.rps / sql.rps, 2),
    endpoint_over_hello: round(endpoint.rps / hello.rps, 2),
    ...(text ? { sql_text: text, endpoint_over_text: round(endpoint.rps / text.rps, 2) } : {}),
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
    target_met:
      throughputOk &&
      (!fixedRate || Math.max(fixedRate.p99_ms, fixedRate.autocannon?.p99_ms ?? 0) < 50),
  };
}

/** The list's URLs: its first page, and the page after LATER_OFFSET campaigns (with its position). */
async function listUrls(service: Service, world: World) {
  const later = await campaignCursorAfter(service.base, world.key, LATER_OFFSET);
  const first = `${service.base}/2026-07/campaigns?limit=${PAGE}`;
  return {
    first,
    later: `${first}&starting_after=${encodeURIComponent(later.cursor)}`,
    after: later.after,
  };
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
    await multiply((text, params) => copier.query(text, params), sample.brandId, CAMPAIGNS).finally(
      () => copier.close(),
    );
    const world: World = { ...sample, seedSeconds: (performance.now() - started) / 1000 };

    const service = await startService({ DATA_DIR: dir });
    const probe: Probe = { servicePids: [service.pid] };
    const endpoint = await (async () => {
      const urls = await listUrls(service, world);
      console.log('  hello (GET /healthz/live) ...');
      const hello = await measure(httpMeasure(probe, `${service.base}/healthz/live`));
      console.log('  endpoint, first page ...');
      const first = await measure(httpMeasure(probe, urls.first, { key: world.key }));
      console.log(`  endpoint, page after ${LATER_OFFSET} campaigns ...`);
      const later = await measure(httpMeasure(probe, urls.later, { key: world.key }));
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

async function benchPostgres(): Promise<DriverReport | null> {
  if (PG_URL === 'none' || !(await postgresAnswers(PG_URL))) {
    console.log(`PostgreSQL: skipped (nothing answers at ${PG_URL}; set BENCH_PG_URL)`);
    return null;
  }
  const temp = await createTempDatabase(PG_URL);
  const { name } = temp;
  const url = new URL(temp.url);
  try {
    console.log(`PostgreSQL (database ${name})`);
    const service = await startService({ DATABASE_URL: url.toString(), DATA_DIR: 'memory' });
    // Connections stay open (no idle timeout), so their CPU time can be read until the end.
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: config.connections,
      idleTimeoutMillis: 0,
    });
    pool.on('error', () => {}); // the drop below ends idle connections
    try {
      console.log(`  creating ${CAMPAIGNS} campaigns ...`);
      const started = performance.now();
      const sample = await seedSample(service.base);
      await multiply((text, params) => pool.query(text, params), sample.brandId, CAMPAIGNS);
      const world: World = { ...sample, seedSeconds: (performance.now() - started) / 1000 };

      // The service idles while the SQL loop runs and the pool while the service is measured.
      const probe: Probe = { servicePids: [service.pid], database: name };
      const urls = await listUrls(service, world);
      const { first, later } = statements(world, urls.after);
      // A named statement, parsed and planned once per connection, as the service sends it
      // (decision 0077).
      const sql = (statement: Statement) => {
        const named = {
          name: statementName('bench', statement.text),
          text: statement.text,
          values: statement.params,
        };
        return loopMeasure({ database: name }, () => pool.query(named));
      };
      const sqlText = (statement: Statement) =>
        loopMeasure({ database: name }, () => pool.query(statement.text, statement.params));
      console.log('  hello (GET /healthz/live) ...');
      const hello = await measure(httpMeasure(probe, `${service.base}/healthz/live`));
      console.log(`  endpoint and SQL loop in turns, first page (${ROUNDS} rounds) ...`);
      const [endpointFirst, sqlFirst, textFirst] = await alternate(
        httpMeasure(probe, urls.first, { key: world.key }),
        sql(first),
        sqlText(first),
      );
      console.log(`  endpoint and SQL loop in turns, page after ${LATER_OFFSET} campaigns ...`);
      const [endpointLater, sqlLater, textLater] = await alternate(
        httpMeasure(probe, urls.later, { key: world.key }),
        sql(later),
        sqlText(later),
      );
      console.log(`  endpoint at ${FIXED_RATE} requests/s ...`);
      const fixed = httpMeasure(probe, urls.first, { key: world.key, overallRate: FIXED_RATE });
      const cpu = new CpuMeter(probe);
      const fixedRate = {
        target_rps: FIXED_RATE,
        ...figures([await cpu.around(() => fixed.run(DURATION))], cpu),
      };
      return report(
        'postgres',
        world,
        hello,
        compare(hello, endpointFirst, sqlFirst, textFirst),
        compare(hello, endpointLater, sqlLater, textLater),
        fixedRate,
      );
    } finally {
      await pool.end();
      await service.stop();
    }
  } finally {
    await temp.drop();
  }
}

// ------------------------------------------------------------------------------------ main

function printTable(reports: DriverReport[]) {
  const rows: string[][] = [
    [
      'driver',
      'measure',
      'req/s',
      'p50 ms',
      'p99 ms',
      'vs SQL',
      'vs hello',
      'CPU µs/req bench+service+pg',
    ],
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
      rows.push(
        line(
          `GET /campaigns, ${what}`,
          c.endpoint,
          String(c.endpoint_over_sql),
          String(c.endpoint_over_hello),
        ),
      );
      rows.push(line(`its SQL, ${what}`, c.sql));
      if (c.sql_text)
        rows.push(line(`its SQL as text, ${what}: ${c.endpoint_over_text}`, c.sql_text));
    }
    if (r.fixed_rate) {
      rows.push(line(`GET /campaigns at ${r.fixed_rate.target_rps} req/s`, r.fixed_rate));
      const corrected = r.fixed_rate.autocannon;
      if (corrected) {
        rows.push([
          r.driver,
          '  as autocannon reports it',
          '',
          String(corrected.p50_ms),
          String(corrected.p99_ms),
          '',
          '',
          '',
        ]);
      }
    }
  }
  printRows(rows);
}

await ensureBuild();
const load = loadAtStart();
const reports: DriverReport[] = [];
if (DRIVERS.includes('pglite')) reports.push(await benchPglite());
if (DRIVERS.includes('postgres')) {
  const r = await benchPostgres();
  if (r) reports.push(r);
}

const result = {
  measured_at: new Date().toISOString(),
  machine: machine(load),
  settings: {
    campaigns: CAMPAIGNS,
    page_limit: PAGE,
    later_page_after: LATER_OFFSET,
    connections: config.connections,
    duration_s: DURATION,
    warmup_s: config.warmup,
    postgres_rounds: ROUNDS,
    service: config.service,
    service_log_level: config.logLevel,
  },
  target: {
    endpoint_over_sql_at_least: 0.5,
    postgres_p99_ms_below: 50,
    postgres_fixed_rate_rps: FIXED_RATE,
  },
  drivers: reports,
  target_met: reports.length > 0 && reports.every((r) => r.target_met),
};
writeResult(RESULT, result);
console.log('');
printTable(reports);
console.log(
  `\ntarget (endpoint >= 0.5 x SQL; p99 < 50 ms at ${FIXED_RATE} req/s on PostgreSQL): ${result.target_met ? 'met' : 'NOT met'}`,
);
console.log(`written ${RESULT}`);
process.exit(result.target_met ? 0 : 1);
