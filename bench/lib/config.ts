// Settings shared by the benchmarks, read from the environment once. The umbrella (bench/run.ts)
// changes them for its quick mode before measuring.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const numberEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};

export const config = {
  /** Seconds of each timed measure. */
  duration: numberEnv('BENCH_DURATION', 10),
  /** Seconds of warm-up before each measure. */
  warmup: numberEnv('BENCH_WARMUP', 2),
  /** On PostgreSQL an endpoint and its SQL are measured in turns, duration / rounds seconds each. */
  rounds: numberEnv('BENCH_ROUNDS', 5),
  /** Concurrent connections of autocannon, and workers of the SQL loops. */
  connections: numberEnv('BENCH_CONNECTIONS', 10),
  /** The service's log level: warn writes no line per request. */
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** The built service to measure (another commit's build, for instance). */
  service: process.env.BENCH_SERVICE ?? 'dist/server/index.js',
  /** The dashboard build the service serves when a benchmark needs it. */
  staticDir: process.env.BENCH_STATIC_DIR ?? 'dist/client',
  opsToken: `bench-${randomBytes(12).toString('hex')}`,
};
export type BenchConfig = typeof config;

export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The value at quantile q of sorted numbers. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
