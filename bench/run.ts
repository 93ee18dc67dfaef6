// npm run bench: every benchmark of the product in one run, with a table per part, the results as
// JSON (bench/results/<part>.json) and the tables of docs/performance.md regenerated from them.
//
//   npm run bench                          everything (about 30 minutes on a 2-core machine)
//   npm run bench -- --quick               short measures and smaller worlds (about 10 minutes); results
//                                          go to a temporary directory and the docs stay as they are
//   npm run bench -- --parts=service,scale  only these parts (also BENCH_PARTS)
//   npm run bench -- --drivers=postgres     only these databases (also BENCH_DRIVERS)
//   npm run bench -- --docs                 only regenerate docs/performance.md from bench/results
//
// Parts: service (main reads and writes vs their SQL / domain code and hello world, PGlite and
// PostgreSQL), scale (1,000 -> 100,000 campaigns, 10 -> 100,000 posts), cluster (two processes on
// one PostgreSQL behind a round-robin splitter: throughput, live events, rate limits and
// idempotency across both), dashboard (the campaign list in Chromium with 10,000 campaigns: time to
// usable, scrolling frame times), bundle (bench/bundle-size.mjs), review (bench/review-decisions.ts),
// campaigns-list (bench/campaigns-list.ts, the issue-3 benchmark), lighthouse (bench/parts/lighthouse.ts:
// Lighthouse scores of sign-in, campaigns, review and metrics, desktop and mobile, signed in),
// inspection (bench/parts/inspection.ts: fetch, parse and checks of each sample video, p50/p99),
// compression (bench/parts/compression.ts: bytes of a 100-row list with and without gzip/br, and
// req/s with and without Accept-Encoding in turns), fanout (bench/parts/fanout.ts: writes/s with
// and without 5,000 open event streams, delivery latency to every stream, memory per stream), queue
// (bench/parts/queue.ts: GET /submissions and /submissions/counts at 3 and at 300 campaigns),
// agency (bench/parts/agency.ts: the dashboard in Chromium at an agency client's scale, 300
// campaigns and 30,000 waiting: each screen's time to first useful content, requests, bytes and
// heap, the review decision time and the requests of a burst of live events; alone:
// `npm run bench -- --parts=agency`, smaller with BENCH_AGENCY_CAMPAIGNS / BENCH_AGENCY_WAITING).
// The other knobs (BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_PG_URL,
// BENCH_REDIS_URL, BENCH_LOG_LEVEL, BENCH_SERVICE) are those of bench/lib/config.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config, ROOT } from './lib/config.ts';
import { writeDocs } from './lib/docs.ts';
import { loadAtStart, machine, writeResult } from './lib/results.ts';
import { buildIfNeeded, ensureBuild } from './lib/service.ts';
import type { Driver } from './lib/target.ts';
import { benchAgency, printAgency } from './parts/agency.ts';
import { benchCluster, printCluster } from './parts/cluster.ts';
import { benchCompression, printCompression } from './parts/compression.ts';
import { benchDashboard, printDashboard } from './parts/dashboard.ts';
import { benchFanout, printFanout } from './parts/fanout.ts';
import { benchInspection, printInspection } from './parts/inspection.ts';
import { benchLighthouse, printLighthouse } from './parts/lighthouse.ts';
import { benchQueue, printQueue } from './parts/queue.ts';
import { benchScale, printScale } from './parts/scale.ts';
import { benchServiceOn, printService } from './parts/service.ts';

process.chdir(ROOT);

const ALL_PARTS = [
  'service',
  'scale',
  'cluster',
  'dashboard',
  'bundle',
  'review',
  'campaigns-list',
  'lighthouse',
  'inspection',
  'compression',
  'fanout',
  'queue',
  'agency',
] as const;
type Part = (typeof ALL_PARTS)[number];

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const listOf = (raw: string | undefined) =>
  raw
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
const docsOnly = args.includes('--docs');
const parts = (listOf(option('parts') ?? process.env.BENCH_PARTS) ?? [...ALL_PARTS]) as Part[];
for (const p of parts)
  if (!ALL_PARTS.includes(p))
    throw new Error(`unknown part "${p}" (parts: ${ALL_PARTS.join(', ')})`);
const drivers = (listOf(option('drivers') ?? process.env.BENCH_DRIVERS) ?? [
  'pglite',
  'postgres',
]) as Driver[];

if (quick) {
  // Unless set explicitly: short measures, to try the bench without loading the machine for long.
  if (!process.env.BENCH_DURATION) config.duration = 2;
  if (!process.env.BENCH_WARMUP) config.warmup = 0.5;
  if (!process.env.BENCH_ROUNDS) config.rounds = 2;
}
const resultsDir = quick ? join(tmpdir(), 'cc-bench-quick') : 'bench/results';
const resultPath = (part: string) => join(resultsDir, `${part}.json`);

/** Runs one of the other engineers' scripts as they run alone; their JSON is read from its file. */
function script(command: string[], env: Record<string, string> = {}) {
  const r = spawnSync(command[0]!, command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return r.status === 0;
}

if (!docsOnly) {
  await ensureBuild({
    client:
      parts.includes('dashboard') ||
      parts.includes('bundle') ||
      parts.includes('lighthouse') ||
      parts.includes('agency'),
  });
  const load = loadAtStart();
  const settings = {
    quick,
    duration_s: config.duration,
    warmup_s: config.warmup,
    postgres_rounds: config.rounds,
    connections: config.connections,
    service_log_level: config.logLevel,
  };
  const save = (part: string, body: Record<string, unknown>) => {
    writeResult(resultPath(part), {
      measured_at: new Date().toISOString(),
      machine: machine(load),
      settings,
      ...body,
    });
    console.log(`written ${resultPath(part)}\n`);
  };

  if (parts.includes('service')) {
    const world = quick
      ? { campaigns: 1_000, posts: 1_000, inReview: 8_000 }
      : { campaigns: 10_000, posts: 10_000, inReview: 40_000 };
    const results = [];
    for (const driver of drivers) {
      const r = await benchServiceOn(driver, world);
      if (r) results.push(r);
    }
    printService(results);
    save('service', { drivers: results });
  }
  if (parts.includes('scale')) {
    const r = await benchScale(drivers, quick);
    printScale(r);
    save('scale', { ...r });
  }
  if (parts.includes('cluster')) {
    const r = await benchCluster(quick);
    if (r) {
      printCluster(r);
      save('cluster', { ...r });
    }
  }
  if (parts.includes('dashboard')) {
    const r = await benchDashboard(quick);
    printDashboard(r);
    save('dashboard', { ...r });
  }
  if (parts.includes('bundle')) {
    console.log('bundle: node bench/bundle-size.mjs');
    // It refuses a build older than the sources, which others may have changed during the run.
    await buildIfNeeded({ client: true }).catch((err: unknown) => console.warn(String(err)));
    if (!script([process.execPath, 'bench/bundle-size.mjs']))
      console.warn('bench/bundle-size.mjs failed');
  }
  if (parts.includes('review')) {
    if (existsSync('bench/review-decisions.ts')) {
      console.log('review: tsx bench/review-decisions.ts');
      const env: Record<string, string> = quick
        ? { BENCH_RESULT: resultPath('review-decisions'), BENCH_DECISIONS: '20' }
        : {};
      if (!script(['npx', 'tsx', 'bench/review-decisions.ts'], env)) {
        console.warn('bench/review-decisions.ts failed');
      }
    } else {
      console.warn('review: bench/review-decisions.ts does not exist yet; skipped');
    }
  }
  if (parts.includes('campaigns-list')) {
    console.log('campaigns-list: tsx bench/campaigns-list.ts');
    script(['npx', 'tsx', 'bench/campaigns-list.ts'], {
      BENCH_DURATION: String(config.duration),
      BENCH_WARMUP: String(config.warmup),
      BENCH_ROUNDS: String(config.rounds),
      ...(quick ? { BENCH_RESULT: resultPath('campaigns-list'), BENCH_CAMPAIGNS: '2000' } : {}),
    });
  }
  if (parts.includes('lighthouse')) {
    console.log('lighthouse: sign-in, campaigns, review, metrics on desktop and mobile profiles');
    const r = await benchLighthouse(quick);
    printLighthouse(r);
    save('lighthouse', { ...r });
  }
  if (parts.includes('inspection')) {
    console.log('inspection: fetch, parse and check each sample video, as the worker does');
    const r = await benchInspection(quick);
    printInspection(r);
    save('inspection', { ...r });
  }
  if (parts.includes('compression')) {
    const r = await benchCompression(drivers);
    printCompression(r);
    save('compression', { ...r });
  }
  if (parts.includes('queue')) {
    const r = await benchQueue(drivers, quick);
    printQueue(r);
    save('queue', { ...r });
  }
  if (parts.includes('agency')) {
    const r = await benchAgency(drivers, quick);
    printAgency(r);
    save('agency', { ...r });
  }
  if (parts.includes('fanout')) {
    const r = await benchFanout(drivers, quick);
    printFanout(r);
    save('fanout', { ...r });
  }
}

if (!quick) {
  await writeDocs('bench/results', 'docs/performance.md');
  console.log('regenerated docs/performance.md from bench/results');
} else {
  console.log(`quick run: results in ${resultsDir}; docs/performance.md unchanged`);
}
