import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const errorsOf = (vars: Record<string, string>) => {
  const result = parseEnv(vars);
  if (result.ok) throw new Error('expected the environment to be refused');
  return result.errors;
};

describe('environment', () => {
  it('gives every variable its default when none is set', () => {
    const result = parseEnv({});
    expect(result).toEqual({
      ok: true,
      env: {
        port: 8080,
        host: '127.0.0.1',
        databaseUrl: null,
        dataDir: './.data',
        redisUrl: null,
        opsToken: null,
        seed: 'none',
        rateLimitPerMinute: 600,
        failedAuthPerMinute: 60,
        opsRateLimitPerMinute: 600,
        corsOrigins: [],
        logLevel: 'info',
        staticDir: 'dist/client',
        simulator: 'off',
        simulatorTickMs: 2500,
        simulatorReviewS: { minS: 20, maxS: 60 },
        mediaAllowHosts: [],
        mediaMaxBytes: 200 * 1024 * 1024,
        mediaFetchTimeoutMs: 30_000,
        autoreview: null,
        intake: null,
        intakeDomain: 'intake.localhost',
        intakeMaxMessageBytes: 5 * 1024 * 1024,
        intakeRateLimitPerMinute: 30,
        smtpRelayUrl: null,
        intakeReplyFrom: 'usage-reports@intake.localhost',
        invitationFrom: 'invitations@intake.localhost',
        trustProxy: null,
        publicUrl: null,
        metricsToken: null,
        metricsPort: null,
        shutdownDrainMs: 5_000,
        shutdownTimeoutMs: 8_000,
        otlpEndpoint: null,
        otelServiceName: 'campaign-console',
        otlpHeaders: null,
      },
    });
  });

  it('runs the simulator with the demo world unless SIMULATOR says otherwise', () => {
    const simulator = (vars: Record<string, string>) => {
      const result = parseEnv(vars);
      return result.ok ? result.env.simulator : null;
    };
    expect(simulator({})).toBe('off');
    expect(simulator({ SEED: 'demo' })).toBe('on');
    expect(simulator({ SEED: 'demo', SIMULATOR: 'off' })).toBe('off');
    expect(simulator({ SEED: 'none' })).toBe('off');
    expect(simulator({ SEED: 'none', SIMULATOR: 'on' })).toBe('on');
    expect(errorsOf({ SIMULATOR: 'maybe' })).toEqual([
      'SIMULATOR must be "on" or "off" (got "maybe")',
    ]);
    expect(errorsOf({ SIMULATOR_TICK_MS: '10' })).toEqual([
      'SIMULATOR_TICK_MS must be an integer from 50 to 600000 (got "10")',
    ]);
    const review = (value: string) => {
      const result = parseEnv({ SIMULATOR_REVIEW_S: value });
      return result.ok ? result.env.simulatorReviewS : null;
    };
    expect(review('5-90')).toEqual({ minS: 5, maxS: 90 });
    expect(review('2')).toEqual({ minS: 2, maxS: 2 });
    expect(errorsOf({ SIMULATOR_REVIEW_S: 'soon' })).toEqual([
      'SIMULATOR_REVIEW_S must be seconds ("30") or a range of seconds ("20-60") (got "soon")',
    ]);
    expect(errorsOf({ SIMULATOR_REVIEW_S: '60-20' })).toHaveLength(1);
  });

  it('treats blank variables as unset', () => {
    const result = parseEnv({ PORT: '', DATABASE_URL: ' ', OPS_TOKEN: '', SEED: '' });
    expect(result.ok && result.env).toMatchObject({
      port: 8080,
      databaseUrl: null,
      opsToken: null,
      seed: 'none',
    });
  });

  it('reads every variable', () => {
    const result = parseEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/cc',
      DATA_DIR: 'memory',
      REDIS_URL: 'redis://:secret@cache:6379/2',
      OPS_TOKEN: 'a-long-ops-token',
      SEED: 'none',
      RATE_LIMIT_PER_MINUTE: '5',
      FAILED_AUTH_PER_MINUTE: '7',
      OPS_RATE_LIMIT_PER_MINUTE: '9',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      LOG_LEVEL: 'silent',
      STATIC_DIR: 'none',
      SIMULATOR_TICK_MS: '200',
      SIMULATOR_REVIEW_S: '3',
      MEDIA_ALLOW_HOSTS: ' CDN.example.com , media.example.org',
      MEDIA_MAX_BYTES: '1048576',
      MEDIA_FETCH_TIMEOUT_MS: '5000',
      AUTOREVIEW_URL: 'https://llm.example.com/v1',
      AUTOREVIEW_MODEL: 'judge-1',
      AUTOREVIEW_API_KEY: 'sk-test',
      AUTOREVIEW_TIMEOUT_MS: '1500',
      INTAKE_SMTP_PORT: '2525',
      INTAKE_DOMAIN: 'Usage.Example.com',
      INTAKE_MAX_MESSAGE_BYTES: '100000',
      INTAKE_RATE_LIMIT_PER_MINUTE: '5',
      INTAKE_TLS_CERT: '/etc/cc/cert.pem',
      INTAKE_TLS_KEY: '/etc/cc/key.pem',
      SMTP_RELAY_URL: 'smtp://user:secret@relay:587',
      INTAKE_REPLY_FROM: 'reports@example.com',
      INVITATION_FROM: 'team@example.com',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      PUBLIC_URL: 'https://console.example.com/',
      METRICS_TOKEN: 'a-metrics-token-of-some-length',
      METRICS_PORT: '9464',
      SHUTDOWN_DRAIN_S: '2',
      SHUTDOWN_TIMEOUT_S: '6',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(result).toEqual({
      ok: true,
      env: {
        port: 9000,
        host: '0.0.0.0',
        databaseUrl: 'postgres://u:p@db:5432/cc',
        dataDir: 'memory',
        redisUrl: 'redis://:secret@cache:6379/2',
        opsToken: 'a-long-ops-token',
        seed: 'none',
        rateLimitPerMinute: 5,
        failedAuthPerMinute: 7,
        opsRateLimitPerMinute: 9,
        corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
        logLevel: 'silent',
        staticDir: 'none',
        simulator: 'off',
        simulatorTickMs: 200,
        simulatorReviewS: { minS: 3, maxS: 3 },
        mediaAllowHosts: ['cdn.example.com', 'media.example.org'],
        mediaMaxBytes: 1_048_576,
        mediaFetchTimeoutMs: 5_000,
        autoreview: {
          url: 'https://llm.example.com/v1',
          model: 'judge-1',
          apiKey: 'sk-test',
          timeoutMs: 1_500,
        },
        intake: { port: 2525, tlsCert: '/etc/cc/cert.pem', tlsKey: '/etc/cc/key.pem' },
        intakeDomain: 'usage.example.com',
        intakeMaxMessageBytes: 100000,
        intakeRateLimitPerMinute: 5,
        smtpRelayUrl: 'smtp://user:secret@relay:587',
        intakeReplyFrom: 'reports@example.com',
        invitationFrom: 'team@example.com',
        trustProxy: ['10.0.0.0/8', 'loopback'],
        publicUrl: 'https://console.example.com',
        metricsToken: 'a-metrics-token-of-some-length',
        metricsPort: 9464,
        shutdownDrainMs: 2_000,
        shutdownTimeoutMs: 6_000,
        otlpEndpoint: 'http://collector:4318',
        otelServiceName: 'campaign-console',
        otlpHeaders: null,
      },
    });
  });

  it('names bad intake variables, never echoing the relay URL, and wants both TLS files', () => {
    expect(errorsOf({ INTAKE_SMTP_PORT: 'smtp' })).toEqual([
      'INTAKE_SMTP_PORT must be an integer from 0 to 65535 (got "smtp")',
    ]);
    expect(errorsOf({ INTAKE_DOMAIN: 'not a domain' })).toEqual([
      'INTAKE_DOMAIN must be a domain name like intake.example.com (got "not a domain")',
    ]);
    expect(errorsOf({ SMTP_RELAY_URL: 'http://user:secret@relay' })).toEqual([
      'SMTP_RELAY_URL must be an smtp:// or smtps:// URL',
    ]);
    expect(errorsOf({ INTAKE_TLS_CERT: '/etc/cc/cert.pem' })).toEqual([
      'INTAKE_TLS_KEY must be set too: STARTTLS needs both the certificate and its key',
    ]);
  });

  it('names a bad PORT and shows its value', () => {
    expect(errorsOf({ PORT: 'eighty' })).toEqual([
      'PORT must be an integer from 0 to 65535 (got "eighty")',
    ]);
    expect(errorsOf({ PORT: '70000' })).toEqual([
      'PORT must be an integer from 0 to 65535 (got "70000")',
    ]);
  });

  it('names a DATABASE_URL that is not postgres:// without echoing it', () => {
    expect(errorsOf({ DATABASE_URL: 'mysql://root:secret@db/x' })).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    ]);
  });

  it('names a REDIS_URL that is not redis:// without echoing it', () => {
    expect(errorsOf({ REDIS_URL: 'http://:secret@cache:6379' })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL',
    ]);
  });

  it('names a bad SEED, RATE_LIMIT_PER_MINUTE and LOG_LEVEL, one line each', () => {
    expect(errorsOf({ SEED: 'lots', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'loud' })).toEqual([
      'SEED must be "demo" or "none" (got "lots")',
      'RATE_LIMIT_PER_MINUTE must be an integer from 1 to 1000000000 (got "0")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it('refuses a CORS origin with a path', () => {
    const errors = errorsOf({ CORS_ORIGINS: 'https://ok.example.com,https://bad.example.com/app' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^CORS_ORIGINS "https:\/\/bad.example.com\/app" is not an origin/);
  });

  it('refuses a short OPS_TOKEN without echoing it', () => {
    expect(errorsOf({ OPS_TOKEN: 'short' })).toEqual([
      'OPS_TOKEN must be 8 to 512 printable characters without spaces',
    ]);
  });

  it('refuses a misspelt setting and an unknown one with our prefixes, naming the nearest', () => {
    expect(errorsOf({ DATABSE_URL: 'postgres://db/cc' })).toEqual([
      'DATABSE_URL is not a setting of this service (did you mean DATABASE_URL?); docs/deployment.md lists them',
    ]);
    expect(errorsOf({ MEDIA_TIMEOUT_MS: '5000', PROT: '80' })).toEqual([
      'MEDIA_TIMEOUT_MS is not a setting of this service; docs/deployment.md lists them',
      'PROT is not a setting of this service (did you mean PORT?); docs/deployment.md lists them',
    ]);
  });

  it("leaves other programs' variables alone, and what Kubernetes sets for services beside us", () => {
    const result = parseEnv({
      HOME: '/root',
      PATH: '/usr/bin',
      HOSTNAME: 'web-1',
      NODE_OPTIONS: '--enable-source-maps',
      TEST_DATABASE_URL: 'postgres://x/y',
      REDIS_PORT: 'tcp://10.0.0.3:6379',
      REDIS_SERVICE_HOST: '10.0.0.3',
      DATABASE_PORT_5432_TCP_ADDR: '10.0.0.4',
      OTEL_SERVICE_NAME: 'console',
    });
    expect(result.ok).toBe(true);
  });

  it('refuses the demo world on a non-loopback HOST unless ALLOW_PUBLIC_DEMO=yes', () => {
    expect(errorsOf({ SEED: 'demo', HOST: '0.0.0.0' })).toEqual([
      'SEED=demo publishes the demo keys and passwords, and HOST=0.0.0.0 is not a loopback address: set SEED=none, a loopback HOST (127.0.0.1), or ALLOW_PUBLIC_DEMO=yes if that is what you mean',
    ]);
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) {
      expect(parseEnv({ SEED: 'demo', HOST: host }).ok).toBe(true);
    }
    expect(parseEnv({ SEED: 'demo', HOST: '0.0.0.0', ALLOW_PUBLIC_DEMO: 'yes' }).ok).toBe(true);
    expect(parseEnv({ HOST: '0.0.0.0' }).ok).toBe(true);
  });

  it('reads TRUST_PROXY as hops or a list, and refuses anything else', () => {
    const trust = (v: string) => {
      const result = parseEnv({ TRUST_PROXY: v });
      return result.ok ? result.env.trustProxy : result.errors;
    };
    expect(trust('1')).toBe(1);
    expect(trust('10.1.0.0/16,192.168.0.7')).toEqual(['10.1.0.0/16', '192.168.0.7']);
    expect(trust('0')).toEqual(['TRUST_PROXY must be a number of hops from 1 to 32 (got "0")']);
    expect(trust('nginx.internal')).toEqual([
      'TRUST_PROXY must be a number of hops or a comma list of addresses, CIDRs (10.0.0.0/8) or loopback, linklocal, uniquelocal (got "nginx.internal")',
    ]);
  });

  it('refuses a PUBLIC_URL with a path, a drain as long as the timeout, and a short METRICS_TOKEN', () => {
    expect(errorsOf({ PUBLIC_URL: 'https://example.com/console' })).toEqual([
      'PUBLIC_URL must be an origin like https://console.example.com (scheme, host, optional port) (got "https://example.com/console")',
    ]);
    expect(errorsOf({ SHUTDOWN_DRAIN_S: '8' })).toEqual([
      'SHUTDOWN_DRAIN_S (8) must be less than SHUTDOWN_TIMEOUT_S (8): requests in flight need time to finish after the drain',
    ]);
    expect(errorsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN must be 16 to 512 printable characters without spaces',
    ]);
  });
});
