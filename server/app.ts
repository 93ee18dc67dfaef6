import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import { fieldsRefused } from './errors.ts';
import { apiKeyAuth, opsAuth } from './http/auth.ts';
import type { AppEnv } from './http/context.ts';
import { mountDashboard } from './http/dashboard.ts';
import { lingerOnClose } from './http/listen.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { inputGuard } from './http/input-guard.ts';
import { createRouter } from './http/openapi.ts';
import { compressJson, noStore } from './http/protocol.ts';
import { MemoryRateLimitStore, rateLimit, type RateLimitStore } from './http/rate-limit.ts';
import { addressRateLimit, failedAuthThrottle } from './http/throttle.ts';
import { DbCounterStore } from './http/db-counter-store.ts';
import { clientInfo, type TrustProxy } from './http/client-info.ts';
import { requireLinkBase } from './http/public-url.ts';
import { readinessRoutes } from './http/health.ts';
import { Lifecycle } from './http/lifecycle.ts';
import { metricsEndpoint, type ServiceMetrics } from './http/metrics.ts';
import { requestId } from './http/request-id.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { traceRequests } from './http/tracing.ts';
import { EventHub, type EventHubOptions } from './domain/event-hub.ts';
import { leaveForBuyer, type Reviewer } from './domain/reviewer.ts';
import { apiKeyCacheOf, type ApiKeyCache } from './domain/key-cache.ts';
import { StreamRegistry } from './domain/streams.ts';
import { secretSource } from './domain/secrets.ts';
import { creatorRoutes } from './routes/creators/creators.handlers.ts';
import { eventRoutes } from './routes/events/events.handlers.ts';
import { postRoutes } from './routes/posts/posts.handlers.ts';
import { submissionRoutes } from './routes/submissions/submissions.handlers.ts';
import { campaignRoutes } from './routes/campaigns/campaigns.handlers.ts';
import { codeRoutes } from './routes/codes/codes.handlers.ts';
import { meRoutes } from './routes/me/me.handlers.ts';
import { metricsRoutes } from './routes/metrics/metrics.handlers.ts';
import { metaRoutes, registerOpenApiDocument } from './routes/meta/meta.routes.ts';
import type { InvitationMailer } from './mail/invitations.ts';
import { opsRoutes } from './routes/ops/ops.handlers.ts';
import { targetingRoutes } from './routes/targeting/targeting.handlers.ts';
import { taskRoutes } from './routes/tasks/tasks.handlers.ts';
import { usageReportRoutes } from './routes/usage-reports/usage-reports.handlers.ts';
import { payoutRoutes } from './routes/payouts/payouts.handlers.ts';
import { peopleRoutes } from './routes/people/people.handlers.ts';
import { runInAuditScope } from './db/audit-context.ts';
import { DEFAULT_INTAKE_DOMAIN } from './domain/codes.ts';
import { USAGE_REPORT_CHANNEL_HEADER } from '#contract/usage-reports';

export const API_BASE = '/2026-07';
export const OPS_BASE = '/ops';
export const MAX_BODY_BYTES = 1024 * 1024;
const PUBLIC_ACCEPT = /^\/invitations\/[^/]+\/accept$/;

export interface AppDeps {
  db: Db;
  logger: Logger;
  /** The bearer token of /ops. */
  opsToken: string;
  /** Requests per key per minute. */
  rateLimitPerMinute: number;
  /** Where hits are counted: a new in-process store by default, or the Redis store (http/rate-limit-redis.ts) that instances share. */
  rateLimitStore?: RateLimitStore;
  /** Requests failing authentication per client address per minute on /2026-07 (default 60). */
  failedAuthPerMinute?: number;
  /** Requests per client address per minute on /ops (default 600). */
  opsRateLimitPerMinute?: number;
  /** Wrong ops tokens per client address per minute before a 15-minute lockout (default 10). */
  opsFailedAuthPerMinute?: number;
  /** Origins allowed to call /2026-07 from a browser; empty: same origin only. */
  corsOrigins?: readonly string[];
  /** The built dashboard's directory (see resolveStaticDir), or null for none. */
  staticDir?: string | null;
  /** The clock of every rule that stores or compares a time. */
  now?: () => Date;
  /**
   * The key that signs page cursors, shared by every instance (see loadCursorSecret); when
   * omitted it is read from the database on first use.
   */
  cursorSecret?: Uint8Array;
  /**
   * Brand keys resolved recently (see domain/key-cache.ts); defaults to the one cache of `db`, so
   * every app on one database handle forgets a key revoked through any of them.
   */
  apiKeyCache?: ApiKeyCache;
  /** Decides submissions to autoreview tasks with a prompt; the default leaves them for the buyer. */
  reviewer?: Reviewer;
  /**
   * Queue a media inspection for every new submission and revision (docs/review-bar.md#inspection; index.ts turns it
   * on and runs the worker). Off, submissions are decided at arrival without checks.
   */
  inspectMedia?: boolean;
  /**
   * Called once a transaction that queued an inspection has committed (index.ts wakes this
   * instance's worker, so a new submission is inspected at once instead of at the next poll).
   */
  onInspectionQueued?: () => void;
  /** Live events: the shared poller and the SSE connections' heartbeat and retry hint. */
  events?: EventHubOptions & { heartbeatMs?: number; retryMs?: number };
  /** The instance's poller of live events (index.ts wakes it on NOTIFY); defaults to a new one. */
  eventHub?: EventHub;
  /**
   * The instance's open event streams by credential (the cap, closing on revocation); defaults to
   * a new one. Pass one to end a credential's streams from elsewhere (an ended session).
   */
  streams?: StreamRegistry;
  /** The domain of the code groups' e-mail intake addresses (INTAKE_DOMAIN). */
  intakeDomain?: string;
  /** TRUST_PROXY: which peers may name the client (http/client-info.ts); default none. */
  trustProxy?: TrustProxy;
  /** PUBLIC_URL: the base of invitation links (http/public-url.ts); default none. */
  publicUrl?: string | null;
  /** E-mails invitation links through SMTP_RELAY_URL (mail/invitations.ts); none: links are copied. */
  invitationMailer?: InvitationMailer | null;
  /** Draining and open streams of this instance (http/lifecycle.ts); defaults to a new one. */
  lifecycle?: Lifecycle;
  /** Prometheus metrics (http/metrics.ts); none by default. */
  metrics?: ServiceMetrics;
  /**
   * One OpenTelemetry server span per request, joined to the caller's `traceparent`
   * (http/tracing.ts); index.ts turns it on with OTEL_EXPORTER_OTLP_ENDPOINT.
   */
  tracing?: boolean;
  /** With `metrics`: GET /metrics answers this bearer token; null or absent: no /metrics here. */
  metricsToken?: string | null;
  /**
   * Limits of sign-ins (defaults: 10 failures per e-mail and 30 per address per 15 minutes, 20
   * sign-ins per e-mail per minute; http/sign-in-limits.ts).
   */
  signIn?: {
    signInFailuresPerEmail?: number;
    signInFailuresPerAddress?: number;
    signInWindowSeconds?: number;
    signInsPerMemberPerMinute?: number;
  };
}

export type App = Hono<AppEnv>;

/**
 * The whole HTTP service as one Hono app: `/2026-07` (API keys), `/ops` (ops token), `/docs`,
 * `/healthz`, and the dashboard. Holds no state of its own beyond the in-process rate-limit
 * counters, so any number of instances can share one PostgreSQL.
 */
export function createApp(deps: AppDeps): App {
  const now = deps.now ?? (() => new Date());
  const intakeDomain = deps.intakeDomain ?? DEFAULT_INTAKE_DOMAIN;
  const app = new Hono<AppEnv>();
  const lifecycle = deps.lifecycle ?? new Lifecycle();

  // Operations (decisions 0080-0082): metrics count every answer, the lifecycle knows what is in
  // flight, the client address comes through trusted proxies only.
  if (deps.metrics) app.use('*', deps.metrics.middleware());
  app.use('*', requestId());
  if (deps.tracing) app.use('*', traceRequests());
  app.use('*', clientInfo(deps.trustProxy ?? null, deps.publicUrl ?? null));
  app.use('*', lifecycle.middleware());
  // Every write of the request is recorded in the audit trail with its actor (set once the
  // credential is known) and request id (db/audit-context.ts).
  app.use('*', (c, next) =>
    runInAuditScope({ actor: null, requestId: c.get('requestId') }, () => next()),
  );
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders());

  // Answers under /2026-07 and /ops: never cached, JSON over 1 KB compressed (errors included).
  for (const base of [API_BASE, OPS_BASE]) {
    app.use(`${base}/*`, noStore());
    app.use(`${base}/*`, compressJson());
  }

  // The rest of an oversized body is not processed: the connection closes after the answer, so the
  // client retries on a fresh one; until the client stops sending, the socket reads and drops it
  // (a lingering close, listen.ts), so that the client gets its 413 instead of a reset.
  const tooLarge = (c: Context<AppEnv>) => {
    lingerOnClose((c.env as Partial<HttpBindings> | undefined)?.incoming);
    throw fieldsRefused(
      413,
      'payload_too_large',
      [{ field: 'body', message: `larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB` }],
      {
        Connection: 'close',
      },
    );
  };

  // /2026-07: CORS (before auth: preflights carry no key), key, rate limit, body size.
  if (deps.corsOrigins && deps.corsOrigins.length > 0) {
    const origins = [...deps.corsOrigins];
    app.use(
      `${API_BASE}/*`,
      cors({
        origin: origins.includes('*') ? '*' : origins,
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: [
          'Authorization',
          'Content-Type',
          'Idempotency-Key',
          'Last-Event-ID',
          USAGE_REPORT_CHANNEL_HEADER,
        ],
        exposeHeaders: [
          'RateLimit',
          'RateLimit-Policy',
          'Retry-After',
          'X-Request-Id',
          'Idempotent-Replay',
        ],
        maxAge: 600,
      }),
    );
  }
  // Every limit counts in one store, on the app's clock.
  const counting = {
    store: deps.rateLimitStore ?? new MemoryRateLimitStore(),
    now: () => now().getTime(),
  };
  app.use(
    `${API_BASE}/*`,
    failedAuthThrottle({ name: 'api', limit: deps.failedAuthPerMinute ?? 60, ...counting }),
  );
  app.use(
    `${API_BASE}/*`,
    apiKeyAuth(deps.db, {
      publicPaths: [`${API_BASE}/openapi.json`],
      // Sign-in and accepting an invitation: no credential yet.
      isPublic: (method, path) =>
        method === 'POST' &&
        (path === `${API_BASE}/sessions` || PUBLIC_ACCEPT.test(path.slice(API_BASE.length))),
      now,
      ...(deps.apiKeyCache ? { cache: deps.apiKeyCache } : {}),
    }),
  );
  app.use(`${API_BASE}/*`, rateLimit({ limit: deps.rateLimitPerMinute, ...counting }));
  // GET and HEAD never carry a body for the fetch API (bodyLimit passes them), but asking for it
  // makes @hono/node-server build a whole Request per call: skip the check for them.
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const bodyLimited: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next);
  app.use(`${API_BASE}/*`, bodyLimited);
  app.use(`${API_BASE}/*`, inputGuard());

  app.use(
    `${OPS_BASE}/*`,
    addressRateLimit({ name: 'ops', limit: deps.opsRateLimitPerMinute ?? 600, ...counting }),
  );
  app.use(
    `${OPS_BASE}/*`,
    failedAuthThrottle({
      name: 'ops',
      limit: deps.opsFailedAuthPerMinute ?? 10,
      lockoutSeconds: 15 * 60,
      ...counting,
    }),
  );
  app.use(`${OPS_BASE}/*`, opsAuth(deps.opsToken, { publicPaths: [`${OPS_BASE}/openapi.json`] }));
  app.use(`${OPS_BASE}/*`, bodyLimited);
  app.use(`${OPS_BASE}/*`, inputGuard());
  // Invitations write a link: refused before anything is created when there is no base for it.
  for (const path of [`${API_BASE}/members/invitations`, `${OPS_BASE}/invitations`]) {
    const linkBaseNeeded = requireLinkBase();
    app.use(path, (c, next) => (c.req.method === 'POST' ? linkBaseNeeded(c, next) : next()));
  }

  const cursorSecret = secretSource(deps.db, deps.cursorSecret);
  const api = createRouter();
  api.route('/', meRoutes(deps));
  api.route('/', campaignRoutes({ db: deps.db, now, cursorSecret }));
  api.route('/', taskRoutes({ db: deps.db, cursorSecret }));
  api.route('/', targetingRoutes(deps));
  api.route('/', creatorRoutes({ db: deps.db, cursorSecret }));
  api.route('/', submissionRoutes({ db: deps.db, cursorSecret }));
  api.route('/', postRoutes({ db: deps.db, cursorSecret }));
  api.route('/', metricsRoutes({ db: deps.db }));
  api.route('/', codeRoutes({ db: deps.db, cursorSecret, intakeDomain }));
  api.route('/', usageReportRoutes({ db: deps.db, cursorSecret, intakeDomain }));
  api.route('/', payoutRoutes({ db: deps.db, cursorSecret }));
  api.route(
    '/',
    peopleRoutes({
      db: deps.db,
      now,
      cursorSecret,
      // The sign-in limits must hold across instances: Redis when configured, else the database.
      store: deps.rateLimitStore ?? new DbCounterStore(deps.db),
      mailer: deps.invitationMailer ?? null,
      ...deps.signIn,
    }),
  );
  api.route(
    '/',
    eventRoutes({
      db: deps.db,
      hub:
        deps.eventHub ??
        new EventHub(deps.db, {
          onError: (err) => deps.logger.warn({ err }, 'reading live events failed'),
          ...deps.events,
        }),
      streams:
        deps.streams ??
        new StreamRegistry(deps.db, deps.apiKeyCache ?? apiKeyCacheOf(deps.db), { now }),
      heartbeatMs: deps.events?.heartbeatMs ?? 15_000,
      retryMs: deps.events?.retryMs ?? 3_000,
    }),
  );
  registerOpenApiDocument(api, {
    title: 'Campaign Console API',
    description:
      'The campaign management API, version 2026-07. Every operation sends `Authorization: Bearer <API key or session token>` ' +
      '(except signing in and accepting an invitation); ' +
      'errors answer `{error, message, code}`.',
    serverUrl: API_BASE,
    scheme: {
      name: 'bearerAuth',
      description:
        'An API key (brand or agency), `Authorization: Bearer cck_…`, or a member’s session token from POST /sessions, `Bearer ccs_…`',
    },
    rateLimited: true,
  });

  const ops = opsRoutes({
    db: deps.db,
    now,
    reviewer: deps.reviewer ?? leaveForBuyer,
    inspectMedia: deps.inspectMedia ?? false,
    ...(deps.onInspectionQueued ? { onInspectionQueued: deps.onInspectionQueued } : {}),
    intakeDomain,
    mailer: deps.invitationMailer ?? null,
  });
  registerOpenApiDocument(ops, {
    title: 'Campaign Console platform side (/ops)',
    description:
      'Operators, the demo world, the simulator and tests: tenancy, keys, targeting properties, campaign review, creator activity. Not reachable with API keys.',
    serverUrl: OPS_BASE,
    scheme: { name: 'opsToken', description: 'The OPS_TOKEN of the service' },
    rateLimited: false,
    limitedByAddress: true,
  });

  app.route('/', readinessRoutes({ db: deps.db, lifecycle }));
  if (deps.metrics && deps.metricsToken) {
    app.get('/metrics', metricsEndpoint(deps.metrics, deps.metricsToken));
  }
  app.route('/', metaRoutes(deps));
  app.route(API_BASE, api);
  app.route(OPS_BASE, ops);
  mountDashboard(app, deps.staticDir ?? null);

  app.onError(errorHandler);
  app.notFound(notFoundHandler(app));
  return app;
}
