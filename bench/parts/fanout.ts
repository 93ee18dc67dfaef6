// Live updates at scale (issue 15): one instance with N open event streams (GET /2026-07/events,
// 5,000; 500 in quick mode), all of one brand, as N dashboards would hold them. Measured in one run:
//   - writes/s (POST /2026-07/campaigns, each one event for the brand) with no stream open, then
//     with the N streams open, then again with none (the baseline is the mean of the two);
//   - delivery: during the writes with streams, a probe write every 250 ms (an application, whose
//     `creator.applied` event the streams' reader watches for); from the probe's answer to its
//     event on each stream, p50/p99 over every (probe, stream), and the deliveries missed;
//   - memory per stream: the service's RSS and V8 heap before and after opening the streams.
// The streams are read by a process of their own (bench/lib/stream-clients.mjs).
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { config, quantile, round, sleep } from '../lib/config.ts';
import { httpMeasure, measure, type Figures } from '../lib/measure.ts';
import { printRows } from '../lib/results.ts';
import { call } from '../lib/service.ts';
import { openTarget, type Driver } from '../lib/target.ts';
import { campaignBody, createBrand, createHotCampaign } from '../lib/world.ts';

/** Streams one credential may hold (server/domain/streams.ts). */
const STREAMS_PER_KEY = 10;
const PROBE_EVERY_MS = 250;

export interface FanoutDriverResult {
  driver: Driver;
  streams: number;
  open_ms: number;
  writes: { before: Figures; with_streams: Figures; after: Figures };
  /** Writes/s with the streams open ÷ the mean of before and after. */
  with_over_without: number;
  delivery: {
    probes: number;
    deliveries: number;
    missed: number;
    p50_ms: number;
    /** Null when more than 1% of the deliveries never came. */
    p99_ms: number | null;
    max_ms: number;
  };
  memory_per_stream: { rss_kb: number; heap_kb: number };
  /** Bytes the streams read during the run (all frames, heartbeats included). */
  bytes_read: number;
}

export interface FanoutResult {
  target: { write_ratio: number; p99_ms: number };
  drivers: FanoutDriverResult[];
}

interface Memory {
  rss: number;
  heapUsed: number;
}

type ClientMessage =
  | { type: 'opened'; open: number; ms: number }
  | { type: 'report'; seen: Record<string, number[]>; open: number; bytes: number }
  | { type: 'closed' }
  | { type: 'error'; message: string };

function clients() {
  const script = fileURLToPath(new URL('../lib/stream-clients.mjs', import.meta.url));
  const child: ChildProcess = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // The readers stand for dashboards on other machines: on this one they must not take the
  // service's CPU (they are niced; their arrival times may then lag, which counts against us).
  try {
    setPriority(child.pid!, 10);
  } catch {
    // not allowed here: measured at the same priority
  }
  const ask = <T extends ClientMessage['type']>(message: object, answer: T) =>
    new Promise<Extract<ClientMessage, { type: T }>>((resolve, reject) => {
      const on = (m: ClientMessage) => {
        if (m.type === 'error') reject(new Error(m.message));
        else if (m.type === answer) resolve(m as Extract<ClientMessage, { type: T }>);
        else return;
        child.off('message', on);
      };
      child.on('message', on);
      child.send(message);
    });
  return { child, ask };
}

export async function benchFanout(drivers: Driver[], quick: boolean): Promise<FanoutResult> {
  const count = Number(process.env.BENCH_STREAMS ?? (quick ? 500 : 5_000));
  const results: FanoutDriverResult[] = [];
  const preload = fileURLToPath(new URL('../lib/memory-probe.mjs', import.meta.url));
  for (const driver of drivers) {
    const memoryFile = join(tmpdir(), `cc-bench-memory-${process.pid}-${driver}.json`);
    const target = await openTarget(driver, {
      NODE_OPTIONS:
        `${process.env.BENCH_SERVICE_NODE_OPTIONS ?? ''} --import ${pathToFileURL(preload).href}`.trim(),
      BENCH_MEMORY_FILE: memoryFile,
      ...(process.env.BENCH_CPU_PROF
        ? { BENCH_CPU_PROF: `${process.env.BENCH_CPU_PROF}.${driver}.cpuprofile` }
        : {}),
    });
    if (!target) continue;
    const memory = async (): Promise<Memory> => {
      rmSync(memoryFile, { force: true });
      process.kill(target.service().pid, 'SIGUSR2');
      for (let i = 0; i < 100; i++) {
        await sleep(20);
        try {
          return JSON.parse(readFileSync(memoryFile, 'utf8')) as Memory;
        } catch {
          // not written yet
        }
      }
      throw new Error('the service did not report its memory');
    };
    const { child, ask } = clients();
    try {
      const base = target.service().base;
      console.log(`fanout, ${driver}: a brand, ${Math.ceil(count / STREAMS_PER_KEY)} keys ...`);
      const brand = await createBrand(base, 'Fan-out bench');
      const campaign = await createHotCampaign(base, brand, 'Fan-out bench');
      const keys: string[] = [];
      while (keys.length * STREAMS_PER_KEY < count) {
        const batch = await Promise.all(
          Array.from({ length: 8 }, () =>
            call<{ key: string }>(base, 'POST', '/ops/keys', config.opsToken, {
              kind: 'brand',
              brand_id: brand.brandId,
            }),
          ),
        );
        keys.push(...batch.map((k) => k.key));
      }
      const probeCount = Math.ceil((config.duration * 1000) / PROBE_EVERY_MS) + 10;
      const stamp = Date.now().toString(36);
      const creators: string[] = [];
      for (let i = 0; i < probeCount; i++) {
        const c = await call<{ id: string }>(base, 'POST', '/ops/creators', config.opsToken, {
          username: `fanout_${stamp}_${i}`,
          properties: {},
        });
        creators.push(c.id);
      }
      let n = 0;
      const writes = () =>
        httpMeasure(target.probe(), base, {
          key: brand.key,
          method: 'POST',
          next: () => ({ path: '/2026-07/campaigns', body: campaignBody(undefined, n++ % 99_999) }),
        });

      console.log(`fanout, ${driver}: writes with no stream open ...`);
      const before = await measure(writes());

      const memBefore = await memory();
      console.log(`fanout, ${driver}: opening ${count} streams ...`);
      const opened = await ask({ type: 'open', base, keys, count }, 'opened');
      await sleep(2000);
      const memAfter = await memory();

      console.log(`fanout, ${driver}: writes with ${opened.open} streams open, probes ...`);
      child.send({ type: 'watch', marker: 'creator.applied' });
      const probes: { id: string; answered: number }[] = [];
      let writing = true;
      const prober = (async () => {
        for (const creator of creators) {
          if (!writing) break;
          const next = Date.now() + PROBE_EVERY_MS;
          await call(base, 'POST', `/ops/campaigns/${campaign.id}/applications`, config.opsToken, {
            creator_id: creator,
          });
          probes.push({ id: creator, answered: Date.now() });
          await sleep(Math.max(0, next - Date.now()));
        }
      })();
      const withStreams = await measure(writes());
      writing = false;
      await prober;
      await sleep(10_000); // the last probes' deliveries (the readers are niced)
      const report = await ask({ type: 'report' }, 'report');
      const latencies: number[] = [];
      let missed = 0;
      for (const p of probes) {
        const times = report.seen[p.id] ?? [];
        for (const t of times) latencies.push(Math.max(0, t - p.answered));
        missed += Math.max(0, opened.open - times.length);
      }
      latencies.sort((a, b) => a - b);

      await ask({ type: 'close' }, 'closed');
      await sleep(2000);
      console.log(`fanout, ${driver}: writes with no stream open, again ...`);
      const after = await measure(writes());

      results.push({
        driver,
        streams: opened.open,
        open_ms: opened.ms,
        writes: { before, with_streams: withStreams, after },
        with_over_without: round(withStreams.rps / ((before.rps + after.rps) / 2), 2),
        delivery: {
          probes: probes.length,
          deliveries: latencies.length,
          missed,
          p50_ms: round(quantile(latencies, 0.5), 1),
          p99_ms: missed > latencies.length / 100 ? null : round(quantile(latencies, 0.99), 1),
          max_ms: round(latencies.at(-1) ?? 0, 1),
        },
        memory_per_stream: {
          rss_kb: round((memAfter.rss - memBefore.rss) / 1024 / count, 1),
          heap_kb: round((memAfter.heapUsed - memBefore.heapUsed) / 1024 / count, 1),
        },
        bytes_read: report.bytes,
      });
    } finally {
      child.kill();
      rmSync(memoryFile, { force: true });
      await target.close();
    }
  }
  return { target: { write_ratio: 0.8, p99_ms: 1000 }, drivers: results };
}

export function printFanout(r: FanoutResult) {
  printRows(
    [
      [
        'driver',
        'streams',
        'writes/s none',
        'with streams',
        'none again',
        'ratio',
        'delivery p50 ms',
        'p99 ms',
        'missed',
        'RSS KB/stream',
        'heap KB/stream',
      ],
      ...r.drivers.map((d) => [
        d.driver,
        String(d.streams),
        String(d.writes.before.rps),
        String(d.writes.with_streams.rps),
        String(d.writes.after.rps),
        String(d.with_over_without),
        String(d.delivery.p50_ms),
        String(d.delivery.p99_ms ?? 'missed'),
        `${d.delivery.missed} of ${d.delivery.probes * d.streams}`,
        String(d.memory_per_stream.rss_kb),
        String(d.memory_per_stream.heap_kb),
      ]),
    ],
    1,
  );
  console.log(
    `target: writes/s with streams >= ${r.target.write_ratio} x without; p99 delivery <= ${r.target.p99_ms} ms\n`,
  );
}
