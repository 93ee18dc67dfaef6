// Timed measures: autocannon against a URL, or a function (a SQL statement) in a loop on as many
// workers as autocannon has connections; each with the CPU time per request of the processes
// involved (the bench itself, the service, PostgreSQL's backends of the bench's database).
import { readdirSync, readFileSync } from 'node:fs';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { config, quantile, round } from './config.ts';

/** CPU time per request of each process, in microseconds: where the time goes on a small machine. */
export interface CpuPerRequest {
  /** This process: autocannon, or the SQL loop (with PGlite itself on PGlite). */
  bench_us: number;
  /** The service (with PGlite itself on PGlite); the sum over services when several. */
  service_us?: number;
  /** The PostgreSQL backends of the bench's database. */
  postgres_us?: number;
}

export interface Figures {
  requests: number;
  rps: number;
  /** Latency of every answer (HTTP) or call (SQL loop). */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** At a fixed rate: the percentiles autocannon reports, with its coordinated-omission correction. */
  autocannon?: { p50_ms: number; p99_ms: number };
  cpu?: CpuPerRequest;
}

/** Which processes to account: the services' pids, the PostgreSQL database's name. */
export interface Probe {
  servicePids?: number[];
  database?: string;
}

/** One timed run: how many answers in how long, and the latency of each. */
export interface Sample {
  count: number;
  seconds: number;
  latencies: number[];
  autocannon?: Result;
}

/** Something to measure: a warm-up, then timed runs of the given length. */
export interface Measure {
  probe: Probe;
  warm(): Promise<void>;
  run(seconds: number): Promise<Sample>;
}

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

/** Accumulates the CPU seconds of the bench, the services and PostgreSQL over several timed runs. */
export class CpuMeter {
  bench = 0;
  service: number | null = 0;
  postgres: number | null = 0;

  constructor(private readonly probe: Probe) {}

  async around<T>(fn: () => Promise<T>): Promise<T> {
    const { servicePids, database } = this.probe;
    const pids = new Set(servicePids ?? []);
    const service = () => (pids.size ? cpuSeconds((pid) => pids.has(pid)) : null);
    // PostgreSQL's backends show "postgres: [cluster: ]user database host(port) state".
    const postgres = () =>
      database
        ? cpuSeconds((_, cmd) => cmd.startsWith('postgres:') && cmd.includes(` ${database} `))
        : null;
    const before = { bench: process.cpuUsage(), service: service(), postgres: postgres() };
    const value = await fn();
    const bench = process.cpuUsage(before.bench);
    this.bench += (bench.user + bench.system) / 1e6;
    // A process that ended meanwhile is not counted.
    const add = (
      total: number | null,
      a: Map<number, number> | null,
      b: Map<number, number> | null,
    ) => {
      if (total === null || !a || !b) return null;
      for (const [pid, used] of b) total += used - (a.get(pid) ?? 0);
      return total;
    };
    this.service = pids.size ? add(this.service, before.service, service()) : null;
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

export function figures(samples: Sample[], cpu: CpuMeter): Figures {
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
    ...(corrected
      ? { autocannon: { p50_ms: corrected.latency.p50, p99_ms: corrected.latency.p99 } }
      : {}),
    cpu: cpu.perRequest(count),
  };
}

export interface HttpOptions {
  /** Bearer key. */
  key?: string;
  /** Requests per second over all connections (0: as fast as it answers). */
  overallRate?: number;
  method?: string;
  /** A JSON body; with `next`, each request's own. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Each request's path and body, called as it is sent (writes that need a new submission or a
   * new Idempotency-Key each time). Null: nothing left, the run fails.
   */
  next?: () => { path: string; body?: unknown; headers?: Record<string, string> } | null;
  /** Answer statuses that count (default: 2xx only; any other fails the measure). */
  ok?: (status: number) => boolean;
}

/** autocannon on one URL (or one origin with `next` giving each request's path). */
export function httpMeasure(probe: Probe, url: string, options: HttpOptions = {}): Measure {
  const headers: Record<string, string> = {
    ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
    ...(options.body !== undefined || options.next ? { 'Content-Type': 'application/json' } : {}),
    ...options.headers,
  };
  const next = options.next;
  const requests: RequestSpec[] | undefined = next
    ? [
        {
          method: options.method ?? 'POST',
          setupRequest: (request) => {
            const r = next();
            if (!r) throw new Error(`${url}: nothing left to send`);
            return {
              ...request,
              path: r.path,
              headers: { ...headers, ...r.headers },
              ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
            };
          },
        },
      ]
    : undefined;
  const base = {
    url,
    connections: config.connections,
    headers,
    ...(options.method ? { method: options.method } : {}),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(requests ? { requests } : {}),
  };
  const ok = options.ok ?? ((status: number) => status >= 200 && status < 300);
  const once = async (seconds: number, what: string): Promise<Sample> => {
    const latencies: number[] = [];
    let refused = 0;
    let firstRefusal = 0;
    const run = autocannon({ ...base, duration: seconds });
    run.on('response', (_client, status, _bytes, ms) => {
      if (ok(status)) latencies.push(ms);
      else if (refused++ === 0) firstRefusal = status;
    });
    const r = await run;
    if (r.errors || r.timeouts || refused) {
      throw new Error(
        `${what} ${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${refused} refused answers (first: ${firstRefusal})`,
      );
    }
    return { count: latencies.length, seconds: r.duration, latencies, autocannon: r };
  };
  return {
    probe,
    warm: async () => void (await once(config.warmup, 'warm-up of')),
    run: (seconds) => once(seconds, 'measure of'),
  };
}

/** `fn` in a loop on `config.connections` concurrent workers; `fn` returns false when it has nothing left. */
export function loopMeasure(probe: Probe, fn: () => Promise<unknown>): Measure {
  const once = async (seconds: number): Promise<Sample> => {
    const end = performance.now() + seconds * 1000;
    const latencies: number[] = [];
    const worker = async () => {
      while (performance.now() < end) {
        const t = performance.now();
        if ((await fn()) === false) throw new Error('the SQL loop ran out of work');
        latencies.push(performance.now() - t);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: config.connections }, worker));
    return { count: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
  };
  return { probe, warm: async () => void (await once(config.warmup)), run: once };
}

/** One measure: a warm-up, then `seconds` (default config.duration). */
export async function measure(m: Measure, seconds = config.duration): Promise<Figures> {
  await m.warm();
  const cpu = new CpuMeter(m.probe);
  return figures([await cpu.around(() => m.run(seconds))], cpu);
}

/**
 * Measures taken in turns (config.rounds rounds of duration / rounds seconds each, after a warm-up
 * of each), so that a change of the machine's load in the meantime weighs on all alike.
 */
export async function alternate<T extends Measure[]>(
  ...measures: T
): Promise<{ [K in keyof T]: Figures }> {
  for (const m of measures) await m.warm();
  const samples: Sample[][] = measures.map(() => []);
  const cpu = measures.map((m) => new CpuMeter(m.probe));
  for (let i = 0; i < config.rounds; i++) {
    for (const [j, m] of measures.entries()) {
      samples[j]!.push(await cpu[j]!.around(() => m.run(config.duration / config.rounds)));
    }
  }
  return measures.map((_, j) => figures(samples[j]!, cpu[j]!)) as { [K in keyof T]: Figures };
}
