// Two service processes on one PostgreSQL database: throughput through a round-robin splitter
// with one and with two behind it; live events written on either reaching a dashboard connected to
// each; one rate-limit budget per key across both (shared in Redis when one answers at
// BENCH_REDIS_URL, else counted by each process: reported as such); idempotency across both.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { redisAnswers } from '../lib/redis.ts';
import { config, quantile, round, sleep } from '../lib/config.ts';
import { alternate, httpMeasure, type Figures } from '../lib/measure.ts';
import { createTempDatabase, postgresAnswers } from '../lib/postgres.ts';
import { printRows } from '../lib/results.ts';
import { freePort, startService, type Service } from '../lib/service.ts';
import {
  addActivity,
  campaignBody,
  createBrand,
  createHotCampaign,
  createSample,
  inReviewIds,
  multiply,
  type Query,
} from '../lib/world.ts';
import pg from 'pg';

export interface ClusterResult {
  campaigns: number;
  redis: boolean;
  throughput: {
    request: string;
    one: Figures;
    two: Figures;
    two_over_one: number;
  }[];
  events: {
    writes: number;
    /** Events of the writes seen on each process's stream. */
    seen_on_a: number;
    seen_on_b: number;
    delivered_to_both: boolean;
    /** From the write's answer to the event on the stream of the other process. */
    latency_p50_ms: number;
    latency_max_ms: number;
  };
  rate_limit: {
    limit_per_minute: number;
    requests: number;
    allowed: number;
    refused_429: number;
    /** One budget across both processes: exactly `limit_per_minute` allowed. */
    shared: boolean;
  };
  idempotency: {
    keys: number;
    /** Every key made exactly one campaign, and every answer was its original or a replay of it. */
    held: boolean;
    campaigns_created: number;
    answers: Record<string, number>;
    /** What broke it, when it did not hold. */
    problems: string[];
  };
}

interface Splitter {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

async function startSplitter(backends: Service[]): Promise<Splitter> {
  const port = await freePort();
  const script = fileURLToPath(new URL('../lib/splitter.mjs', import.meta.url));
  const child = spawn(
    process.execPath,
    [script, String(port), ...backends.map((b) => String(b.port))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the splitter exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface SeenEvent {
  id: string;
  type: string;
  at: number;
}

/** A dashboard's event stream: every event's resource id, kind and arrival time. */
function openStream(base: string, key: string) {
  const seen: SeenEvent[] = [];
  const abort = new AbortController();
  const ready = (async () => {
    const res = await fetch(`${base}/2026-07/events`, {
      headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!res.ok || !res.body) throw new Error(`GET /2026-07/events answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('');
            if (!data) continue;
            const event = JSON.parse(data) as { id: string; type: string };
            seen.push({ id: event.id, type: event.type, at: performance.now() });
          }
        }
      } catch {
        // aborted
      }
    })();
  })();
  return { seen, ready, close: () => abort.abort() };
}

async function statusOf(url: string, init: RequestInit) {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, replay: res.headers.get('Idempotent-Replay'), text };
}

export async function benchCluster(quick: boolean): Promise<ClusterResult | null> {
  if (!(await postgresAnswers(config.pgUrl))) {
    console.log(`cluster: skipped (no PostgreSQL at ${config.pgUrl})`);
    return null;
  }
  const redis = await redisAnswers(config.redisUrl);
  const redisEnv = { REDIS_URL: redis ? config.redisUrl : '' };
  const campaigns = quick ? 1_000 : 10_000;
  console.log(
    `cluster: two processes on one PostgreSQL${redis ? ', rate limits in Redis' : ', no Redis (limits per process)'}`,
  );
  const temp = await createTempDatabase(config.pgUrl);
  const pool = new pg.Pool({ connectionString: temp.url, max: 2 });
  pool.on('error', () => {});
  const query: Query = (text, params) => pool.query(text, params);
  const env = { DATABASE_URL: temp.url, DATA_DIR: 'memory', ...redisEnv };
  const services: Service[] = [];
  const stoppers: (() => Promise<void>)[] = [];
  try {
    const a = await startService(env);
    services.push(a);
    const b = await startService(env);
    services.push(b);
    const brand = await createBrand(a.base);
    await createSample(a.base, brand.brandId, 100);
    await multiply(query, brand.brandId, campaigns);
    const hot = await createHotCampaign(b.base, brand);
    await addActivity(query, hot, 'cluster', { creators: 50, inReview: 200 });

    // Throughput: the same splitter with one process behind it, then two, in turns.
    const one = await startSplitter([a]);
    stoppers.push(one.stop);
    const two = await startSplitter([a, b]);
    stoppers.push(two.stop);
    const throughput: ClusterResult['throughput'] = [];
    for (const path of ['/campaigns?limit=25', `/campaigns/${hot.id}`]) {
      const request = `GET ${path.replace(hot.id, '{id}')}`;
      console.log(`  ${request}: one process, then two, in turns (${config.rounds} rounds) ...`);
      const [f1, f2] = await alternate(
        httpMeasure(
          { servicePids: [a.pid, one.pid], database: temp.name },
          `${one.base}/2026-07${path}`,
          { key: brand.key },
        ),
        httpMeasure(
          { servicePids: [a.pid, b.pid, two.pid], database: temp.name },
          `${two.base}/2026-07${path}`,
          {
            key: brand.key,
          },
        ),
      );
      throughput.push({ request, one: f1, two: f2, two_over_one: round(f2.rps / f1.rps, 2) });
    }

    // Live events: a stream on each process; approvals sent to each in turn.
    console.log('  live events: a stream on each process, approvals on each in turn ...');
    const streams = [openStream(a.base, brand.key), openStream(b.base, brand.key)];
    await Promise.all(streams.map((s) => s.ready));
    await sleep(500);
    const ids = (await inReviewIds(query, hot.id)).slice(0, quick ? 20 : 60);
    const answered = new Map<string, { at: number; on: 0 | 1 }>();
    for (const [i, id] of ids.entries()) {
      const on = (i % 2) as 0 | 1;
      const res = await fetch(
        `${services[on]!.base}/2026-07/campaigns/${hot.id}/submissions/${id}/approve`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${brand.key}` },
        },
      );
      if (res.status !== 200)
        throw new Error(`approve answered ${res.status}: ${await res.text()}`);
      answered.set(id, { at: performance.now(), on });
    }
    const arrived = (s: ReturnType<typeof openStream>, id: string) =>
      s.seen.find((e) => e.id === id && e.type === 'submission.updated');
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && !ids.every((id) => streams.every((s) => arrived(s, id))))
      await sleep(50);
    const latencies = ids
      .map((id) => {
        const w = answered.get(id)!;
        const other = arrived(streams[1 - w.on]!, id);
        return other ? Math.max(0, other.at - w.at) : null;
      })
      .filter((l): l is number => l !== null)
      .sort((x, y) => x - y);
    for (const s of streams) s.close();
    const seenOn = (s: ReturnType<typeof openStream>) => ids.filter((id) => arrived(s, id)).length;
    const events: ClusterResult['events'] = {
      writes: ids.length,
      seen_on_a: seenOn(streams[0]!),
      seen_on_b: seenOn(streams[1]!),
      delivered_to_both: ids.every((id) => streams.every((s) => arrived(s, id))),
      latency_p50_ms: round(quantile(latencies, 0.5)),
      latency_max_ms: round(latencies.at(-1) ?? 0),
    };

    // Idempotency: the same create sent to both processes at once, then again to each in turn.
    console.log('  idempotency: one key sent to both processes at once, then to each again ...');
    const keys = quick ? 5 : 20;
    const answers: Record<string, number> = {};
    const problems: string[] = [];
    const runTag = randomUUID().slice(0, 8);
    for (let i = 0; i < keys; i++) {
      const body = { ...campaignBody(undefined, i), name: `Idempotent ${runTag} ${i}` };
      const init: RequestInit = {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${brand.key}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': `bench-${runTag}-${i}`,
        },
        body: JSON.stringify(body),
      };
      const first = await Promise.all([
        statusOf(`${a.base}/2026-07/campaigns`, init),
        statusOf(`${b.base}/2026-07/campaigns`, init),
      ]);
      // A retry after the answer, to each process in turn.
      const again = [
        await statusOf(`${a.base}/2026-07/campaigns`, init),
        await statusOf(`${b.base}/2026-07/campaigns`, init),
      ];
      for (const r of [...first, ...again]) {
        const label = `${r.status}${r.status === 201 ? ` replay=${r.replay}` : ''}`;
        answers[label] = (answers[label] ?? 0) + 1;
      }
      const created = first.filter((r) => r.status === 201 && r.replay === 'false');
      const ids = new Set(
        [...first, ...again]
          .filter((r) => r.status === 201)
          .map((r) => (JSON.parse(r.text) as { id: string }).id),
      );
      const okFirst = first.every(
        (r) => r.status === 201 || (r.status === 409 && r.text.includes('idempotency_in_progress')),
      );
      const show = (rs: { status: number; replay: string | null; text: string }[]) =>
        rs.map((r) => `${r.status} ${r.replay} ${r.text.slice(0, 120)}`).join(' | ');
      if (created.length !== 1)
        problems.push(`key ${i}: ${created.length} original answers: ${show(first)}`);
      if (ids.size !== 1) problems.push(`key ${i}: ${ids.size} campaign ids in the answers`);
      if (!okFirst) problems.push(`key ${i}: unexpected answer at once: ${show(first)}`);
      if (!again.every((r) => r.status === 201 && r.replay === 'true')) {
        problems.push(`key ${i}: repeat not replayed: ${show(again)}`);
      }
    }
    const count = (await query(`select count(*)::int as n from campaigns where name like $1`, [
      `Idempotent ${runTag} %`,
    ])) as {
      rows: { n: number }[];
    };
    const idempotency = {
      keys,
      held: problems.length === 0 && count.rows[0]!.n === keys,
      campaigns_created: count.rows[0]!.n,
      answers,
      problems,
    };

    // Rate limits: two more processes with a small limit; one new key's requests to each in turn.
    const limit = 60;
    console.log(`  rate limits: ${limit} per minute, requests to both processes in turn ...`);
    const limited = [
      await startService({ ...env, RATE_LIMIT_PER_MINUTE: String(limit) }),
      await startService({ ...env, RATE_LIMIT_PER_MINUTE: String(limit) }),
    ];
    services.push(...limited);
    const fresh = await createBrand(a.base, 'Rate-limited brand');
    // A fixed window: do not start within 5 s of its end.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await sleep(60_000 - intoMinute + 100);
    const requests = limit + 40;
    const statuses: number[] = [];
    for (let i = 0; i < requests; i++) {
      const res = await fetch(`${limited[i % 2]!.base}/2026-07/me`, {
        headers: { Authorization: `Bearer ${fresh.key}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    const allowed = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    return {
      campaigns,
      redis,
      throughput,
      events,
      rate_limit: {
        limit_per_minute: limit,
        requests,
        allowed,
        refused_429: refused,
        shared: allowed === limit && refused === requests - limit,
      },
      idempotency,
    };
  } finally {
    for (const stop of stoppers) await stop();
    for (const s of services) await s.stop();
    await pool.end();
    await temp.drop();
  }
}

export function printCluster(r: ClusterResult) {
  const rows: string[][] = [['cluster', 'measure', 'req/s', 'p50 ms', 'p99 ms', 'two ÷ one']];
  for (const t of r.throughput) {
    rows.push([
      'one process',
      t.request,
      String(t.one.rps),
      String(t.one.p50_ms),
      String(t.one.p99_ms),
      '',
    ]);
    rows.push([
      'two processes',
      t.request,
      String(t.two.rps),
      String(t.two.p50_ms),
      String(t.two.p99_ms),
      String(t.two_over_one),
    ]);
  }
  console.log('');
  printRows(rows);
  const e = r.events;
  console.log(
    `live events: ${e.writes} approvals on both processes in turn; seen on A ${e.seen_on_a}, on B ${e.seen_on_b}` +
      ` (${e.delivered_to_both ? 'every event on both' : 'SOME MISSING'}); to the other process p50 ${e.latency_p50_ms} ms, max ${e.latency_max_ms} ms`,
  );
  const l = r.rate_limit;
  console.log(
    `rate limit ${l.limit_per_minute}/min, ${l.requests} requests to both in turn: ${l.allowed} allowed, ${l.refused_429} answered 429` +
      ` (${l.shared ? 'one budget across both' : r.redis ? 'NOT SHARED' : 'each process counts alone: no Redis'})`,
  );
  const i = r.idempotency;
  console.log(
    `idempotency: ${i.keys} keys each sent to both at once then again: ${i.campaigns_created} campaigns created;` +
      ` answers ${JSON.stringify(i.answers)} (${i.held ? 'held' : 'BROKEN'})\n`,
  );
  for (const p of i.problems) console.log(`  ${p}`);
}
