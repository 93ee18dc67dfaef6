// How the reads grow with the data: the campaign list and a campaign from 1,000 to 100,000
// campaigns of one brand, and a campaign's posts, creators, submissions and metrics report from 10
// to 100,000 posts. Each step is measured beside GET /healthz/live of the same moment; on
// both drivers the rows of `posts` that one metrics report reads are counted exactly (its recorded
// statements replayed in a transaction, with PostgreSQL's per-transaction table counters), which
// shows // whether the metrics report keeps to its running totals.
import { campaignMetrics } from '../../server/domain/metrics.ts';
import { config, round } from '../lib/config.ts';
import { httpMeasure, measure, type Figures } from '../lib/measure.ts';
import { printRows } from '../lib/results.ts';
import { openTarget, type DirectDb, type Driver, type Target } from '../lib/target.ts';
import {
  addActivity,
  campaignCursorAfter,
  createBrand,
  createHotCampaign,
  createSample,
  multiply,
} from '../lib/world.ts';

export interface ScaleMeasure extends Figures {
  /** rps at this step ÷ rps at the first step. */
  vs_first_step: number;
  /** Why the measure failed: errors, timeouts (10 s), or no answer at all within the measure. */
  error?: string;
}

const FAILED: Figures = { requests: 0, rps: 0, p50_ms: 0, p99_ms: 0, max_ms: 0 };

export interface ScaleStep {
  size: number;
  hello: Figures;
  measures: Record<string, ScaleMeasure>;
  /** Rows of `posts` one metrics report reads (without and with group_by=platform). */
  metrics_post_rows_read?: { report: number; by_platform: number };
}

export interface ScaleDriverResult {
  driver: Driver;
  campaigns: ScaleStep[];
  posts: ScaleStep[];
}

export interface ScaleResult {
  duration_s: number;
  drivers: ScaleDriverResult[];
}

/** Rows of `posts` the statements of `fn` read (returned by scans and fetched by index). */
async function postRowsRead(d: DirectDb, fn: Parameters<DirectDb['record']>[0]): Promise<number> {
  const statements = await d.record(fn);
  return d.session(async (query) => {
    await query('begin');
    try {
      for (const st of statements) await query(st.text, st.params);
      const r = (await query(
        `select pg_stat_get_xact_tuples_returned('posts'::regclass) + pg_stat_get_xact_tuples_fetched('posts'::regclass) as n`,
      )) as { rows: { n: string | number }[] };
      return Number(r.rows[0]?.n ?? 0);
    } finally {
      await query('rollback');
    }
  });
}

async function step(
  target: Target,
  size: number,
  urls: Record<string, string>,
  key: string,
  seconds: number,
  first: ScaleStep | undefined,
): Promise<ScaleStep> {
  const hello = await measure(
    httpMeasure(target.probe(), `${target.service().base}/healthz/live`),
    seconds,
  );
  const measures: Record<string, ScaleMeasure> = {};
  for (const [name, url] of Object.entries(urls)) {
    console.log(`    ${name} ...`);
    let error: string | undefined;
    const f = await measure(httpMeasure(target.probe(), url, { key }), seconds).catch(
      (err: unknown) => {
        error = err instanceof Error ? err.message : String(err);
        console.warn(`    ${name}: ${error}`);
        return FAILED;
      },
    );
    if (!error && f.requests === 0) error = `no answer within the ${seconds} s measure`;
    const base = first?.measures[name];
    measures[name] = {
      ...f,
      vs_first_step: base?.rps ? round(f.rps / base.rps, 2) : 1,
      ...(error ? { error } : {}),
    };
  }
  return { size, hello, measures };
}

async function scaleOn(driver: Driver, quick: boolean): Promise<ScaleDriverResult | null> {
  const target = await openTarget(driver);
  if (!target) return null;
  const seconds = quick ? 1 : Math.max(2, Math.round(config.duration / 2));
  const campaignSteps = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
  const postSteps = quick ? [10, 1_000, 10_000] : [10, 1_000, 100_000];
  try {
    const base = target.service().base;
    const brand = await createBrand(base);
    await createSample(base, brand.brandId, 100);
    const hot = await createHotCampaign(base, brand);
    const api = () => `${target.service().base}/2026-07`;

    const campaigns: ScaleStep[] = [];
    for (const size of campaignSteps) {
      console.log(`scale, ${driver}: ${size} campaigns`);
      await target.direct((d) => multiply(d.query, brand.brandId, size));
      const half = await campaignCursorAfter(
        target.service().base,
        brand.key,
        Math.floor(size / 2),
      );
      const urls = {
        'GET /campaigns (first page)': `${api()}/campaigns?limit=25`,
        'GET /campaigns (page in the middle)': `${api()}/campaigns?limit=25&starting_after=${encodeURIComponent(half.cursor)}`,
        'GET /campaigns/{id}': `${api()}/campaigns/${hot.id}`,
      };
      campaigns.push(await step(target, size, urls, brand.key, seconds, campaigns[0]));
    }

    const posts: ScaleStep[] = [];
    let have = 0;
    for (const size of postSteps) {
      console.log(`scale, ${driver}: ${size} posts on one campaign`);
      await target.direct((d) =>
        addActivity(d.query, hot, 'scale', {
          creators: Math.min(1_000, size),
          posts: size - have,
          inReview: Math.ceil((size - have) / 10),
        }),
      );
      have = size;
      const urls = {
        'GET /campaigns/{id}/metrics': `${api()}/campaigns/${hot.id}/metrics`,
        'GET /campaigns/{id}/metrics?group_by=platform': `${api()}/campaigns/${hot.id}/metrics?group_by=platform`,
        'GET /campaigns/{id}/posts': `${api()}/campaigns/${hot.id}/posts?limit=25`,
        'GET /campaigns/{id}/creators': `${api()}/campaigns/${hot.id}/creators?limit=25`,
        'GET /campaigns/{id}/submissions?status=in_review': `${api()}/campaigns/${hot.id}/submissions?status=in_review&limit=25`,
      };
      const measured = await step(target, size, urls, brand.key, seconds, posts[0]);
      const scope = [brand.brandId];
      measured.metrics_post_rows_read = await target.direct(async (d) => ({
        report: await postRowsRead(d, (db) => campaignMetrics(db, hot.id, scope)),
        by_platform: await postRowsRead(d, (db) => campaignMetrics(db, hot.id, scope, 'platform')),
      }));
      posts.push(measured);
    }
    return { driver, campaigns, posts };
  } finally {
    await target.close();
  }
}

export async function benchScale(drivers: Driver[], quick: boolean): Promise<ScaleResult> {
  const results: ScaleDriverResult[] = [];
  for (const driver of drivers) {
    const r = await scaleOn(driver, quick);
    if (r) results.push(r);
  }
  return { duration_s: quick ? 1 : Math.max(2, Math.round(config.duration / 2)), drivers: results };
}

export function printScale(r: ScaleResult) {
  for (const d of r.drivers) {
    for (const [what, steps] of [
      ['campaigns', d.campaigns],
      ['posts', d.posts],
    ] as const) {
      const rows: string[][] = [
        [`${d.driver}: ${what}`, 'measure', 'req/s', 'p50 ms', 'p99 ms', 'vs first', 'hello req/s'],
      ];
      for (const s of steps) {
        for (const [name, m] of Object.entries(s.measures)) {
          rows.push([
            String(s.size),
            name,
            String(m.rps),
            String(m.p50_ms),
            String(m.p99_ms),
            String(m.vs_first_step),
            String(s.hello.rps),
          ]);
        }
        const read = s.metrics_post_rows_read;
        if (read) {
          rows.push([
            String(s.size),
            `  post rows one metrics report reads: ${read.report} (by platform: ${read.by_platform})`,
          ]);
        }
      }
      console.log('');
      printRows(rows);
    }
  }
  console.log('');
}
