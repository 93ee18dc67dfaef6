// The service's main reads and writes, each beside its own baseline measured in the same run:
// a read beside the very statements the service sends for it (recorded from the domain function
// the route calls, then replayed on the driver), a write beside the domain code the route runs in
// its transaction (no HTTP, no validation, no JSON), and everything beside GET /healthz/live.
// Each endpoint is also set beside its floor (bench/lib/floor-server.ts): the same prepared SQL
// (a write: the same domain code) served by a bare handler on the service's HTTP stack, what any
// endpoint could reach here; endpoint ÷ floor is what auth, validation, routing and the answer's
// shaping cost, and HTTP itself no longer counts against the service.
import { randomUUID } from 'node:crypto';
import {
  campaignListStatement,
  getCampaign,
  getCampaignRow,
} from '../../server/domain/campaigns.ts';
import { campaignMetrics } from '../../server/domain/metrics.ts';
import { listSubmissions } from '../../server/domain/submissions.ts';
import { config, round } from '../lib/config.ts';
import { approveWork, createCampaignWork, type WriteContext } from '../lib/endpoint-work.ts';
import type { Floor, FloorCases } from '../lib/floor.ts';
import { printRows } from '../lib/results.ts';
import {
  alternate,
  httpMeasure,
  loopMeasure,
  measure,
  type Figures,
  type Measure,
  type Probe,
} from '../lib/measure.ts';
import {
  openTarget,
  type DirectDb,
  type Driver,
  type Statement,
  type Target,
} from '../lib/target.ts';
import {
  addActivity,
  campaignBody,
  createBrand,
  createHotCampaign,
  createSample,
  inReviewIds,
  multiply,
  type Brand,
  type HotCampaign,
} from '../lib/world.ts';

export interface ServiceSettings {
  campaigns: number;
  posts: number;
  /** Submissions waiting in review: the approvals' supply. */
  inReview: number;
}

export interface EndpointResult {
  name: string;
  request: string;
  kind: 'read' | 'write';
  baseline: 'its SQL' | 'its domain code';
  endpoint: Figures;
  base: Figures;
  endpoint_over_baseline: number;
  endpoint_over_hello: number;
  /**
   * PostgreSQL reads: the same statements sent as text (parsed and planned at every request, as
   * this benchmark replayed them before decision 0077) and the endpoint's ratio to that.
   */
  base_text?: Figures;
  endpoint_over_text?: number;
  /**
   * The floor: the same prepared SQL (a write: the same domain code) served by a bare handler on
   * the same HTTP stack (bench/lib/floor-server.ts), and the endpoint's ratio to it. Absent in
   * results measured before the floor existed.
   */
  floor?: Figures;
  endpoint_over_floor?: number;
}

export interface ServiceDriverResult {
  driver: Driver;
  world: ServiceSettings & { seed_seconds: number };
  hello: Figures;
  endpoints: EndpointResult[];
}

export const ENDPOINT_OVER_BASELINE_TARGET = 0.5;
/** Every endpoint at 0.8 of its floor at least: what the service adds costs a fifth at most. */
export const ENDPOINT_OVER_FLOOR_TARGET = 0.8;

interface Case {
  name: string;
  request: string;
  kind: 'read' | 'write';
  http: () => Measure;
  /** The baseline on direct access to the database. */
  direct: (d: DirectDb) => Measure;
  /** PostgreSQL reads: the baseline with the statements sent as text. */
  text?: (d: DirectDb) => Measure | null;
  /** The floor server answering the same work over HTTP. */
  floor: (floor: Floor, probe: Probe) => Measure;
}

async function build(target: Target, settings: ServiceSettings) {
  const started = performance.now();
  const base = target.service().base;
  const brand = await createBrand(base);
  await createSample(base, brand.brandId, Math.min(100, settings.campaigns));
  const hot = await createHotCampaign(base, brand);
  const recorded = await target.direct(async (d) => {
    await multiply(d.query, brand.brandId, settings.campaigns);
    await addActivity(d.query, hot, 'svc', {
      creators: 200,
      inReview: settings.inReview,
      posts: settings.posts,
    });
    return recordReads(d, brand, hot);
  });
  const ids = await target.direct((d) => inReviewIds(d.query, hot.id));
  const writes: WriteContext = { brandId: brand.brandId, keyId: brand.keyId, campaignId: hot.id };
  return { brand, hot, recorded, writes, ids, seedSeconds: (performance.now() - started) / 1000 };
}

/** The statements each read sends, recorded from the domain functions its route calls. */
async function recordReads(d: DirectDb, brand: Brand, hot: HotCampaign) {
  const scope = [brand.brandId];
  const list = campaignListStatement({ scope, limit: 25 });
  return {
    list: [{ text: list.text, params: list.params }] as Statement[],
    get: await d.record((db) => getCampaign(db, hot.id, scope)),
    submissions: await d.record(async (db) => {
      await getCampaignRow(db, hot.id, scope);
      await listSubmissions(db, hot.id, { status: ['in_review'], limit: 25 });
    }),
    metrics: await d.record((db) => campaignMetrics(db, hot.id, scope)),
  };
}

/** What the floor server serves: each read's recorded statements, and whose writes. */
const floorCases = (world: Awaited<ReturnType<typeof build>>): FloorCases => ({
  reads: world.recorded,
  writes: world.writes,
});

function cases(target: Target, world: Awaited<ReturnType<typeof build>>): Case[] {
  const { brand, hot, recorded, writes } = world;
  const api = `${target.service().base}/2026-07`;
  const key = brand.key;
  const read = (name: string, statements: keyof typeof recorded, path: string): Case => ({
    name,
    request: `GET ${path.replace(hot.id, '{id}')}`,
    kind: 'read',
    http: () => httpMeasure(target.probe(), `${api}${path}`, { key }),
    direct: (d) => loopMeasure(d.probe, () => d.replay(recorded[statements])),
    text: (d) =>
      d.replayText ? loopMeasure(d.probe, () => d.replayText!(recorded[statements])) : null,
    floor: (floor, probe) => httpMeasure(probe, `${floor.base}/read/${statements}`),
  });
  // Each approval takes the next submission waiting in review, over HTTP or directly.
  let nextId = 0;
  const takeId = () => world.ids[nextId++] ?? null;
  let created = 0;
  const body = () => campaignBody(undefined, 50_000 + created++);
  return [
    read('list campaigns', 'list', '/campaigns?limit=25'),
    read('get campaign', 'get', `/campaigns/${hot.id}`),
    read(
      'list submissions',
      'submissions',
      `/campaigns/${hot.id}/submissions?status=in_review&limit=25`,
    ),
    read('metrics', 'metrics', `/campaigns/${hot.id}/metrics`),
    {
      name: 'approve submission',
      request: 'POST /campaigns/{id}/submissions/{id}/approve',
      kind: 'write',
      http: () =>
        httpMeasure(target.probe(), api, {
          key,
          method: 'POST',
          next: () => {
            const id = takeId();
            return id ? { path: `/2026-07/campaigns/${hot.id}/submissions/${id}/approve` } : null;
          },
        }),
      direct: (d) =>
        loopMeasure(d.probe, async () => {
          const id = takeId();
          if (!id) return false;
          await approveWork(d.db, writes, id);
          return true;
        }),
      floor: (floor, probe) =>
        httpMeasure(probe, floor.base, {
          method: 'POST',
          next: () => {
            const id = takeId();
            return id ? { path: `/approve/${id}` } : null;
          },
        }),
    },
    {
      name: 'create campaign',
      request: 'POST /campaigns (with Idempotency-Key)',
      kind: 'write',
      http: () =>
        httpMeasure(target.probe(), api, {
          key,
          method: 'POST',
          next: () => ({
            path: '/2026-07/campaigns',
            body: body(),
            headers: { 'Idempotency-Key': randomUUID() },
          }),
        }),
      direct: (d) => loopMeasure(d.probe, () => createCampaignWork(d.db, writes, body())),
      floor: (floor, probe) =>
        httpMeasure(probe, floor.base, {
          method: 'POST',
          next: () => ({
            path: '/campaigns',
            body: body(),
            headers: { 'Idempotency-Key': randomUUID() },
          }),
        }),
    },
  ];
}

function result(
  c: Case,
  hello: Figures,
  endpoint: Figures,
  base: Figures,
  floor: Figures,
  text?: Figures,
): EndpointResult {
  return {
    name: c.name,
    request: c.request,
    kind: c.kind,
    baseline: c.kind === 'read' ? 'its SQL' : 'its domain code',
    endpoint,
    base,
    endpoint_over_baseline: round(endpoint.rps / base.rps, 2),
    endpoint_over_hello: round(endpoint.rps / hello.rps, 3),
    ...(text ? { base_text: text, endpoint_over_text: round(endpoint.rps / text.rps, 2) } : {}),
    floor,
    endpoint_over_floor: round(endpoint.rps / floor.rps, 2),
  };
}

export async function benchServiceOn(
  driver: Driver,
  settings: ServiceSettings,
): Promise<ServiceDriverResult | null> {
  const target = await openTarget(driver);
  if (!target) return null;
  try {
    console.log(
      `service, ${driver}: ${settings.campaigns} campaigns, ${settings.posts} posts, ${settings.inReview} submissions in review`,
    );
    const world = await build(target, settings);
    const list = cases(target, world);
    console.log('  hello (GET /healthz/live) ...');
    const hello = await measure(
      httpMeasure(target.probe(), `${target.service().base}/healthz/live`),
    );
    const endpoints: EndpointResult[] = [];
    // The floor server's process (and the database's backends) for the CPU meter.
    const floorProbe = (floor: Floor): Probe => ({
      ...target.probe(),
      servicePids: [floor.pid],
    });
    if (driver === 'postgres') {
      // The endpoint, its floor and its baseline in turns, so a change of the machine's load
      // weighs on all alike.
      await target.withFloor(floorCases(world), (floor) =>
        target.direct(async (d) => {
          for (const c of list) {
            console.log(
              `  ${c.name}: endpoint, floor and baseline in turns (${config.rounds} rounds) ...`,
            );
            const text = c.text?.(d);
            const atFloor = c.floor(floor, floorProbe(floor));
            if (text) {
              const [endpoint, floorFigures, base, asText] = await alternate(
                c.http(),
                atFloor,
                c.direct(d),
                text,
              );
              endpoints.push(result(c, hello, endpoint, base, floorFigures, asText));
            } else {
              const [endpoint, floorFigures, base] = await alternate(
                c.http(),
                atFloor,
                c.direct(d),
              );
              endpoints.push(result(c, hello, endpoint, base, floorFigures));
            }
          }
        }),
      );
    } else {
      // One process owns PGlite's directory: every endpoint first, then every baseline with the
      // service stopped, then every floor (the floor server's process owning the directory).
      const measured: Figures[] = [];
      for (const c of list) {
        console.log(`  ${c.name}: endpoint ...`);
        measured.push(await measure(c.http()));
      }
      const bases: Figures[] = [];
      await target.direct(async (d) => {
        for (const c of list) {
          console.log(`  ${c.name}: baseline ...`);
          bases.push(await measure(c.direct(d)));
        }
      });
      await target.withFloor(floorCases(world), async (floor) => {
        for (const [i, c] of list.entries()) {
          console.log(`  ${c.name}: floor ...`);
          const floorFigures = await measure(c.floor(floor, floorProbe(floor)));
          endpoints.push(result(c, hello, measured[i]!, bases[i]!, floorFigures));
        }
      });
    }
    return {
      driver,
      world: { ...settings, seed_seconds: round(world.seedSeconds) },
      hello,
      endpoints,
    };
  } finally {
    await target.close();
  }
}

const cpuCell = (f: Figures) =>
  f.cpu ? [f.cpu.bench_us, f.cpu.service_us ?? '-', f.cpu.postgres_us ?? '-'].join(' + ') : '';

export function printService(results: ServiceDriverResult[]) {
  const rows: string[][] = [
    [
      'driver',
      'measure',
      'req/s',
      'p50 ms',
      'p99 ms',
      'vs baseline',
      'vs floor',
      'vs hello',
      'CPU µs/req bench+service+pg',
    ],
  ];
  for (const r of results) {
    const line = (what: string, f: Figures, vsBase = '', vsHello = '', vsFloor = '') => [
      r.driver,
      what,
      String(f.rps),
      String(f.p50_ms),
      String(f.p99_ms),
      vsBase,
      vsFloor,
      vsHello,
      cpuCell(f),
    ];
    rows.push(line('hello (GET /healthz/live)', r.hello));
    for (const e of r.endpoints) {
      rows.push(
        line(
          e.request,
          e.endpoint,
          String(e.endpoint_over_baseline),
          String(e.endpoint_over_hello),
          String(e.endpoint_over_floor ?? ''),
        ),
      );
      if (e.floor) rows.push(line('  floor (same work, bare handler)', e.floor));
      rows.push(line(`  ${e.baseline}`, e.base));
      if (e.base_text) rows.push(line(`  its SQL as text: ${e.endpoint_over_text}`, e.base_text));
    }
  }
  console.log('');
  printRows(rows);
  console.log(
    `target: every endpoint >= ${ENDPOINT_OVER_BASELINE_TARGET} x its baseline, >= ${ENDPOINT_OVER_FLOOR_TARGET} x its floor\n`,
  );
}
