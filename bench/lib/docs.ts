// docs/performance.md, regenerated from the JSON in bench/results by `npm run bench` (and
// `npm run bench -- --docs`): the prose is here, every figure comes from a result file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figures } from './measure.ts';
import type { ClusterResult } from '../parts/cluster.ts';
import type { CompressionResult } from '../parts/compression.ts';
import type { DashboardResult } from '../parts/dashboard.ts';
import type { FanoutResult } from '../parts/fanout.ts';
import type { QueueResult } from '../parts/queue.ts';
import type { AgencyResult } from '../parts/agency.ts';
import type { ScaleResult } from '../parts/scale.ts';
import type { InspectionResult } from '../parts/inspection.ts';
import type { LighthouseResult } from '../parts/lighthouse.ts';
import {
  ENDPOINT_OVER_FLOOR_TARGET,
  type EndpointResult,
  type ServiceDriverResult,
} from '../parts/service.ts';
import type { Machine } from './results.ts';

interface Stamped {
  measured_at: string;
  machine?: Machine;
  settings?: Record<string, unknown>;
}

function read<T>(dir: string, name: string): (T & Stamped) | null {
  const path = join(dir, `${name}.json`);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T & Stamped;
  } catch {
    return null;
  }
}

/** A Markdown table; the first `left` columns aligned left, the others (figures) right. */
const table = (head: string[], rows: (string | number)[][], left = 1) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < left ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const n = (x: number) => x.toLocaleString('en-US');
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The creators query's planner estimate and times before and after decision 0120. */
interface CreatorsQueryResult {
  how: string;
  world: { campaigns: number; applicants: number; applicants_of_other_campaigns: number };
  reads: {
    read: string;
    before: { estimate: number; jit_on_ms: number; jit_functions: number; jit_off_ms: number };
    after: { estimate: number; jit_on_ms: number; jit_off_ms: number };
  }[];
  estimate_first_page_at_50_campaigns: { pglite: number; postgres: number };
}

/** PostgreSQL's default jit_above_cost: a plan estimated above it is JIT-compiled. */
const JIT_ABOVE_COST = 100_000;

/** The endpoints measured beside their floor (results from before the floor have none). */
const withFloor = (endpoints: EndpointResult[]) =>
  endpoints.filter(
    (e): e is EndpointResult & { floor: Figures; endpoint_over_floor: number } =>
      e.floor !== undefined && e.endpoint_over_floor !== undefined,
  );

/** Issue 15: every endpoint as close to its own SQL as 0.7 on PostgreSQL, 0.5 on PGlite. */
const serviceTarget = (driver: string) => (driver === 'postgres' ? 0.7 : 0.5);
const stamp = (r: Stamped) =>
  `Measured ${r.measured_at.slice(0, 16).replace('T', ' ')} UTC` +
  (r.machine
    ? ` on ${r.machine.cores} cores (${r.machine.cpu}), load average ${r.machine.load_average_at_start[0]} at the start and ${r.machine.load_average_at_end[0]} at the end`
    : '') +
  (r.settings?.quick ? ' (quick mode)' : '') +
  '.';

/** Finds the first number under a key matching `pattern`, anywhere in `value`. */
function findNumber(value: unknown, pattern: RegExp): number | null {
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value))
    if (pattern.test(k) && typeof v === 'number') return v;
  for (const v of Object.values(value)) {
    const found = findNumber(v, pattern);
    if (found !== null) return found;
  }
  return null;
}

/** The service's CPU per request (with PGlite's on PGlite), or null when it was not read. */
const serviceCpu = (f: Figures) => f.cpu?.service_us ?? null;

/**
 * Why endpoints fall below their floor, from the figures: the service's CPU per request beside
 * the floor server's for the same work (the same database work, so the difference is what the
 * service's middleware, authentication, validation, routing and answer shaping cost).
 */
function belowFloorText(
  driver: string,
  below: (EndpointResult & { floor: Figures; endpoint_over_floor: number })[],
): string {
  const lines = below.map((e) => {
    const own = serviceCpu(e.endpoint);
    const floor = serviceCpu(e.floor);
    const cpu =
      own !== null && floor !== null
        ? `the service spends ${n(own)} µs of CPU per request where the floor spends ${n(floor)} µs (${own > floor ? `+${n(own - floor)}` : n(own - floor)} µs)`
        : 'CPU per request not read';
    return `- \`${e.request}\`: ${e.endpoint_over_floor} of its floor (${n(e.endpoint.rps)} against ${n(e.floor.rps)} req/s); ${cpu}.`;
  });
  return (
    `**Below ${ENDPOINT_OVER_FLOOR_TARGET} of the floor on ${driver}**:\n\n${lines.join('\n')}\n\n` +
    'The floor does the same database work over the same HTTP stack, so the extra CPU is the ' +
    "service's own per request: the middleware chain (request id, client address, lifecycle, request " +
    'log, security headers, rate limits, the body limit and the input guard), authentication of the ' +
    'key, validation of the parameters and body by the contract, routing, the domain turning rows ' +
    "into the interface's shapes, and its JSON. On 2 cores shared with the load generator and the " +
    'database, every µs of it is taken from the others; the cheaper the SQL, the larger its share.\n'
  );
}

export async function writeDocs(dir: string, out: string) {
  const service = read<{ drivers: ServiceDriverResult[] }>(dir, 'service');
  const scale = read<ScaleResult>(dir, 'scale');
  const cluster = read<ClusterResult>(dir, 'cluster');
  const dashboard = read<DashboardResult>(dir, 'dashboard');
  const bundle = read<{
    budget_bytes: number;
    first_screen: { path: string; gzip_total: number };
    first_screen_within_budget: boolean;
  }>(dir, 'bundle-size');
  const review = read<Record<string, unknown>>(dir, 'review-decisions');
  const lighthouse = read<LighthouseResult>(dir, 'lighthouse');
  const inspection = read<InspectionResult>(dir, 'inspection');
  const compression = read<CompressionResult>(dir, 'compression');
  const fanout = read<FanoutResult>(dir, 'fanout');
  const queue = read<QueueResult>(dir, 'queue');
  const agency = read<AgencyResult>(dir, 'agency');
  const creatorsQuery = read<CreatorsQueryResult>(dir, 'creators-query');
  const list = read<{
    drivers: {
      driver: string;
      first_page: {
        endpoint_over_sql: number;
        endpoint: Figures;
        sql: Figures;
        endpoint_over_text?: number;
      };
      later_page: { endpoint_over_sql: number; endpoint_over_text?: number };
      fixed_rate?: Figures;
    }[];
  }>(dir, 'campaigns-list');
  const cold = read<{
    new_data_dir_ms: { median: number };
    existing_data_dir_ms: { median: number };
  }>(dir, 'cold-start');

  const md: string[] = [];
  md.push(`# Performance

<!-- Generated by \`npm run bench\` from bench/results/*.json (bench/lib/docs.ts): edit there, not here. -->

What the product does under load, measured by \`npm run bench\` (see [Running the benchmarks](#running-the-benchmarks)).
These machines have 2 cores shared by the load generator, the service, PostgreSQL and whatever else
runs: absolute figures move by ±15% or more from run to run. Each figure is therefore set beside a
baseline measured **in the same run**, and the ratio is what to compare between runs and commits.
`);

  // ------------------------------------------------------------------ summary
  const summary: (string | number)[][] = [];
  if (service) {
    for (const d of service.drivers) {
      const worst = d.endpoints.reduce((w, e) =>
        e.endpoint_over_baseline < w.endpoint_over_baseline ? e : w,
      );
      const target = serviceTarget(d.driver);
      const asText = d.endpoints.filter((e) => e.endpoint_over_text !== undefined);
      const worstText = asText.length
        ? asText.reduce((w, e) => (e.endpoint_over_text! < w.endpoint_over_text! ? e : w))
        : null;
      summary.push([
        `Service endpoints ÷ their own SQL or domain code, ${d.driver}`,
        `lowest ${worst.endpoint_over_baseline} (${worst.request})` +
          (worstText
            ? `; against its SQL sent as text, lowest ${worstText.endpoint_over_text} (${worstText.request})`
            : ''),
        `≥ ${target} each`,
        yes(d.endpoints.every((e) => e.endpoint_over_baseline >= target)),
      ]);
      const floored = withFloor(d.endpoints);
      if (floored.length) {
        const lowest = floored.reduce((w, e) =>
          e.endpoint_over_floor < w.endpoint_over_floor ? e : w,
        );
        const below = floored.filter((e) => e.endpoint_over_floor < ENDPOINT_OVER_FLOOR_TARGET);
        summary.push([
          `Service endpoints ÷ their floor (same SQL, bare handler on the same HTTP stack), ${d.driver}`,
          `lowest ${lowest.endpoint_over_floor} (${lowest.request}); ${below.length} of ${floored.length} below ${ENDPOINT_OVER_FLOOR_TARGET}`,
          `≥ ${ENDPOINT_OVER_FLOOR_TARGET} each`,
          yes(below.length === 0),
        ]);
      }
    }
  }
  if (creatorsQuery) {
    const worst = Math.max(...creatorsQuery.reads.map((r) => r.after.estimate));
    summary.push([
      `Creators list's planner estimate, ${n(creatorsQuery.world.campaigns)} campaigns (\`creators-query-cost.test.ts\`)`,
      `at most ${n(worst)} (before: ${n(Math.max(...creatorsQuery.reads.map((r) => r.before.estimate)))})`,
      `< ${n(JIT_ABOVE_COST)} (jit_above_cost)`,
      yes(worst < JIT_ABOVE_COST),
    ]);
  }
  if (list) {
    for (const d of list.drivers) {
      summary.push([
        `\`GET /campaigns\` ÷ its SQL, 10,000 campaigns, ${d.driver} (\`bench/campaigns-list.ts\`)`,
        `${d.first_page.endpoint_over_sql} first page, ${d.later_page.endpoint_over_sql} later page` +
          (d.first_page.endpoint_over_text !== undefined
            ? ` (its SQL prepared; sent as text: ${d.first_page.endpoint_over_text} and ${d.later_page.endpoint_over_text})`
            : ''),
        '≥ 0.5',
        yes(d.first_page.endpoint_over_sql >= 0.5 && d.later_page.endpoint_over_sql >= 0.5),
      ]);
      if (d.fixed_rate) {
        const p99 = Math.max(d.fixed_rate.p99_ms, d.fixed_rate.autocannon?.p99_ms ?? 0);
        summary.push([
          `\`GET /campaigns\` at 200 requests/s, ${d.driver}, p99`,
          `${p99} ms`,
          '< 50 ms',
          yes(p99 < 50),
        ]);
      }
    }
  }
  if (scale) {
    for (const d of scale.drivers) {
      const last = d.posts.at(-1);
      if (last?.metrics_post_rows_read) {
        summary.push([
          `Metrics report with ${n(last.size)} posts, ${d.driver}: post rows read`,
          `${last.metrics_post_rows_read.report} (by platform: ${last.metrics_post_rows_read.by_platform})`,
          '0 (running totals)',
          yes(
            last.metrics_post_rows_read.report === 0 &&
              last.metrics_post_rows_read.by_platform === 0,
          ),
        ]);
      }
    }
  }
  if (cluster) {
    const t = cluster.throughput[0];
    if (t)
      summary.push([
        `Two processes ÷ one, ${t.request} (PostgreSQL)`,
        String(t.two_over_one),
        'reported (2 cores)',
        '-',
      ]);
    summary.push([
      'Live events reach a dashboard on each process',
      `${cluster.events.seen_on_a}/${cluster.events.writes} and ${cluster.events.seen_on_b}/${cluster.events.writes}`,
      'all',
      yes(cluster.events.delivered_to_both),
    ]);
    summary.push([
      `Rate limit across two processes (${cluster.redis ? 'Redis' : 'no Redis'})`,
      `${cluster.rate_limit.allowed} of ${cluster.rate_limit.requests} allowed at ${cluster.rate_limit.limit_per_minute}/min`,
      `exactly ${cluster.rate_limit.limit_per_minute}`,
      yes(cluster.rate_limit.shared),
    ]);
    summary.push([
      'Idempotency across two processes',
      `${cluster.idempotency.campaigns_created} campaigns for ${cluster.idempotency.keys} keys`,
      'one per key',
      yes(cluster.idempotency.held),
    ]);
  }
  if (dashboard) {
    const t = dashboard.time_to_usable_ms;
    summary.push([
      `Campaign list usable in Chromium, ${n(dashboard.campaigns)} campaigns`,
      `${n(t.cold.median)} ms cold cache, ${n(t.reload.median)} ms reload (median)`,
      `≤ ${n(t.target_ms)} ms`,
      yes(t.target_met),
    ]);
    summary.push([
      `Scrolling that list, frame time p95`,
      `${dashboard.scroll.p95_ms} ms (p50 ${dashboard.scroll.p50_ms}, ${dashboard.scroll.over_budget} of ${dashboard.scroll.frames} frames over)`,
      `≤ ${dashboard.scroll.target_ms} ms (one 60 Hz frame, ±0.5 ms jitter)`,
      yes(dashboard.scroll.target_met),
    ]);
  }
  if (bundle) {
    summary.push([
      `Compressed JS of the first screen (${bundle.first_screen.path}, \`bench/bundle-size.mjs\`)`,
      `${(bundle.first_screen.gzip_total / 1024).toFixed(1)} KB gzip`,
      `≤ ${bundle.budget_bytes / 1024} KB`,
      yes(bundle.first_screen_within_budget),
    ]);
  }
  if (review) {
    const median = findNumber(review, /median/i);
    const p95 = findNumber(review, /p95/i);
    summary.push([
      'Review queue, decision to next item (`bench/review-decisions.ts`)',
      `median ${median ?? '?'} ms, p95 ${p95 ?? '?'} ms${reviewCarousels(review)}`,
      'median < 100 ms, p95 < 200 ms',
      median !== null && p95 !== null ? yes(median < 100 && p95 < 200) : '-',
    ]);
  } else {
    summary.push([
      'Review queue, decision to next item (`bench/review-decisions.ts`)',
      'not measured yet',
      'median < 100 ms, p95 < 200 ms',
      '-',
    ]);
  }
  if (lighthouse) {
    const worst = (
      profile: 'desktop' | 'mobile',
      c: 'performance' | 'accessibility' | 'best-practices',
    ) => Math.min(...lighthouse.runs.filter((r) => r.profile === profile).map((r) => r.scores[c]));
    summary.push([
      'Lighthouse, desktop, lowest of sign-in, campaigns, review, metrics (`--parts=lighthouse`)',
      `performance ${worst('desktop', 'performance')}, accessibility ${worst('desktop', 'accessibility')}, best practices ${worst('desktop', 'best-practices')}`,
      'performance ≥ 95, accessibility 100, best practices 100',
      yes(lighthouse.runs.filter((r) => r.profile === 'desktop').every((r) => r.targets_met)),
    ]);
    if (lighthouse.runs.some((r) => r.profile === 'mobile')) {
      summary.push([
        'Lighthouse, mobile (slow 4G, 4× CPU), lowest performance',
        String(worst('mobile', 'performance')),
        'performance ≥ 90',
        yes(lighthouse.runs.filter((r) => r.profile === 'mobile').every((r) => r.targets_met)),
      ]);
    }
  }
  if (inspection) {
    const playable = inspection.samples.filter((x) => x.file.startsWith('clip-'));
    summary.push([
      'Media inspection of one submission, sample clips (`--parts=inspection`)',
      `p50 ${Math.max(...playable.map((x) => x.p50_ms))} ms, p99 ${Math.max(...playable.map((x) => x.p99_ms))} ms (worst clip)`,
      'off the review path (the queue lists a submission at once)',
      '-',
    ]);
  }
  if (fanout) {
    for (const d of fanout.drivers) {
      summary.push([
        `Writes with ${n(d.streams)} open event streams ÷ with none, ${d.driver} (\`--parts=fanout\`)`,
        String(d.with_over_without),
        `≥ ${fanout.target.write_ratio}`,
        yes(d.with_over_without >= fanout.target.write_ratio),
      ]);
      summary.push([
        `An event to every one of the ${n(d.streams)} streams meanwhile, ${d.driver}`,
        d.delivery.p99_ms === null
          ? `p50 ${n(d.delivery.p50_ms)} ms; ${n(d.delivery.missed)} of ${n(d.delivery.probes * d.streams)} not delivered within 10 s`
          : `p50 ${n(d.delivery.p50_ms)} ms, p99 ${n(d.delivery.p99_ms)} ms`,
        `p99 ≤ ${n(fanout.target.p99_ms)} ms`,
        yes(d.delivery.p99_ms !== null && d.delivery.p99_ms <= fanout.target.p99_ms),
      ]);
    }
  }
  if (compression) {
    for (const d of compression.drivers) {
      summary.push([
        `JSON compression, 100-row list, ${d.driver} (\`--parts=compression\`)`,
        `${n(d.bytes.identity)} → ${n(d.bytes.gzip)} bytes gzip (${n(d.bytes.br)} br); req/s with gzip ÷ without ${d.gzip_over_identity}`,
        'reported',
        '-',
      ]);
    }
  }
  if (cold) {
    summary.push([
      '`npm start` on a built tree (`bench/cold-start.mjs`)',
      `${n(cold.existing_data_dir_ms.median)} ms existing database, ${n(cold.new_data_dir_ms.median)} ms new`,
      '< 5 s',
      yes(cold.new_data_dir_ms.median < 5000),
    ]);
  }
  md.push('## Summary\n');
  md.push(table(['What', 'Figure', 'Target', 'Met'], summary, 4));
  md.push('');
  // Parts are rerun alone, so their results may come from different runs: say when each was taken.
  const sources: [string, Stamped | null][] = [
    ['service.json', service],
    ['scale.json', scale],
    ['cluster.json', cluster],
    ['dashboard.json', dashboard],
    ['campaigns-list.json', list],
    ['bundle-size.json', bundle],
    ['review-decisions.json', review],
    ['lighthouse.json', lighthouse],
    ['inspection.json', inspection],
    ['compression.json', compression],
    ['fanout.json', fanout],
    ['queue.json', queue],
    ['agency.json', agency],
    ['creators-query.json', creatorsQuery],
    ['cold-start.json', cold],
  ];
  md.push(
    'Sources (in `bench/results/`): ' +
      sources
        .filter(([, r]) => r)
        .map(([name, r]) => {
          const load = r!.machine
            ? `, load average ${r!.machine.load_average_at_start[0]} when its run started`
            : '';
          return `\`${name}\` ${r!.measured_at.slice(0, 16).replace('T', ' ')} UTC${load}`;
        })
        .join('; ') +
      '.\n',
  );

  // ------------------------------------------------------------------ service
  if (service) {
    md.push(`## Service: main reads and writes

The built service (\`SEED=none\`, logging at \`warn\`) on a fresh database, with ${n(service.drivers[0]?.world.campaigns ?? 0)}
campaigns of one brand, one active campaign with ${n(service.drivers[0]?.world.posts ?? 0)} posts and
${n(service.drivers[0]?.world.inReview ?? 0)} submissions waiting in review. autocannon with ${service.settings?.connections ?? 10}
connections. Each read's baseline is **its own SQL**: the statements the service sends for it,
recorded from the domain function the route calls and replayed on the driver by as many workers
(on PostgreSQL each as a named statement, parsed and planned once per connection: the SQL at its
best; "÷ as text" is against the same statements sent as text, parsed and planned every time, as
this benchmark replayed them before [decision 0077](decisions/0077-prepared-hot-reads.md));
each write's baseline is **its own domain code** (the route's transaction without HTTP, validation
or JSON). On PostgreSQL the endpoint and its baseline alternate in ${service.settings?.postgres_rounds ?? 5} rounds; on
PGlite (one process owns the database) every endpoint is measured first, then every baseline with
the service stopped. "÷ hello" is against \`GET /healthz/live\` of the same service.

Each endpoint also has a **floor**, what any endpoint could reach on this machine: the same work
served over HTTP by a bare handler on the service's own HTTP stack (\`@hono/node-server\`'s
listener, in a process of its own like the service; \`bench/lib/floor-server.ts\`), with no
middleware, authentication, validation or framework routing. For a read the work is the same
prepared SQL the baseline replays, its rows answered as JSON; for a write, the same domain code.
"÷ floor" (target ≥ ${ENDPOINT_OVER_FLOOR_TARGET}) is what the service's own layers cost on top of HTTP and the
database: HTTP itself no longer counts against it, as it does against the baseline. On PostgreSQL the floor
is measured in the same turns as the endpoint and its baseline; on PGlite after them, with the
service stopped (the floor server owns the directory then); see
[decision 0121](decisions/0121-endpoint-floor-in-the-service-benchmark.md).
`);
    for (const d of service.drivers) {
      const hasFloor = withFloor(d.endpoints).length > 0;
      md.push(`### ${d.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`);
      md.push(
        table(
          [
            'Request',
            'req/s',
            'p50 ms',
            'p99 ms',
            'Baseline',
            'Baseline req/s',
            'Endpoint ÷ baseline',
            ...(d.driver === 'postgres' ? ['÷ as text'] : []),
            ...(hasFloor ? ['Floor req/s', 'Endpoint ÷ floor'] : []),
            'Endpoint ÷ hello',
            'CPU µs/request (service + database)',
          ],
          [
            [
              '`GET /healthz/live` (hello world)',
              n(d.hello.rps),
              d.hello.p50_ms,
              d.hello.p99_ms,
              '',
              '',
              '',
              ...(d.driver === 'postgres' ? [''] : []),
              ...(hasFloor ? ['', ''] : []),
              '',
              '',
            ],
            ...d.endpoints.map((e) => [
              `\`${e.request}\``,
              n(e.endpoint.rps),
              e.endpoint.p50_ms,
              e.endpoint.p99_ms,
              e.baseline,
              n(e.base.rps),
              e.endpoint_over_baseline >= serviceTarget(d.driver)
                ? String(e.endpoint_over_baseline)
                : `**${e.endpoint_over_baseline}**`,
              ...(d.driver === 'postgres' ? [String(e.endpoint_over_text ?? '')] : []),
              ...(hasFloor
                ? [
                    e.floor ? n(e.floor.rps) : '',
                    e.endpoint_over_floor === undefined
                      ? ''
                      : e.endpoint_over_floor >= ENDPOINT_OVER_FLOOR_TARGET
                        ? String(e.endpoint_over_floor)
                        : `**${e.endpoint_over_floor}**`,
                  ]
                : []),
              e.endpoint_over_hello,
              e.endpoint.cpu
                ? `${e.endpoint.cpu.service_us ?? '-'} + ${e.endpoint.cpu.postgres_us ?? '-'}`
                : '',
            ]),
          ],
        ),
      );
      md.push('');
      const target = serviceTarget(d.driver);
      const under = d.endpoints.filter((e) => e.endpoint_over_baseline < target);
      const hello = d.hello.cpu;
      if (under.length && d.driver === 'postgres' && hello) {
        const cheapest = d.endpoints.reduce((w, e) => (e.base.rps > w.base.rps ? e : w));
        const c = cheapest.base.cpu;
        md.push(
          `**Not met on ${d.driver}** for ${under.map((e) => `\`${e.request}\``).join(', ')}. ` +
            `Against the SQL at its best, the cheapest read (${cheapest.request}) costs ` +
            `${c ? `${c.bench_us + (c.postgres_us ?? 0)} µs of CPU in all (client and database)` : `${n(cheapest.base.rps)} req/s`}, ` +
            `while a hello world alone costs ${hello.bench_us + (hello.service_us ?? 0)} µs (load generator and service): ` +
            `to reach ${target}, HTTP, authentication, validation and JSON together would have to cost less than a hello world. ` +
            `What the service could still remove, and what it did (one statement per campaign, prepared hot reads, ` +
            `no fetch Response for uncompressed answers), is in [decision 0077](decisions/0077-prepared-hot-reads.md).\n`,
        );
      }
      const belowFloor = withFloor(d.endpoints).filter(
        (e) => e.endpoint_over_floor < ENDPOINT_OVER_FLOOR_TARGET,
      );
      if (belowFloor.length) md.push(belowFloorText(d.driver, belowFloor));
    }
    md.push(stamp(service) + '\n');
  }

  // ------------------------------------------------------------------ scale
  if (scale) {
    md.push(`## Growth with the data

Each step adds rows in bulk SQL (not measured), then measures each request for ${scale.duration_s} s beside
\`GET /healthz/live\`. "÷ first" is the request's throughput at that step over its throughput at the
first step: 1 means it does not slow down as the data grows. The metrics report's rows of \`posts\`
are counted exactly: its statements (recorded from the domain function) replayed in a transaction
and PostgreSQL's per-transaction counters of the table read.
`);
    for (const d of scale.drivers) {
      const name = d.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
      for (const [what, steps] of [
        ['campaigns of one brand', d.campaigns],
        ['posts on one campaign', d.posts],
      ] as const) {
        if (steps.length === 0) continue;
        const requests = Object.keys(steps[0]!.measures);
        md.push(`### ${name}: ${what}\n`);
        md.push(
          table(
            [
              'Request',
              ...steps.map((s) => `${n(s.size)}: req/s (p99 ms)`),
              `÷ first at ${n(steps.at(-1)!.size)}`,
            ],
            [
              ...requests.map((r) => [
                `\`${r}\``,
                ...steps.map((s) =>
                  s.measures[r]!.error || s.measures[r]!.rps === 0
                    ? '**no answer within the measure**'
                    : `${n(s.measures[r]!.rps)} (${s.measures[r]!.p99_ms})`,
                ),
                steps.at(-1)!.measures[r]!.vs_first_step,
              ]),
              ['hello world', ...steps.map((s) => n(s.hello.rps)), ''],
              ...(steps[0]!.metrics_post_rows_read
                ? [
                    [
                      'post rows one metrics report reads (by platform)',
                      ...steps.map(
                        (s) =>
                          `${s.metrics_post_rows_read?.report} (${s.metrics_post_rows_read?.by_platform})`,
                      ),
                      '',
                    ],
                  ]
                : []),
            ],
          ),
        );
        md.push('');
      }
    }
    const slow = scale.drivers.flatMap((d) =>
      [d.campaigns, d.posts].flatMap((steps) => {
        const last = steps.at(-1);
        if (!last) return [];
        return Object.entries(last.measures)
          .filter(([, m]) => m.vs_first_step < 0.5)
          .map(
            ([r, m]) =>
              `\`${r}\` on ${d.driver} (${m.vs_first_step} of its throughput at ${n(steps[0]!.size)}, at ${n(last.size)})`,
          );
      }),
    );
    if (slow.length) {
      md.push(
        `Slower than half their first step at the largest one (a read that grows with the data, or noise: compare with hello world of the same step): ${slow.join('; ')}.\n`,
      );
    }
    md.push(stamp(scale) + '\n');
  }

  // ------------------------------------------------------------------ cluster
  if (cluster) {
    const e = cluster.events;
    const l = cluster.rate_limit;
    const i = cluster.idempotency;
    md.push(`## Two service processes on one PostgreSQL

Two processes of the built service on one database (${n(cluster.campaigns)} campaigns), behind a round-robin
splitter (\`bench/lib/splitter.mjs\`, one TCP connection to each process in turn, in its own process).
The same splitter with one process behind it is the baseline, measured in turns with the pair. On a
2-core machine the pair, PostgreSQL, the splitter and autocannon share the same two cores, so two
processes cannot double the throughput here; the ratio says what a second process costs or gains
on one machine, not what a second machine would give.
`);
    md.push(
      table(
        ['Request', 'One process: req/s (p99 ms)', 'Two processes: req/s (p99 ms)', 'Two ÷ one'],
        cluster.throughput.map((t) => [
          `\`${t.request}\``,
          `${n(t.one.rps)} (${t.one.p99_ms})`,
          `${n(t.two.rps)} (${t.two.p99_ms})`,
          t.two_over_one,
        ]),
      ),
    );
    md.push(`
- **Live events**: a dashboard's stream (\`GET /2026-07/events\`) open on each process; ${e.writes} approvals sent
  to each process in turn. Seen on the first process's stream: ${e.seen_on_a}, on the second's: ${e.seen_on_b}
  (${e.delivered_to_both ? 'every event on both' : '**some missing**'}). From the write's answer to the event on the
  other process's stream: p50 ${e.latency_p50_ms} ms, max ${e.latency_max_ms} ms.
- **Rate limits**: two more processes with \`RATE_LIMIT_PER_MINUTE=${l.limit_per_minute}\`${cluster.redis ? ' and `REDIS_URL`' : ' without Redis'}; ${l.requests} requests of one
  new key to each in turn: ${l.allowed} allowed, ${l.refused_429} answered 429 ${l.shared ? '(one budget across both)' : cluster.redis ? '(**not shared**)' : '(each process counts alone without Redis)'}.
- **Idempotency**: ${i.keys} creates, each sent with one \`Idempotency-Key\` to both processes at once, then again to
  each in turn: ${i.campaigns_created} campaigns created; answers ${Object.entries(i.answers)
    .map(([k, v]) => `${v} × ${k}`)
    .join(
      ', ',
    )} (${i.held ? 'held: one original, the rest replays of it or 409 `idempotency_in_progress` while it ran' : '**broken**'}).

${stamp(cluster)}
`);
  }

  // ------------------------------------------------------------------ dashboard
  if (lighthouse) {
    md.push(`## Lighthouse

Lighthouse ${lighthouse.lighthouse} (npm; v13 needs Node 22) on Debian's Chromium against the built dashboard and service
with the demo world, signed in as the demo brand (the session stored as the dashboard stores it,
Lighthouse told to keep storage). Desktop is Lighthouse's desktop profile; mobile its default
(Moto G power class screen, slow 4G, CPU 4× slower). Scores move by a few points from run to run on
these 2-core machines, and by more when the machine is busy: read them beside the load of the run.

${table(
  [
    'Screen',
    'Profile',
    'Performance',
    'Accessibility',
    'Best practices',
    'TBT',
    'LCP',
    'Met',
    'Below 100',
  ],
  lighthouse.runs.map((r) => [
    r.screen,
    r.profile,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    `${n(r.metrics.total_blocking_time_ms)} ms`,
    `${n(r.metrics.largest_contentful_paint_ms)} ms`,
    yes(r.targets_met),
    r.failed_audits.join(', ') || '-',
  ]),
  2,
)}

${stamp(lighthouse)}
`);
  }

  if (inspection) {
    md.push(`## Media inspection

The time from a submission's arrival (through \`/ops\`, its media on a local HTTP server, as
the demo's sample media are served) until the running service answers it with its checks: the
inspection job claims it, fetches the media with the service's limits, parses it (mp4box) and checks
it against a TikTok and Instagram feed-video task, then applies the review bar (a story task would
fail the landscape and the 212 s samples). It runs in the job, never in a request: a submission is
listed in the review queue at once and reads "inspecting" until its checks arrive; a decision on it
meanwhile is refused (409 \`inspection_pending\`).

${table(
  ['Sample', 'Checks', 'Bytes', 'p50', 'p99', 'Runs'],
  inspection.samples.map((x) => [
    x.file,
    x.outcome,
    n(x.bytes),
    `${x.p50_ms} ms`,
    `${x.p99_ms} ms`,
    String(x.runs),
  ]),
  2,
)}

${stamp(inspection)}
`);
  }

  if (fanout) {
    md.push(`## Live updates at scale

One instance with ${n(fanout.drivers[0]?.streams ?? 0)} open event streams (\`GET /2026-07/events\`) of one brand, read by a
process of their own (\`bench/lib/stream-clients.mjs\`, niced: on a real deployment the dashboards are on
other machines). Writes are \`POST /2026-07/campaigns\` (one event each) with no stream open, then with the
streams open, then with none again; the ratio is against the mean of the two without. Meanwhile a
probe write every 250 ms (an application: a \`creator.applied\` event) is timed from its answer to its
arrival on each stream. Memory per stream is the service's RSS and V8 heap before and after opening
them. One poller per instance reads the outbox and hands each read's events to the streams in one
write each, at most every 100 ms, and waits after a read at least 4 times as long as handing it out
took (at most 500 ms): fan-out never runs in a writer's request ([decision 0074](decisions/0074-fan-out-in-batches.md)).
A read's frames are encoded once for all the streams of the same brands and pushed to each without
a promise or a copy per stream ([decision 0078](decisions/0078-one-delivery-per-read.md)).

${table(
  [
    'Driver',
    'Streams',
    'Opened in',
    'Writes/s, none',
    'With streams',
    'None again',
    'With ÷ without',
    'Service CPU µs/write, none → with',
    'Delivery p50',
    'p99',
    'Not delivered',
    'RSS per stream',
    'Heap per stream',
  ],
  fanout.drivers.map((d) => [
    d.driver,
    n(d.streams),
    `${n(d.open_ms)} ms`,
    n(d.writes.before.rps),
    n(d.writes.with_streams.rps),
    n(d.writes.after.rps),
    String(d.with_over_without),
    `${d.writes.before.cpu?.service_us ?? '-'} → ${d.writes.with_streams.cpu?.service_us ?? '-'}`,
    `${n(d.delivery.p50_ms)} ms`,
    d.delivery.p99_ms === null ? '-' : `${n(d.delivery.p99_ms)} ms`,
    `${n(d.delivery.missed)} of ${n(d.delivery.probes * d.streams)}`,
    `${d.memory_per_stream.rss_kb} KB`,
    `${d.memory_per_stream.heap_kb} KB`,
  ]),
)}

${fanout.drivers
  .filter(
    (d) =>
      d.with_over_without < fanout.target.write_ratio ||
      d.delivery.p99_ms === null ||
      d.delivery.p99_ms > fanout.target.p99_ms,
  )
  .map((d) => {
    const perWrite =
      (d.writes.with_streams.cpu?.service_us ?? 0) -
      ((d.writes.before.cpu?.service_us ?? 0) + (d.writes.after.cpu?.service_us ?? 0)) / 2;
    const database =
      d.writes.with_streams.cpu?.postgres_us === undefined
        ? ''
        : ` (the database's CPU per write rises too, ${n(d.writes.before.cpu?.postgres_us ?? 0)} → ${n(d.writes.with_streams.cpu.postgres_us)} µs: the kernel's share of the socket writes is charged to whichever process runs)`;
    return `**Not met on ${d.driver}**: the service spends about ${Math.round(perWrite).toLocaleString('en-US')} µs more CPU per write with the streams open${database}, and its readers read ${n(Math.round(d.bytes_read / 1e6))} MB in the run. Every write here is an event for the one brand all ${n(d.streams)} streams follow (the worst case: an event visits only its brand's streams), so every read of the outbox is ${n(d.streams)} socket writes, 12-20 µs each on this machine (user and system time) whatever their size. The service's own share is bounded (handing out takes about a fifth of its thread, decision 0074, and each read's bytes are built once, decision 0078); what the writes still lose is the kernel's work for those socket writes and the readers, on the 2 cores the writes, the load generator and the database share. Reading less often would cost every event more wait (reads are already up to 500 ms apart for the 1 s p99); on real machines more instances share the streams (each receives every event, decision 0011).`;
  })
  .join('\n\n')}

Memory per stream is the difference of two readings of the service, each after a full garbage
collection (\`bench/lib/memory-probe.mjs\`); the heap is the figure to read, RSS also moves with
what the collector gives back to the system (it can even fall).

${stamp(fanout)}
`);
  }

  if (compression) {
    md.push(`## Compressed JSON answers

JSON answers over 1 KB under \`/2026-07\` and \`/ops\` are compressed when the client accepts it
(gzip level 6, else br quality 4; [protocol conventions](api.md#protocol-conventions)). The bytes are those on the wire of
\`${compression.drivers[0]?.request ?? 'GET /2026-07/campaigns?limit=100'}\` (100 campaigns of one brand, each
with its texts, product and links); its cost is the same request with \`Accept-Encoding: gzip\` and
with \`identity\`, measured in turns in one run (${compression.settings?.postgres_rounds ?? '?'} rounds), with the service's CPU time per
request of each.

${table(
  [
    'Driver',
    'Bytes uncompressed',
    'gzip',
    'br',
    'req/s without',
    'req/s gzip',
    'gzip ÷ without',
    'Service CPU µs/request without → gzip',
  ],
  compression.drivers.map((d) => [
    d.driver,
    n(d.bytes.identity),
    `${n(d.bytes.gzip)} (${Math.round(d.gzip_ratio * 1000) / 10}%)`,
    n(d.bytes.br),
    n(d.identity.rps),
    n(d.gzip.rps),
    String(d.gzip_over_identity),
    `${d.identity.cpu?.service_us ?? '-'} → ${d.gzip.cpu?.service_us ?? '-'}`,
  ]),
)}

${stamp(compression)}
`);
  }

  if (dashboard || bundle || review) {
    md.push('## Dashboard\n');
    if (dashboard) {
      const t = dashboard.time_to_usable_ms;
      const s = dashboard.scroll;
      md.push(`The built dashboard in Debian's Chromium (headless, 1280×900), served by the built service on
${dashboard.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} with ${n(dashboard.campaigns)} campaigns of the signed-in brand.

- **Time to a usable campaign list**: from navigation start to the list's first rows rendered
  (polled every animation frame). Target: ≤ ${n(t.target_ms)} ms, the budget within which a page load
  feels immediate (RAIL). Cold cache (new context, cache cleared): median **${n(t.cold.median)} ms**
  (${t.cold.runs.map(n).join(', ')}); reload: median **${n(t.reload.median)} ms** (${t.reload.runs.map(n).join(', ')}).
- **Scrolling it**: the list scrolled 150 px per animation frame for ${s.frames} frames (${n(s.frames * 150)} px, loading
  pages of 100 as it goes). Frame time p50 ${s.p50_ms} ms, **p95 ${s.p95_ms} ms** (target ≤ ${s.target_ms} ms, one frame at 60 Hz, give or take 0.5 ms of timer jitter),
  p99 ${s.p99_ms} ms, max ${s.max_ms} ms; ${s.over_budget} of ${s.frames} frames over budget: ${s.target_met ? 'met' : '**not met**'}.

${stamp(dashboard)}
`);
    }
    if (bundle) {
      md.push(
        `- **First screen's compressed JavaScript** (\`bench/bundle-size.mjs\`): ${(bundle.first_screen.gzip_total / 1024).toFixed(1)} KB gzip for \`${bundle.first_screen.path}\`, budget ${bundle.budget_bytes / 1024} KB${bundle.first_screen_within_budget ? ': met' : '.'}`,
      );
      if (bundle.first_screen_within_budget)
        md.push(
          `  It was 174.1 KB before zod (≈ 26 KB) and the sign-in forms' zod resolver left the first screen: the session's API calls and the API client's error path import their schemas on first use, the stored session is checked by hand, and the forms' resolvers load on the first validation ([decision 0075](decisions/0075-first-screen-without-zod.md)). React DOM (≈ 55 KB), React Router (≈ 32 KB), TanStack Query and react-hook-form stay.`,
        );
      else
        md.push(
          `  Over budget by ${((bundle.first_screen.gzip_total - bundle.budget_bytes) / 1024).toFixed(1)} KB. Check the build's source maps for zod (≈ 26 KB) and the forms' zod resolver in the first screen's chunks. Decision 0075 keeps them off the first screen (schemas on first use, resolvers on first validation): look for a new static import of the contract from the entry or the sign-in screen; React DOM (≈ 55 KB) and React Router (≈ 32 KB) stay.`,
        );
    }
    if (review) {
      md.push(
        `- **Review queue, decision to next item** (\`bench/review-decisions.ts\`): median ${findNumber(review, /median/i) ?? '?'} ms, p95 ${findNumber(review, /p95/i) ?? '?'} ms${reviewCarousels(review)} (target median < 100 ms, p95 < 200 ms); see \`bench/results/review-decisions.json\`.`,
      );
    } else {
      md.push(
        '- **Review queue, decision to next item** (`bench/review-decisions.ts`): no result yet.',
      );
    }
    md.push('');
  }

  if (queue) {
    md.push(`## The review queue of a brand

\`GET /2026-07/submissions\` (the first page of 25 in review, and of every status) and
\`GET /2026-07/submissions/counts\` of one brand key, in a small world (3 active campaigns, 30 waiting)
and a large one (300 active campaigns, 30,000 in review spread unevenly: campaign i of n holds a
share that falls with i, plus a thirtieth as many failed and 30,000 decided), built in SQL, each request
measured for ${queue.duration_s} s beside \`GET /healthz/live\` of the same moment (\`--parts=queue\`). A page
reads a page of an index per status and the counts read running totals
([decision 0100](decisions/0100-brand-review-queue.md)), so "vs small" should stay near 1.

${table(
  ['Driver', 'World', 'Request', 'req/s', 'p50', 'p99', 'vs small', 'hello req/s'],
  queue.drivers.flatMap((d) =>
    d.worlds.flatMap((w) =>
      Object.entries(w.measures).map(([name, m]) => [
        d.driver,
        `${n(w.campaigns)} campaigns, ${n(w.waiting)} waiting`,
        name,
        n(m.rps),
        `${m.p50_ms} ms`,
        `${m.p99_ms} ms`,
        String(m.vs_small),
        n(w.hello.rps),
      ]),
    ),
  ),
  3,
)}

${stamp(queue)}
`);
  }

  if (agency) {
    const t = agency.targets;
    md.push(`## The dashboard at an agency client's scale

Each screen in Chromium (${agency.chromium}) against the built service and dashboard, signed in as
the agency's reviewer, in a world of ${n(agency.size.campaigns)} active campaigns and
${n(agency.size.waiting)} waiting submissions spread unevenly, with creators, posts and codes, built
in SQL through the triggers (\`--parts=agency\`,
[decision 0126](decisions/0126-agency-scale-measures.md), which defines each measure). A screen is
opened by a full load of its address, ${agency.runs_per_screen} time(s), the median; "first useful"
is the first element of the data it shows; requests are API requests until settled (nothing new
for 1 s), with all requests of the page beside them. Targets: first useful content within
${n(t.first_useful_ms.postgres)} ms on PostgreSQL and ${n(t.first_useful_ms.pglite)} ms on PGlite, at
most ${t.open_requests} API requests to open a screen, a decision's median under
${t.decision_median_ms} ms, at most ${t.requests_per_event} requests per live event.

${table(
  [
    'Driver',
    'Screen',
    'First useful',
    'API requests',
    'All requests',
    'KiB',
    'Settled',
    'Heap',
    'Met',
  ],
  agency.drivers.flatMap((d) =>
    d.screens.map((s) => [
      d.driver,
      s.screen,
      s.first_useful_ms === null ? 'over 60 s' : `${n(s.first_useful_ms)} ms`,
      n(s.api_requests),
      n(s.requests),
      n(Math.round(s.bytes / 1024)),
      s.settled_ms === null ? 'over 60 s' : `${n(s.settled_ms)} ms`,
      `${s.heap_mb} MB`,
      yes(s.met.first_useful && s.met.requests),
    ]),
  ),
  2,
)}

${table(
  [
    'Driver',
    'World',
    'Opens on the oldest',
    'Decision median (p95)',
    'Met',
    'Burst of live events',
    'Met',
  ],
  agency.drivers.map((d) => [
    d.driver,
    `${n(d.world.campaigns)} campaigns, ${n(d.world.waiting)} waiting (biggest ${n(d.world.biggest_campaign_waiting)}), ${n(d.world.posts)} posts; built in ${d.world.build_s} s`,
    yes(d.screens.find((s) => s.screen === 'Review')?.opened_on_oldest ?? false),
    d.decision.median_ms === null
      ? 'not measured'
      : `${d.decision.median_ms} ms (${d.decision.p95_ms} ms)`,
    yes(d.decision.met),
    `${d.live_burst.api_requests} API requests for ${d.live_burst.events} events in ${d.live_burst.window_ms / 1000} s`,
    yes(d.live_burst.met),
  ]),
  2,
)}

${stamp(agency)}
`);
  }
  if (creatorsQuery) {
    const c = creatorsQuery;
    md.push(`## The creators list of a campaign

\`GET /campaigns/{id}/creators\` computes each applicant's properties and targeting fit in SQL.
Its planner estimate was that of an expansion of the campaign's targeting for every creator row,
far above PostgreSQL's \`jit_above_cost\` (${n(JIT_ABOVE_COST)}), so every execution was JIT-compiled; the
targeting (and the catalogue of properties) is now expanded once per query
([decision 0120](decisions/0120-creator-fit-expanded-once.md)), and
\`server/domain/creators-query-cost.test.ts\` holds the estimate under ${n(JIT_ABOVE_COST)} on both drivers.
${n(c.world.campaigns)} campaigns, ${n(c.world.applicants)} applicants on the campaign read and ${n(c.world.applicants_of_other_campaigns)}
on each other one. How: ${c.how}.

${table(
  [
    'Read',
    'Estimate before',
    'Estimate after',
    'Before, JIT on',
    'Before, JIT off',
    'After, JIT on',
    'After, JIT off',
  ],
  c.reads.map((r) => [
    r.read,
    n(r.before.estimate),
    n(r.after.estimate),
    `${n(r.before.jit_on_ms)} ms (${r.before.jit_functions} functions compiled)`,
    `${n(r.before.jit_off_ms)} ms`,
    `${n(r.after.jit_on_ms)} ms`,
    `${n(r.after.jit_off_ms)} ms`,
  ]),
)}

After, nothing is compiled with JIT on: the estimate is under the threshold. The first page's
estimate at 50 campaigns is ${n(c.estimate_first_page_at_50_campaigns.postgres)} on PostgreSQL (${n(c.estimate_first_page_at_50_campaigns.pglite)} on PGlite)
against ${n(c.reads[0]!.after.estimate)} at ${n(c.world.campaigns)}: it does not grow with the number of campaigns.

Measured ${c.measured_at.slice(0, 16).replace('T', ' ')} UTC.
`);
  }

  md.push(`## Running the benchmarks

| Command | What it measures | Time |
|---|---|---|
| \`npm run bench\` | everything below, tables printed, \`bench/results/*.json\` and this page rewritten | ~30 min |
| \`npm run bench -- --quick\` | the same with short measures and smaller worlds; results in a temporary directory, this page unchanged | ~10 min |
| \`npm run bench -- --parts=service,scale --drivers=postgres\` | only some parts (\`service\`, \`scale\`, \`cluster\`, \`dashboard\`, \`bundle\`, \`review\`, \`campaigns-list\`, \`lighthouse\`, \`inspection\`, \`compression\`, \`fanout\`, \`queue\`, \`agency\`), on some drivers | |
| \`npm run bench -- --docs\` | only rewrite this page from \`bench/results\` | |
| \`npm run bench:campaigns\` | the campaign list alone beside its SQL (issue 3; [decision 0012](decisions/0012-benchmark-baselines.md)) | ~3 min |

The benchmarks build first when the build is older than its sources, start the built service with
\`SEED=none\` on a temporary PGlite directory and on a fresh PostgreSQL database they create and drop
(\`BENCH_PG_URL\`, default \`postgres://postgres@127.0.0.1:5432/postgres\`; PostgreSQL parts are skipped
when nothing answers there), and use Redis at \`BENCH_REDIS_URL\` (default \`redis://127.0.0.1:6379\`) for
the two-process part when it answers. Knobs: \`BENCH_DURATION\` (s per measure, 10), \`BENCH_WARMUP\` (2),
\`BENCH_ROUNDS\` (5), \`BENCH_CONNECTIONS\` (10), \`BENCH_LOG_LEVEL\` (\`warn\`), \`BENCH_SERVICE\` (another build).
Worlds are built in bulk SQL from rows made through \`/ops\` ([decision 0018](decisions/0018-benchmark-report-and-shared-rate-limits.md)).
Running them loads the whole machine for their duration: do not run them beside a test suite whose
timings matter.
`);
  // As Prettier would write it, so that formatting the tree leaves the page unchanged.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(out)) ?? {};
  writeFileSync(out, await prettier.format(md.join('\n'), { ...options, parser: 'markdown' }));
}

/** ", with 18 carousels of 2 to 6 slides in the queue" when the review result says so. */
function reviewCarousels(review: Record<string, unknown>): string {
  const settings = review.settings as
    { carousels?: number; slides_per_carousel?: string } | undefined;
  return settings?.carousels
    ? `, with ${settings.carousels} carousels of ${settings.slides_per_carousel ?? 'several'} slides in the queue`
    : '';
}
