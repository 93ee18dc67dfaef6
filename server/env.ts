import { z } from 'zod';

// The only reader of process.env. Every variable is validated at boot; a bad one stops the
// service with one line naming it, rather than failing later in some request.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

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
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, { error: 'must be a redis:// or rediss:// URL' })
      .optional(),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./.data')),
  OPS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{8,512}$/, { error: 'must be 8 to 512 printable characters without spaces' })
      .optional(),
  ),
  SEED: z.preprocess(
    blankToUndefined,
    z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).default('demo'),
  ),
  RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000_000, 600),
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
  /** Empty: same origin only. */
  corsOrigins: string[];
  logLevel: LogLevel;
  /** Directory of the built dashboard, or 'none' to serve no dashboard. */
  staticDir: string;
  /** The simulator of creator activity; default on with the demo world, off without. */
  simulator: 'on' | 'off';
  /** Milliseconds between two steps of the simulator (its pace). */
  simulatorTickMs: number;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; errors: string[] };

/** Validates a set of variables; each error is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const errors = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = source[name];
      const shown = raw === undefined || name === 'OPS_TOKEN' || name === 'DATABASE_URL' || name === 'REDIS_URL' ? '' : ` (got "${raw}")`;
      return `${name} ${issue.message}${shown}`;
    });
    return { ok: false, errors };
  }
  const e = result.data;
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
      corsOrigins: e.CORS_ORIGINS,
      logLevel: e.LOG_LEVEL,
      staticDir: e.STATIC_DIR,
      simulator: e.SIMULATOR ?? (e.SEED === 'demo' ? 'on' : 'off'),
      simulatorTickMs: e.SIMULATOR_TICK_MS,
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
