import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Db } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { AppEnv } from './context.ts';
import type { Lifecycle } from './lifecycle.ts';

// Prometheus metrics (decision 0081, docs/deployment.md#metrics) with prom-client: one registry
// per instance. Requests by operation (the route's pattern, never the raw path) and status, their
// latency, rate-limit refusals, open event streams, the database pool, the inspection queue and
// the e-mail intake's reports. Served at GET /metrics with METRICS_TOKEN, or alone on
// METRICS_PORT (index.ts).

export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface MetricsSources {
  db: Db;
  lifecycle: Lifecycle;
  /** node-postgres's pool counts; absent for the embedded PGlite (one connection). */
  pool?: () => PoolState;
}

/**
 * The route pattern of the handler that answered (`/2026-07/campaigns/:campaign_id`): `static` for
 * the dashboard's files, `unmatched` when no route did (404, or a middleware refused first).
 */
function operationOf(c: Context<AppEnv>): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route || route.method === 'ALL') return 'unmatched';
  return route.path === '/*' || route.path === '*' ? 'static' : route.path;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'operation' | 'method' | 'status'>;
  readonly #duration: Histogram<'operation' | 'method' | 'status'>;
  readonly #refusals: Counter<'operation'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'cc_' });
    this.#requests = new Counter({
      name: 'cc_http_requests_total',
      help: 'HTTP requests answered, by operation (route pattern), method and status',
      labelNames: ['operation', 'method', 'status'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'cc_http_request_duration_seconds',
      help: 'Time to the answer headers, by operation, method and status',
      labelNames: ['operation', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#refusals = new Counter({
      name: 'cc_rate_limit_refusals_total',
      help: 'Requests refused with 429 (rate limits, failed-authentication throttles, stream caps)',
      labelNames: ['operation'],
      registers,
    });
    new Gauge({
      name: 'cc_event_streams_open',
      help: 'Event streams open on this instance',
      registers,
      collect() {
        this.set(sources.lifecycle.openStreams);
      },
    });
    new Gauge({
      name: 'cc_http_requests_in_flight',
      help: 'Requests being answered on this instance',
      registers,
      collect() {
        this.set(sources.lifecycle.inFlight);
      },
    });
    new Gauge({
      name: 'cc_draining',
      help: '1 once the instance is shutting down (readiness answers 503)',
      registers,
      collect() {
        this.set(sources.lifecycle.draining ? 1 : 0);
      },
    });
    if (sources.pool) {
      const pool = sources.pool;
      new Gauge({
        name: 'cc_db_pool_connections',
        help: 'Database pool connections: total open, idle, max; waiting is queued clients',
        labelNames: ['state'],
        registers,
        collect() {
          const p = pool();
          this.set({ state: 'total' }, p.total);
          this.set({ state: 'idle' }, p.idle);
          this.set({ state: 'in_use' }, p.total - p.idle);
          this.set({ state: 'waiting' }, p.waiting);
          this.set({ state: 'max' }, p.max);
        },
      });
    }
    const db = sources.db;
    new Gauge({
      name: 'cc_jobs_queue',
      help: 'Inspection jobs (all instances) queued and due, or running; read at scrape',
      labelNames: ['state'],
      registers,
      async collect() {
        const [row] = await queryRows<{ due: string | number; running: string | number }>(
          db,
          sql`select count(*) filter (where state = 'queued' and run_at <= now()) as due,
                     count(*) filter (where state = 'running') as running
              from inspection_jobs where state <> 'done'`,
        );
        this.set({ state: 'due' }, Number(row?.due ?? 0));
        this.set({ state: 'running' }, Number(row?.running ?? 0));
      },
    });
    new Gauge({
      name: 'cc_jobs_oldest_due_age_seconds',
      help: 'How long the oldest due inspection job has waited (0 when none); read at scrape',
      registers,
      async collect() {
        const [row] = await queryRows<{ age: string | number | null }>(
          db,
          sql`select extract(epoch from now() - min(run_at)) as age
              from inspection_jobs where state = 'queued' and run_at <= now()`,
        );
        this.set(Math.max(0, Number(row?.age ?? 0)));
      },
    });
    new Gauge({
      name: 'cc_intake_reports',
      help: 'Usage reports received by e-mail (all instances), by outcome; read at scrape',
      labelNames: ['outcome'],
      registers,
      async collect() {
        const rows = await queryRows<{ outcome: string; n: string | number }>(
          db,
          sql`select outcome, count(*) as n from usage_reports where channel = 'email' group by outcome`,
        );
        this.set({ outcome: 'applied' }, 0);
        this.set({ outcome: 'refused' }, 0);
        for (const r of rows) this.set({ outcome: r.outcome }, Number(r.n));
      },
    });
  }

  /** Counts every request; place first, so refusals of the middleware count too. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const started = performance.now();
      await next();
      const labels = {
        operation: operationOf(c),
        method: c.req.method,
        status: String(c.res.status),
      };
      this.#requests.inc(labels);
      this.#duration.observe(labels, (performance.now() - started) / 1000);
      if (c.res.status === 429) this.#refusals.inc({ operation: labels.operation });
    };
  }

  /** The text exposition. */
  async text(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics on the service's port, behind `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsEndpoint(metrics: ServiceMetrics, token: string) {
  return async (c: Context<AppEnv>) => {
    const header = c.req.header('Authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) {
      throw new ApiError(
        401,
        'unauthenticated',
        'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>',
        {
          'WWW-Authenticate': 'Bearer',
        },
      );
    }
    const { body, contentType } = await metrics.text();
    c.header('Content-Type', contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(body);
  };
}
