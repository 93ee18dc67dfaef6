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
    z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).default('demo'),
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
  /** Requests failing authentication per client address per minute (extensions section 12). */
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
  /** Hosts whose media may be fetched although they resolve to loopback or private addresses. */
  mediaAllowHosts: string[];
  mediaMaxBytes: number;
  mediaFetchTimeoutMs: number;
  /** The OpenAI-compatible chat-completions endpoint of automatic review, or null for none. */
  autoreview: { url: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  /** The SMTP intake of usage reports (extensions section 10); null when off. */
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
}

export type EnvResult = { ok: true; env: Env } | { ok: false; errors: string[] };

/** Validates a set of variables; each error is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
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
