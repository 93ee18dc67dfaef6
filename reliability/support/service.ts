import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// The built service (dist/server/index.js, made by the global setup) as a child process on a
// port of its own, exactly as `npm start` runs it.

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const OPS_TOKEN = 'reliability-ops-token';
export const DEMO_BRAND_KEY = 'cck_demo_brand_glowlab_0000000000000000000000';
export const DEMO_AGENCY_KEY = 'cck_demo_agency_brightline_00000000000000000';

export interface Service {
  url: string;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Kills the process with `signal` and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startService(port: number, env: Record<string, string>): Promise<Service> {
  const entry = `${ROOT}dist/server/index.js`;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      OPS_TOKEN,
      SEED: 'none',
      SIMULATOR: 'off',
      // No load balancer to wait for: SIGTERM stops without the production drain (decision 0082).
      SHUTDOWN_DRAIN_S: '0',
      LOG_LEVEL: 'info',
      STATIC_DIR: 'dist/client',
      // Setup goes through /ops from one address; the parts probing these limits set them.
      OPS_RATE_LIMIT_PER_MINUTE: '1000000',
      FAILED_AUTH_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not answer /healthz within 90 s:\n${out}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    port,
    output: () => out,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A JSON call to a running service. */
export async function http(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any; headers: Headers; text: string }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers, text };
}

/** A new brand and a brand key on a running service, through /ops. */
export async function brandAndKey(
  base: string,
): Promise<{ brandId: string; key: string; keyId: string }> {
  const brand = await http(base, 'POST', '/ops/brands', {
    token: OPS_TOKEN,
    body: { name: `Brand ${randomBytes(3).toString('hex')}` },
  });
  if (brand.status !== 201) throw new Error(`POST /ops/brands: ${brand.status} ${brand.text}`);
  const key = await http(base, 'POST', '/ops/keys', {
    token: OPS_TOKEN,
    body: { kind: 'brand', brand_id: brand.json.id },
  });
  if (key.status !== 201) throw new Error(`POST /ops/keys: ${key.status} ${key.text}`);
  return { brandId: brand.json.id, key: key.json.key, keyId: key.json.id };
}

/** A fresh PostgreSQL database on the server of TEST_DATABASE_URL, dropped by `drop`. */
export async function freshDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cc_rel_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
