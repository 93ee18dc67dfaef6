import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

// The only reader of process.env. Every variable is validated at boot; a bad one stops the
// service with one line naming it, rather than failing later in some request.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional text that must match `pattern` (say what it must be in `error`); blank is unset. */
const optionalMatching = (pattern: RegExp, error: string) =>
  z.preprocess(blankToUndefined, z.string().regex(pattern, { error }).optional());

const integer = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: `must be an integer from ${min} to ${max}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `must be an integer from ${min} to ${max}` })
          .max(max, { error: `must be an integer from ${min} to ${max}` }),
      )
      .default(fallback),
  );

function parseOrigin(raw: string): string | null {
  if (raw === '*') return raw;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === raw.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}

/** A loopback host: the demo's published credentials stay on this machine (docs/deployment.md). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** TRUST_PROXY: a number of hops, or addresses, CIDRs and proxy-addr's names (loopback...). */
const trustProxy = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return null;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops >= 1 && hops <= 32) return hops;
        ctx.addIssue({ code: 'custom', message: 'must be a number of hops from 1 to 32' });
        return z.NEVER;
      }
      const items = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      try {
        proxyAddr.compile(items);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a number of hops or a comma list of addresses, CIDRs (10.0.0.0/8) or loopback, linklocal, uniquelocal',
        });
        return z.NEVER;
      }
      return items;
    }),
);

const EnvSchema = z.object({
  PORT: integer(0, 65535, 8080),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  DATABASE_URL: optionalMatching(
    /^postgres(ql)?:\/\/\S+$/,
    'must be a postgres:// or postgresql:// URL',
  ),
  REDIS_URL: optionalMatching(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./.data')),
  OPS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{8,512}$/, {
        error: 'must be 8 to 512 printable characters without spaces',
      })
      .optional(),
  ),
  SEED: z.preprocess(
    blankToUndefined,
    z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).default('none'),
  ),
  ALLOW_PUBLIC_DEMO: z.preprocess(
    blankToUndefined,
    z.enum(['yes', 'no'], { error: 'must be "yes" or "no"' }).default('no'),
  ),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return null;
        const origin = parseOrigin(v);
        if (origin === null || origin === '*') {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be an origin like https://console.example.com (scheme, host, optional port)',
          });
          return z.NEVER;
        }
        return origin;
      }),
  ),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{16,512}$/, {
        error: 'must be 16 to 512 printable characters without spaces',
      })
      .optional(),
  ),
  METRICS_PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: 'must be an integer from 1 to 65535' })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, { error: 'must be an integer from 1 to 65535' })
          .max(65535, { error: 'must be an integer from 1 to 65535' }),
      )
      .optional(),
  ),
  SHUTDOWN_DRAIN_S: integer(0, 300, 5),
  SHUTDOWN_TIMEOUT_S: integer(1, 600, 8),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalMatching(
    /^https?:\/\/\S+$/,
    'must be an http:// or https:// URL',
  ),
  OTEL_SERVICE_NAME: optionalMatching(
    /^[\x21-\x7e]{1,128}$/,
    'must be 1 to 128 printable characters',
  ),
  OTEL_EXPORTER_OTLP_HEADERS: optionalMatching(
    /^[^=,\s]+=[^,]*(,[^=,\s]+=[^,]*)*$/,
    'must be key=value pairs separated by commas',
  ),
  RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000, 600),
  FAILED_AUTH_PER_MINUTE: integer(1, 1_000_000_000, 60),
  OPS_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000, 600),
  CORS_ORIGINS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        const items = (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const origins: string[] = [];
        for (const item of items) {
          const origin = parseOrigin(item);
          if (origin === null) {
            ctx.addIssue({
              code: 'custom',
              message: `"${item}" is not an origin like https://app.example.com (scheme, host, optional port; or *)`,
            });
            return z.NEVER;
          }
          origins.push(origin);
        }
        return origins;
      }),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  STATIC_DIR: z.preprocess(blankToUndefined, z.string().default('dist/client')),
  SIMULATOR: z.preprocess(
    blankToUndefined,
    z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).optional(),
  ),
  SIMULATOR_TICK_MS: integer(50, 600_000, 2500),
  SIMULATOR_REVIEW_S: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,5}(-\d{1,5})?$/, {
        error: 'must be seconds ("30") or a range of seconds ("20-60")',
      })
      .default('20-60')
      .transform((v, ctx) => {
        const [min, max = min] = v.split('-').map(Number) as [number, number?];
        if (max < min) {
          ctx.addIssue({ code: 'custom', message: 'the range must not end before it starts' });
          return z.NEVER;
        }
        return { minS: min, maxS: max };
      }),
  ),
  MEDIA_ALLOW_HOSTS: z.preprocess(blankToUndefined, z.string().optional()),
  MEDIA_MAX_BYTES: integer(1024, 4_000_000_000, 200 * 1024 * 1024),
  MEDIA_FETCH_TIMEOUT_MS: integer(100, 600_000, 30_000),
  AUTOREVIEW_URL: optionalMatching(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL'),
  AUTOREVIEW_MODEL: z.preprocess(blankToUndefined, z.string().default('gpt-4o-mini')),
  AUTOREVIEW_API_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  AUTOREVIEW_TIMEOUT_MS: integer(100, 600_000, 20_000),
  INTAKE_SMTP_PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, { error: 'must be an integer from 0 to 65535' })
      .transform(Number)
      .pipe(z.number().max(65535, { error: 'must be an integer from 0 to 65535' }))
      .optional(),
  ),
  INTAKE_DOMAIN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i,
        {
          error: 'must be a domain name like intake.example.com',
        },
      )
      .transform((v) => v.toLowerCase())
      .default('intake.localhost'),
  ),
  INTAKE_MAX_MESSAGE_BYTES: integer(1024, 50 * 1024 * 1024, 5 * 1024 * 1024),
  INTAKE_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000, 30),
  INTAKE_TLS_CERT: z.preprocess(blankToUndefined, z.string().optional()),
  INTAKE_TLS_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  SMTP_RELAY_URL: optionalMatching(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL'),
  INTAKE_REPLY_FROM: optionalMatching(
    /^[^\s@<>]+@[^\s@<>]+$/,
    'must be an e-mail address like usage@example.com',
  ),
  INVITATION_FROM: optionalMatching(
    /^[^\s@<>]+@[^\s@<>]+$/,
    'must be an e-mail address like invitations@example.com',
  ),
});

export interface Env {
  port: number;
  host: string;
  /** postgres:// URL, or null for the embedded PGlite. */
  databaseUrl: string | null;
  /** Directory of the embedded database and demo-keys.json; 'memory' keeps everything in memory. */
  dataDir: string | 'memory';
  /** redis:// URL of the rate limiter's shared counters, or null to count in-process. */
  redisUrl: string | null;
  /** null: generate one at boot and print it. */
  opsToken: string | null;
  seed: 'demo' | 'none';
  rateLimitPerMinute: number;
  /** Requests failing authentication per client address per minute (docs/api.md#limits). */
  failedAuthPerMinute: number;
  /** Requests per client address per minute on /ops. */
  opsRateLimitPerMinute: number;
  /** Empty: same origin only. */
  corsOrigins: string[];
  logLevel: LogLevel;
  /** Directory of the built dashboard, or 'none' to serve no dashboard. */
  staticDir: string;
  /** The simulator of creator activity; default on with the demo world, off without. */
  simulator: 'on' | 'off';
  /** Milliseconds between two steps of the simulator (its pace). */
  simulatorTickMs: number;
  /**
   * How long the simulator, as the platform's reviewer, waits before deciding a publish request:
   * each campaign a number of seconds in [minS, maxS] (SIMULATOR_REVIEW_S, default 20-60).
   */
  simulatorReviewS: { minS: number; maxS: number };
  /** Hosts whose media may be fetched although they resolve to loopback or private addresses. */
  mediaAllowHosts: string[];
  mediaMaxBytes: number;
  mediaFetchTimeoutMs: number;
  /** The OpenAI-compatible chat-completions endpoint of automatic review, or null for none. */
  autoreview: { url: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  /** The SMTP intake of usage reports (docs/usage-reports.md); null when off. */
  intake: {
    port: number;
    /** PEM files: STARTTLS is offered when both are set. */
    tlsCert: string | null;
    tlsKey: string | null;
  } | null;
  /** The domain of the intake addresses (shown on code groups whether or not the intake runs). */
  intakeDomain: string;
  intakeMaxMessageBytes: number;
  intakeRateLimitPerMinute: number;
  /** Where replies to e-mailed reports are sent through; null: no replies. */
  smtpRelayUrl: string | null;
  /** The From of those replies. */
  intakeReplyFrom: string;
  /** The sender of invitation e-mails (INVITATION_FROM). */
  invitationFrom: string;
  /**
   * Which peers may name the client in X-Forwarded-For / X-Forwarded-Proto: a number of hops, a
   * list for proxy-addr (addresses, CIDRs, loopback...), or null to trust no proxy.
   */
  trustProxy: number | string[] | null;
  /** The origin every link the service writes starts with; null: loopback requests only. */
  publicUrl: string | null;
  /** The bearer token of GET /metrics on the service's port; null: not served there. */
  metricsToken: string | null;
  /** A port of its own for GET /metrics (no token); null: none. */
  metricsPort: number | null;
  /** After SIGTERM: how long new requests are still served while readiness answers 503. */
  shutdownDrainMs: number;
  /** After SIGTERM: when the process exits whatever is still running. */
  shutdownTimeoutMs: number;
  /** OTLP/HTTP endpoint of traces; null: no traces exported. */
  otlpEndpoint: string | null;
  /** `service.name` of the spans. */
  otelServiceName: string;
  /** Extra headers of the OTLP exporter (`k=v,k2=v2`). */
  otlpHeaders: string | null;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; errors: string[] };

/** Every setting this service reads. */
export const SETTINGS: readonly string[] = Object.keys(EnvSchema.shape);

// Names that are ours by their prefix: an unknown one is a misspelt setting, not someone else's.
const OUR_PREFIXES =
  /^(DATABASE_|REDIS_|OPS_|CORS_|SIMULATOR_|MEDIA_|AUTOREVIEW_|INTAKE_|SMTP_|METRICS_|SHUTDOWN_|SEED|TRUST_PROXY|PUBLIC_URL|RATE_LIMIT|FAILED_AUTH|DATA_DIR|STATIC_DIR|ALLOW_PUBLIC)/;
// What Kubernetes (and Docker's legacy links) set for every service beside us: REDIS_PORT,
// DATABASE_SERVICE_HOST, REDIS_PORT_6379_TCP_ADDR... are theirs, not misspelt settings.
const PLATFORM_NAMES =
  /_(SERVICE_HOST|SERVICE_PORT(_\w+)?|PORT(_\d+_(TCP|UDP|SCTP)(_\w+)?)?|NAME|ENV_\w+)$/;

/** Edits (insert, delete, replace, swap two neighbours) from a to b. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * Variables that look like a misspelt setting (decision 0079): one with our prefixes that we do
 * not read, or one a typo or two away from a setting (DATABSE_URL). Each is one line.
 */
export function unknownSettings(source: Record<string, string | undefined>): string[] {
  const errors: string[] = [];
  for (const name of Object.keys(source)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || SETTINGS.includes(name)) continue;
    const near = SETTINGS.map((s) => ({ s, d: distance(name, s) })).sort((a, b) => a.d - b.d)[0];
    const close = near !== undefined && near.d <= (near.s.length >= 8 ? 2 : 1);
    const ours = OUR_PREFIXES.test(name) && !PLATFORM_NAMES.test(name);
    if (!close && !ours) continue;
    errors.push(
      `${name} is not a setting of this service${close ? ` (did you mean ${near.s}?)` : ''}; docs/deployment.md lists them`,
    );
  }
  return errors;
}

/** Validates a set of variables; each error is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const unknown = unknownSettings(source);
  if (unknown.length > 0) return { ok: false, errors: unknown };
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const errors = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = source[name];
      const secret = [
        'OPS_TOKEN',
        'AUTOREVIEW_API_KEY',
        'DATABASE_URL',
        'REDIS_URL',
        'SMTP_RELAY_URL',
        'METRICS_TOKEN',
      ].includes(name);
      const shown = raw === undefined || secret ? '' : ` (got "${raw}")`;
      return `${name} ${issue.message}${shown}`;
    });
    return { ok: false, errors };
  }
  const e = result.data;
  if ((e.INTAKE_TLS_CERT === undefined) !== (e.INTAKE_TLS_KEY === undefined)) {
    return {
      ok: false,
      errors: [
        `${e.INTAKE_TLS_CERT === undefined ? 'INTAKE_TLS_CERT' : 'INTAKE_TLS_KEY'} must be set too: STARTTLS needs both the certificate and its key`,
      ],
    };
  }
  if (e.SEED === 'demo' && !isLoopbackHost(e.HOST) && e.ALLOW_PUBLIC_DEMO !== 'yes') {
    return {
      ok: false,
      errors: [
        `SEED=demo publishes the demo keys and passwords, and HOST=${e.HOST} is not a loopback address: set SEED=none, a loopback HOST (127.0.0.1), or ALLOW_PUBLIC_DEMO=yes if that is what you mean`,
      ],
    };
  }
  if (e.SHUTDOWN_DRAIN_S >= e.SHUTDOWN_TIMEOUT_S) {
    return {
      ok: false,
      errors: [
        `SHUTDOWN_DRAIN_S (${e.SHUTDOWN_DRAIN_S}) must be less than SHUTDOWN_TIMEOUT_S (${e.SHUTDOWN_TIMEOUT_S}): requests in flight need time to finish after the drain`,
      ],
    };
  }
  return {
    ok: true,
    env: {
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL ?? null,
      dataDir: e.DATA_DIR,
      redisUrl: e.REDIS_URL ?? null,
      opsToken: e.OPS_TOKEN ?? null,
      seed: e.SEED,
      rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
      failedAuthPerMinute: e.FAILED_AUTH_PER_MINUTE,
      opsRateLimitPerMinute: e.OPS_RATE_LIMIT_PER_MINUTE,
      corsOrigins: e.CORS_ORIGINS,
      logLevel: e.LOG_LEVEL,
      staticDir: e.STATIC_DIR,
      simulator: e.SIMULATOR ?? (e.SEED === 'demo' ? 'on' : 'off'),
      simulatorTickMs: e.SIMULATOR_TICK_MS,
      simulatorReviewS: e.SIMULATOR_REVIEW_S,
      mediaAllowHosts: (e.MEDIA_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      mediaMaxBytes: e.MEDIA_MAX_BYTES,
      mediaFetchTimeoutMs: e.MEDIA_FETCH_TIMEOUT_MS,
      autoreview: e.AUTOREVIEW_URL
        ? {
            url: e.AUTOREVIEW_URL,
            model: e.AUTOREVIEW_MODEL,
            apiKey: e.AUTOREVIEW_API_KEY ?? null,
            timeoutMs: e.AUTOREVIEW_TIMEOUT_MS,
          }
        : null,
      intake:
        e.INTAKE_SMTP_PORT === undefined
          ? null
          : {
              port: e.INTAKE_SMTP_PORT,
              tlsCert: e.INTAKE_TLS_CERT ?? null,
              tlsKey: e.INTAKE_TLS_KEY ?? null,
            },
      intakeDomain: e.INTAKE_DOMAIN,
      intakeMaxMessageBytes: e.INTAKE_MAX_MESSAGE_BYTES,
      intakeRateLimitPerMinute: e.INTAKE_RATE_LIMIT_PER_MINUTE,
      smtpRelayUrl: e.SMTP_RELAY_URL ?? null,
      intakeReplyFrom: e.INTAKE_REPLY_FROM ?? `usage-reports@${e.INTAKE_DOMAIN}`,
      invitationFrom: e.INVITATION_FROM ?? `invitations@${e.INTAKE_DOMAIN}`,
      trustProxy: e.TRUST_PROXY,
      publicUrl: e.PUBLIC_URL,
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsPort: e.METRICS_PORT ?? null,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_S * 1000,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
      otelServiceName: e.OTEL_SERVICE_NAME ?? 'campaign-console',
      otlpHeaders: e.OTEL_EXPORTER_OTLP_HEADERS ?? null,
    },
  };
}

/** Reads process.env; on a bad variable prints one line per problem and exits with status 1. */
export function loadEnv(): Env {
  const result = parseEnv(process.env);
  if (result.ok) return result.env;
  for (const line of result.errors) console.error(`Invalid environment: ${line}`);
  process.exit(1);
}
