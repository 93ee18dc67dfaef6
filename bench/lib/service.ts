// The built service as a child process (SEED=none, no simulator), and HTTP calls to it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { config, ROOT, sleep } from './config.ts';

/**
 * Builds when the build is older than its sources (as npm start does); the service at least. Then
 * measures a private copy of the build: someone rebuilding dist/ during a long run (a regenerated
 * migration, say) must not change the service under measure between two of its starts.
 */
export async function ensureBuild(options: { client?: boolean } = {}) {
  if (process.env.BENCH_SERVICE) return;
  await buildIfNeeded(options);
  // Under node_modules, so that the bundle still resolves its packages from the repository's.
  const dir = join(ROOT, 'node_modules', '.cache', 'cc-bench', String(process.pid));
  cpSync(join(ROOT, 'dist', 'server'), join(dir, 'server'), { recursive: true });
  if (existsSync(join(ROOT, 'dist', 'client'))) {
    cpSync(join(ROOT, 'dist', 'client'), join(dir, 'client'), { recursive: true });
    config.staticDir = join(dir, 'client');
  }
  config.service = join(dir, 'server', 'index.js');
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}

/** Builds when the build is older than its sources (for scripts that refuse a stale build). */
export async function buildIfNeeded(options: { client?: boolean } = {}) {
  // A plain .mjs helper shared with npm start; imported by URL so TypeScript takes it as is.
  const state = (await import(new URL('../../scripts/build-state.mjs', import.meta.url).href)) as {
    buildNeeded(): string | null;
  };
  const why = state.buildNeeded();
  if (!why) return;
  console.log(`Building (${why}) ...`);
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status === 0) return;
  // The dashboard's build failing (someone editing src/) must not stop a measure of the service.
  if (options.client) throw new Error('npm run build failed, and the dashboard is measured');
  console.warn('npm run build failed; building only the service (npm run build:server).');
  if (spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' }).status !== 0) {
    throw new Error('npm run build:server failed');
  }
}

export interface Service {
  base: string;
  port: number;
  pid: number;
  /** The last 4,000 characters the process wrote. */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the built service with `env` over the bench's defaults; resolves once /healthz answers. */
export async function startService(env: Record<string, string>): Promise<Service> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [config.service], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OPS_TOKEN: config.opsToken,
      SEED: 'none',
      SIMULATOR: 'off',
      // No load balancer to wait for: SIGTERM stops without the production drain (decision 0082).
      SHUTDOWN_DRAIN_S: '0',
      STATIC_DIR: 'none',
      LOG_LEVEL: config.logLevel,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      OPS_RATE_LIMIT_PER_MINUTE: '1000000000',
      FAILED_AUTH_PER_MINUTE: '1000000000',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  // A bench that dies leaves no service behind.
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  void exited.then(() => process.off('exit', kill));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode}:\n${output}`);
    if (performance.now() - started > 60_000) {
      await stop();
      throw new Error(`the service did not answer within 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok)
        return { base, port, pid: child.pid!, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/** One JSON call that must succeed (2xx); the parsed answer. */
export async function call<T>(
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}
