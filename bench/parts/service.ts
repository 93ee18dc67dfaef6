// The service's main reads and writes, each beside its own baseline measured in the same run:
// a read beside the very statements the service sends for it (recorded from the domain function
// the route calls, then replayed on the driver), a write beside the domain code the route runs in
// its transaction (no HTTP, no validation, no JSON), and everything beside GET /healthz/live.
import { randomUUID } from 'node:crypto';
import { CampaignCreate } from '#contract/campaigns';
import {
  campaignListStatement,
  createCampaign,
  getCampaign,
  getCampaignRow,
} from '../../server/domain/campaigns.ts';
import { transaction } from '../../server/db/client.ts';
import { requestHash, runIdempotent } from '../../server/domain/idempotency.ts';
import { campaignMetrics } from '../../server/domain/metrics.ts';
import { listSubmissions, reviewSubmission } from '../../server/domain/submissions.ts';
import { config, round } from '../lib/config.ts';
import { printRows } from '../lib/results.ts';
import {
  alternate,
  httpMeasure,
  loopMeasure,
  measure,
  type Figures,
  type Measure,
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
}

export interface ServiceDriverResult {
  driver: Driver;
  world: ServiceSettings & { seed_seconds: number };
  hello: Figures;
  endpoints: EndpointResult[];
}

export const ENDPOINT_OVER_BASELINE_TARGET = 0.5;

interface Case {
  name: string;
  request: string;
  kind: 'read' | 'write';
  http: () => Measure;
  /** The baseline on direct access to the database. */
  direct: (d: DirectDb) => Measure;
  /** PostgreSQL reads: the baseline with the statements sent as text. */
  text?: (d: DirectDb) => Measure | null;
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
  return { brand, hot, recorded, ids, seedSeconds: (performance.now() - started) / 1000 };
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

function cases(target: Target, world: Awaited<ReturnType<typeof build>>): Case[] {
  const { brand, hot, recorded } = world;
  const api = `${target.service().base}/2026-07`;
  const key = brand.key;
  const read = (name: string, path: string, statements: Statement[]): Case => ({
    name,
    request: `GET ${path.replace(hot.id, '{id}')}`,
    kind: 'read',
    http: () => httpMeasure(target.probe(), `${api}${path}`, { key }),
    direct: (d) => loopMeasure(d.probe, () => d.replay(statements)),
    text: (d) => (d.replayText ? loopMeasure(d.probe, () => d.replayText!(statements)) : null),
  });
  // Each approval takes the next submission waiting in review, over HTTP or directly.
  let nextId = 0;
  const takeId = () => world.ids[nextId++] ?? null;
  let created = 0;
  const body = () => campaignBody(undefined, 50_000 + created++);
  const scope = [brand.brandId];
  return [
    read('list campaigns', '/campaigns?limit=25', recorded.list),
    read('get campaign', `/campaigns/${hot.id}`, recorded.get),
    read(
      'list submissions',
      `/campaigns/${hot.id}/submissions?status=in_review&limit=25`,
      recorded.submissions,
    ),
    read('metrics', `/campaigns/${hot.id}/metrics`, recorded.metrics),
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
          await transaction(d.db, (tx) =>
            reviewSubmission(tx, hot.id, id, scope, { to: 'approved', keyId: brand.keyId }),
          );
          return true;
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
      direct: (d) =>
        loopMeasure(d.probe, async () => {
          const raw = body();
          const parsed = CampaignCreate.parse(raw);
          const { brand_id: _, ...rest } = parsed;
          await runIdempotent(
            d.db,
            {
              apiKeyId: brand.keyId,
              key: randomUUID(),
              hash: requestHash('POST', '/campaigns', raw),
              now: new Date(),
            },
            async (tx) => ({
              status: 201,
              body: await createCampaign(tx, { brandId: brand.brandId, body: rest }),
            }),
          );
        }),
    },
  ];
}

function result(
  c: Case,
  hello: Figures,
  endpoint: Figures,
  base: Figures,
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
    if (driver === 'postgres') {
      // The endpoint and its baseline in turns, so a change of the machine's load weighs on both.
      await target.direct(async (d) => {
        for (const c of list) {
          console.log(`  ${c.name}: endpoint and baseline in turns (${config.rounds} rounds) ...`);
          const text = c.text?.(d);
          if (text) {
            const [endpoint, base, asText] = await alternate(c.http(), c.direct(d), text);
            endpoints.push(result(c, hello, endpoint, base, asText));
          } else {
            const [endpoint, base] = await alternate(c.http(), c.direct(d));
            endpoints.push(result(c, hello, endpoint, base));
          }
        }
      });
    } else {
      // One process owns PGlite's directory: every endpoint first, then every baseline.
      const measured: Figures[] = [];
      for (const c of list) {
        console.log(`  ${c.name}: endpoint ...`);
        measured.push(await measure(c.http()));
      }
      await target.direct(async (d) => {
        for (const [i, c] of list.entries()) {
          console.log(`  ${c.name}: baseline ...`);
          endpoints.push(result(c, hello, measured[i]!, await measure(c.direct(d))));
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
      'vs hello',
      'CPU µs/req bench+service+pg',
    ],
  ];
  for (const r of results) {
    const line = (what: string, f: Figures, vsBase = '', vsHello = '') => [
      r.driver,
      what,
      String(f.rps),
      String(f.p50_ms),
      String(f.p99_ms),
      vsBase,
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
        ),
      );
      rows.push(line(`  ${e.baseline}`, e.base));
      if (e.base_text) rows.push(line(`  its SQL as text: ${e.endpoint_over_text}`, e.base_text));
    }
  }
  console.log('');
  printRows(rows);
  console.log(`target: every endpoint >= ${ENDPOINT_OVER_BASELINE_TARGET} x its baseline\n`);
}
