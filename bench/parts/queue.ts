// The review queue of a brand (docs/api.md#review-queue, docs/decisions/0100): GET /submissions
// (first page of what is in review) and GET /submissions/counts in a small world (3 active
// campaigns, 30 waiting) and a large one (300 active campaigns, 30,000 waiting spread unevenly,
// 1,000 failed and 30,000 decided), each measured beside GET /healthz/live of the same moment.
// The worlds are built in SQL (the running totals by their triggers); building is not measured.
import { config, round } from '../lib/config.ts';
import { httpMeasure, measure, type Figures } from '../lib/measure.ts';
import { printRows } from '../lib/results.ts';
import { openTarget, type Driver } from '../lib/target.ts';
import { createBrand, createHotCampaign, type Query } from '../lib/world.ts';

export interface QueueWorld {
  campaigns: number;
  waiting: number;
  hello: Figures;
  measures: Record<string, Figures & { vs_small: number }>;
}

export interface QueueDriverResult {
  driver: Driver;
  worlds: QueueWorld[];
}

export interface QueueResult {
  duration_s: number;
  drivers: QueueDriverResult[];
}

const INSPECTED = JSON.stringify([{ name: 'playable', outcome: 'pass', detail: 'Plays' }]);

/**
 * Grows the brand to `campaigns` active campaigns (copies of the hot one) and adds submissions:
 * `waiting` in review, a thirtieth of it failed, as many decided; campaign i gets a share that
 * falls with i (a few campaigns hold most of the queue).
 */
async function grow(
  query: Query,
  brandId: string,
  hotId: string,
  taskId: string,
  campaigns: number,
  waiting: number,
) {
  await query(
    `insert into campaigns select (copy).* from (
       select jsonb_populate_record(c, jsonb_build_object(
         'id', gen_random_uuid(), 'name', c.name || ' (copy ' || g || ')')) as copy
       from campaigns c cross join generate_series(1, $2::int) g where c.id = $1) as copies`,
    [hotId, campaigns - 1],
  );
  await query(
    `insert into creators (id, username)
     select 'cr_queue_' || g, 'queue_creator_' || g from generate_series(1, 1000) g
     on conflict do nothing`,
  );
  const ids = (await query(
    `select array_agg(id order by id)::text as ids from campaigns where brand_id = $1`,
    [brandId],
  )) as { rows: { ids: string }[] };
  const add = (count: number, status: string) =>
    query(
      `insert into submissions (campaign_id, brand_id, task_id, creator_id, status, media_type,
         media_url, thumbnail_url, checks, submitted_at, reviewed_at)
       select ($1::uuid[])[1 + floor(array_length($1::uuid[], 1) * power(random(), 3))::int],
         $2::uuid, $3::uuid, 'cr_queue_' || (1 + g % 1000), $5::submission_status, 'video',
         'https://cdn.example.com/q/' || g || '.mp4', 'https://cdn.example.com/q/' || g || '.jpg',
         $6::jsonb, now() - random() * interval '30 days',
         case when $5 in ('approved', 'rejected') then now() end
       from generate_series(1, $4::int) g`,
      [ids.rows[0]!.ids, brandId, taskId, count, status, INSPECTED],
    );
  await add(waiting, 'in_review');
  await add(Math.ceil(waiting / 30), 'failed');
  await add(waiting, 'approved');
  await query('vacuum analyze');
}

async function queueOn(driver: Driver, quick: boolean): Promise<QueueDriverResult | null> {
  const target = await openTarget(driver);
  if (!target) return null;
  const seconds = quick ? 1 : Math.max(2, Math.round(config.duration / 2));
  try {
    const base = target.service().base;
    const brand = await createBrand(base, 'Queue brand');
    const hot = await createHotCampaign(base, brand);
    const worlds: QueueWorld[] = [];
    let have = { campaigns: 1, waiting: 0 };
    for (const size of [
      { campaigns: 3, waiting: 30 },
      { campaigns: 300, waiting: quick ? 3_000 : 30_000 },
    ]) {
      console.log(`queue, ${driver}: ${size.campaigns} campaigns, ${size.waiting} waiting`);
      await target.direct((d) =>
        grow(
          d.query,
          brand.brandId,
          hot.id,
          hot.taskIds[0]!,
          size.campaigns - have.campaigns + 1,
          size.waiting - have.waiting,
        ),
      );
      have = size;
      const api = `${target.service().base}/2026-07`;
      const urls = {
        'GET /submissions?status=in_review (first page)': `${api}/submissions?status=in_review&limit=25`,
        'GET /submissions (first page, every status)': `${api}/submissions?limit=25`,
        'GET /submissions/counts': `${api}/submissions/counts`,
      };
      const hello = await measure(
        httpMeasure(target.probe(), `${target.service().base}/healthz/live`),
        seconds,
      );
      const measures: QueueWorld['measures'] = {};
      for (const [name, url] of Object.entries(urls)) {
        console.log(`    ${name} ...`);
        const f = await measure(httpMeasure(target.probe(), url, { key: brand.key }), seconds);
        const small = worlds[0]?.measures[name];
        measures[name] = { ...f, vs_small: small?.rps ? round(f.rps / small.rps, 2) : 1 };
      }
      worlds.push({ ...size, hello, measures });
    }
    return { driver, worlds };
  } finally {
    await target.close();
  }
}

export async function benchQueue(drivers: Driver[], quick: boolean): Promise<QueueResult> {
  const results: QueueDriverResult[] = [];
  for (const driver of drivers) {
    const r = await queueOn(driver, quick);
    if (r) results.push(r);
  }
  return { duration_s: quick ? 1 : Math.max(2, Math.round(config.duration / 2)), drivers: results };
}

export function printQueue(r: QueueResult) {
  for (const d of r.drivers) {
    const rows: string[][] = [
      [`${d.driver}: world`, 'measure', 'req/s', 'p50 ms', 'p99 ms', 'vs small', 'hello req/s'],
    ];
    for (const w of d.worlds) {
      for (const [name, m] of Object.entries(w.measures)) {
        rows.push([
          `${w.campaigns} campaigns, ${w.waiting} waiting`,
          name,
          String(m.rps),
          String(m.p50_ms),
          String(m.p99_ms),
          String(m.vs_small),
          String(w.hello.rps),
        ]);
      }
    }
    console.log('');
    printRows(rows);
  }
  console.log('');
}
