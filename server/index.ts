// First: tunes the garbage collector before anything else allocates, and maps stack traces to
// the sources through dist/server/index.js.map (whatever the entry: npm start, npm run serve).
import './gc-tuning.ts';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { seedDemo } from './services/demo.ts';
import { openDatabase } from './db/client.ts';
import {
  activeDemoKeys,
  DEMO_MEMBER_PASSWORD,
  existingDemoMembers,
  DEMO_AGENCY_KEY,
  DEMO_BRAND_KEY,
  writeDemoKeysFile,
} from './demo/seed.ts';
import { createSimulator } from './demo/simulator.ts';
import { openAiReviewer } from './domain/autoreview.ts';
import { leaveForBuyer } from './domain/reviewer.ts';
import { inspectionHandler } from './jobs/inspect-submission.ts';
import { createWorker } from './jobs/worker.ts';
import { apiKeyCacheOf, KEY_REVOKED_CHANNEL } from './domain/key-cache.ts';
import { EventHub } from './domain/event-hub.ts';
import { EVENTS_CHANNEL } from './domain/outbox.ts';
import { loadCursorSecret } from './domain/secrets.ts';
import { isLoopbackHost, loadEnv } from './env.ts';
import { resolveStaticDir } from './http/dashboard.ts';
import { listen } from './http/listen.ts';
import { MemoryRateLimitStore } from './http/rate-limit.ts';
import { RedisRateLimitStore } from './http/rate-limit-redis.ts';
import { createLogger } from './logger.ts';
import { startIntake, type Intake } from './intake/smtp-intake.ts';
import { listIntakeAddresses } from './domain/usage-reports.ts';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { StreamRegistry } from './domain/streams.ts';
import { Lifecycle } from './http/lifecycle.ts';
import { ServiceMetrics, type PoolState } from './http/metrics.ts';
import { gracefulShutdown } from './shutdown.ts';
import { createInvitationMailer } from './mail/invitations.ts';
import type pg from 'pg';

// Boot: env -> database -> migrations -> seed -> app -> listen. Banner lines (URLs, generated
// token, demo keys) are for people and go to stdout as plain text; everything else is JSON logs.

const started = performance.now();
const env = loadEnv();
const logger = createLogger(env.logLevel);

let opsToken = env.opsToken;
if (!opsToken) {
  opsToken = randomBytes(24).toString('base64url');
  console.log(`OPS_TOKEN was not set; generated for this run: ${opsToken}`);
}

const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  onPoolError: (err) => logger.warn({ err }, 'idle database connection failed'),
}).catch((err: unknown) => {
  logger.fatal({ err }, 'could not open or migrate the database');
  process.exit(1);
});

// Where this service answers, for the demo media URLs (public/samples).
const mediaBase = `http://${env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host}:${env.port}`;

async function demoWorld() {
  const seeded = await seedDemo(database.db, { mediaBase, inspect: true });
  if (seeded.created) {
    console.log(
      'Created the demo world: Brightline Agency manages Glow Lab and Northwind Outdoors; Pixel Coffee is on its own.',
    );
    if (env.dataDir !== 'memory')
      console.log(`Demo keys written to ${writeDemoKeysFile(resolve(env.dataDir), seeded.world)}`);
  }
  const active = await activeDemoKeys(database.db);
  if (active.brandKey) console.log(`Demo brand key (Glow Lab):            ${DEMO_BRAND_KEY}`);
  if (active.agencyKey) console.log(`Demo agency key (Brightline Agency):  ${DEMO_AGENCY_KEY}`);
  const people = await existingDemoMembers(database.db);
  if (people.length > 0) {
    console.log(`Demo sign-ins (password for all: ${DEMO_MEMBER_PASSWORD}):`);
    for (const owner of [...new Set(people.map((m) => m.of))]) {
      const of = people.filter((m) => m.of === owner);
      console.log(
        `  ${`${owner}:`.padEnd(20)}${of.map((m) => `${m.email} (${m.role})`).join(', ')}`,
      );
    }
  }
}
if (env.seed === 'demo') {
  await demoWorld().catch(async (err: unknown) => {
    logger.fatal({ err }, 'could not create the demo world');
    await database.close().catch(() => {});
    process.exit(1);
  });
}

const cursorSecret = await loadCursorSecret(database.db).catch(async (err: unknown) => {
  logger.fatal({ err }, 'could not read the service secrets');
  await database.close().catch(() => {});
  process.exit(1);
});

// A key revoked on another instance is forgotten here when the notification arrives (at the
// latest after the cache's TTL if it is lost).
const apiKeys = apiKeyCacheOf(database.db);
await database.listen(
  KEY_REVOKED_CHANNEL,
  (keyId) => apiKeys.forget(keyId),
  () => apiKeys.clear(),
);

// Live events: one poller for this instance, woken when any instance commits a change (reads at
// least 100 ms apart under a stream of writes, so each carries many events: decision 0074).
const eventHub = new EventHub(database.db, {
  onError: (err) => logger.warn({ err }, 'reading live events failed'),
});
await database.listen(
  EVENTS_CHANNEL,
  () => eventHub.wake(),
  () => eventHub.wake(),
);

// Rate limits: one budget per key across every instance when REDIS_URL is set; without it each
// instance counts alone (a key gets the limit once per instance).
let redisStore: RedisRateLimitStore | null = null;
if (env.redisUrl) {
  redisStore = new RedisRateLimitStore(env.redisUrl, {
    onStateChange: (state, err) =>
      state === 'down'
        ? logger.warn(
            { err },
            'Redis does not answer: rate limits counted in this instance only until it does',
          )
        : logger.info('Redis answers again: rate limits shared by every instance'),
  });
  if (await redisStore.connect()) logger.info('rate limits: shared in Redis (REDIS_URL)');
} else {
  logger.info('rate limits: counted in this instance (REDIS_URL not set)');
}

// Media inspection (docs/review-bar.md#inspection): every instance runs one worker on the shared job table.
// The demo's samples are served by this service on a loopback address, so with SEED=demo its own
// host is allowed besides MEDIA_ALLOW_HOSTS.
const reviewer = env.autoreview ? openAiReviewer(env.autoreview, logger) : leaveForBuyer;
const allowHosts = new Set(env.mediaAllowHosts);
if (env.seed === 'demo') allowHosts.add(new URL(mediaBase).host);
const inspector = createWorker({
  db: database.db,
  logger,
  handle: inspectionHandler({
    db: database.db,
    reviewer,
    fetch: {
      maxBytes: env.mediaMaxBytes,
      timeoutMs: env.mediaFetchTimeoutMs,
      maxRedirects: 5,
      allowHosts,
    },
  }),
});
logger.info(
  {
    autoreview: env.autoreview ? new URL(env.autoreview.url).host : 'off',
    media_allow_hosts: [...allowHosts],
  },
  'media inspection: on',
);

// Operations (docs/deployment.md): readiness and draining, open streams, metrics.
const lifecycle = new Lifecycle();
const streams = new StreamRegistry(database.db, apiKeys);
const pool = 'pool' in database ? (database.pool as pg.Pool) : null;
const metrics =
  env.metricsToken || env.metricsPort
    ? new ServiceMetrics({
        db: database.db,
        lifecycle,
        ...(pool
          ? {
              pool: (): PoolState => ({
                total: pool.totalCount,
                idle: pool.idleCount,
                waiting: pool.waitingCount,
                max: pool.options.max ?? 10,
              }),
            }
          : {}),
      })
    : undefined;

// OpenTelemetry traces (decision 0085): the SDK loads only when a collector is named.
const tracing = env.otlpEndpoint
  ? await import('./tracing-provider.ts').then(
      ({ ServiceTracing, parseOtlpHeaders }) =>
        new ServiceTracing({
          endpoint: env.otlpEndpoint!,
          serviceName: env.otelServiceName,
          headers: parseOtlpHeaders(env.otlpHeaders ?? undefined),
        }),
    )
  : null;
if (tracing) logger.info({ endpoint: env.otlpEndpoint }, 'traces: OTLP/HTTP');

const staticDir = resolveStaticDir(env.staticDir);
// Invitation links by e-mail through the relay (docs/api.md#invitations); without one they are copied.
const invitationMailer = env.smtpRelayUrl
  ? createInvitationMailer({ relayUrl: env.smtpRelayUrl, from: env.invitationFrom, logger })
  : null;
const app = createApp({
  db: database.db,
  logger,
  opsToken,
  rateLimitPerMinute: env.rateLimitPerMinute,
  failedAuthPerMinute: env.failedAuthPerMinute,
  opsRateLimitPerMinute: env.opsRateLimitPerMinute,
  rateLimitStore: redisStore ?? new MemoryRateLimitStore(),
  corsOrigins: env.corsOrigins,
  staticDir,
  cursorSecret,
  eventHub,
  reviewer,
  inspectMedia: true,
  onInspectionQueued: () => inspector.wake(),
  intakeDomain: env.intakeDomain,
  trustProxy: env.trustProxy,
  publicUrl: env.publicUrl,
  invitationMailer,
  lifecycle,
  streams,
  ...(metrics ? { metrics, metricsToken: env.metricsToken } : {}),
  tracing: tracing !== null,
});

// METRICS_PORT: GET /metrics alone on its own port (no token; keep the port off the public network).
const metricsServer =
  metrics && env.metricsPort
    ? createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({ error: 404, message: 'Only GET /metrics here', code: 'not_found' }),
          );
          return;
        }
        metrics.text().then(
          ({ body, contentType }) => {
            res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
            res.end(body);
          },
          (err: unknown) => {
            logger.warn({ err }, 'collecting metrics failed');
            res.writeHead(500, { 'Content-Type': 'application/json' });
            res.end(
              JSON.stringify({
                error: 500,
                message: 'Collecting metrics failed',
                code: 'internal',
              }),
            );
          },
        );
      }).listen(env.metricsPort, env.host, () =>
        logger.info({ port: env.metricsPort }, 'metrics: GET /metrics on METRICS_PORT'),
      )
    : null;
if (metrics && env.metricsToken) logger.info('metrics: GET /metrics with METRICS_TOKEN');
if (!env.publicUrl && !isLoopbackHost(env.host)) {
  logger.warn(
    'PUBLIC_URL is not set: invitations from other machines are refused (links are never built from a Host header; docs/deployment.md)',
  );
}

const server = listen(app, { hostname: env.host, port: env.port }, (info) => {
  const url = `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
  console.log(`Campaign Console listening on ${url}  (API ${url}/2026-07, docs ${url}/docs)`);
  logger.info(
    {
      url,
      database: database.location,
      dashboard: staticDir ?? 'not built',
      boot_ms: Math.round(performance.now() - started),
    },
    'ready',
  );
  inspector.start();
});
// Creator activity in the demo world: on by default with SEED=demo, SIMULATOR=off stops it.
const simulator =
  env.seed === 'demo' && env.simulator === 'on'
    ? createSimulator({
        db: database.db,
        logger,
        mediaBase,
        tickMs: env.simulatorTickMs,
        reviewS: env.simulatorReviewS,
        reviewer,
        inspect: true,
      })
    : null;
if (simulator) console.log('Simulating creator activity (SIMULATOR=off to stop it).');

// The SMTP intake of usage reports, when INTAKE_SMTP_PORT is set (npm start sets 2525).
let intake: Intake | null = null;
if (env.intake) {
  const config = env.intake;
  try {
    intake = await startIntake({
      db: database.db,
      logger,
      domain: env.intakeDomain,
      host: env.host,
      port: config.port,
      maxMessageBytes: env.intakeMaxMessageBytes,
      ratePerMinute: env.intakeRateLimitPerMinute,
      tls:
        config.tlsCert && config.tlsKey
          ? { cert: readFileSync(config.tlsCert), key: readFileSync(config.tlsKey) }
          : null,
      relayUrl: env.smtpRelayUrl,
      replyFrom: env.intakeReplyFrom,
    });
  } catch (err) {
    logger.fatal(
      { err },
      'could not start the SMTP intake (INTAKE_SMTP_PORT, INTAKE_TLS_CERT, INTAKE_TLS_KEY)',
    );
    await database.close().catch(() => {});
    process.exit(1);
  }
  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  console.log(
    `Usage reports by e-mail: SMTP on ${host}:${intake.port}${config.tlsCert ? ' (STARTTLS)' : ''}, replies ${env.smtpRelayUrl ? 'through SMTP_RELAY_URL' : 'off (SMTP_RELAY_URL not set)'}`,
  );
  for (const a of await listIntakeAddresses(database.db, env.intakeDomain).catch(() => [])) {
    console.log(`  ${a.brand} / ${a.group}: ${a.address}`);
  }
}

server.on('error', (err) => {
  logger.fatal({ err }, 'could not listen');
  void database.close().finally(() => process.exit(1));
});

// SIGTERM: readiness 503 at once, drain, finish, exit within SHUTDOWN_TIMEOUT_S (decision 0082).
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'signal received');
  simulator?.stop();
  void gracefulShutdown({
    server,
    lifecycle,
    logger,
    // Ctrl-C in a terminal stops at once; SIGTERM (an orchestrator) drains.
    drainMs: signal === 'SIGINT' ? 0 : env.shutdownDrainMs,
    timeoutMs: env.shutdownTimeoutMs,
    endStreams: () => {
      for (const credential of lifecycle.streamCredentials())
        streams.closeCredential(credential, 'shutdown');
    },
    // A job still running a second before the deadline goes back to the queue for another instance.
    stopJobs: () => inspector.stop(Math.max(0, env.shutdownTimeoutMs - env.shutdownDrainMs - 1500)),
    closeRest: async () => {
      metricsServer?.close();
      invitationMailer?.close();
      await intake
        ?.close()
        .catch((err: unknown) => logger.warn({ err }, 'closing the SMTP intake failed'));
      await database
        .close()
        .catch((err: unknown) => logger.error({ err }, 'closing the database failed'));
      await redisStore?.close();
      await tracing
        ?.shutdown()
        .catch((err: unknown) => logger.warn({ err }, 'flushing traces failed'));
    },
    exit: (code) => process.exit(code),
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
