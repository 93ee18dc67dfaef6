// The deployment test (docs/deployment.md): two instances of the built service behind a real nginx
// with TRUST_PROXY, on a fresh database of the real PostgreSQL and the real Redis, no mocks.
//   (a) per-client throttling holds per forwarded client, not per proxy;
//   (b) an invitation link starts with PUBLIC_URL whatever Host the client sent;
//   (c) a rolling restart (SIGTERM one instance, start it again, then the other) under a steady
//       load of reads and writes loses no request and no acknowledged write, and open event
//       streams reconnect and miss no event;
//   (d) /metrics counts what the load did.
// Needs: `npm run build`, nginx on PATH, PostgreSQL (PG_URL), Redis (REDIS_URL). Loopback only;
// every loop is bounded. Usage: node deploy/run.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX_PORT = Number(process.env.DEPLOY_PORT ?? 8470);
const PORTS = [NGINX_PORT + 1, NGINX_PORT + 2];
const OPS_TOKEN = 'deploy-ops-token-0123456789';
const METRICS_TOKEN = 'deploy-metrics-token-0123456789';
const PUBLIC_URL = 'https://console.example.test';
const FAILED_AUTH = 5;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[deploy]', ...a);
const failures = [];
const check = (ok, what) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

/** One HTTP request (no keep-alive), from `localAddress` when given. */
function request(port, method, path, { headers = {}, body, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress,
        agent: false,
        headers: {
          ...(data ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        timeout: 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// --- the database, the instances, nginx -------------------------------------------------------
const dbName = `cc_deploy_${Date.now()}_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
log('database', dbName);

const children = new Map();
function startInstance(i) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORTS[i]),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      REDIS_URL,
      OPS_TOKEN,
      METRICS_TOKEN,
      PUBLIC_URL,
      TRUST_PROXY: '1',
      FAILED_AUTH_PER_MINUTE: String(FAILED_AUTH),
      RATE_LIMIT_PER_MINUTE: '1000000',
      OPS_RATE_LIMIT_PER_MINUTE: '1000000',
      SHUTDOWN_DRAIN_S: '2',
      SHUTDOWN_TIMEOUT_S: '8',
      LOG_LEVEL: 'warn',
      STATIC_DIR: 'none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.on('exit', (code) => r(code)));
  children.set(i, { child, exited });
  return exited;
}
async function ready(port, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const res = await request(port, 'GET', '/healthz/ready').catch(() => null);
    if (res?.status === 200) return;
    await sleep(250);
  }
  throw new Error(`instance on ${port} not ready after ${ms} ms`);
}

const dir = mkdtempSync(join(tmpdir(), 'cc-deploy-'));
// nginx (open source) does not poll readiness: a rollout takes an instance out of the upstream
// (`down`, reload) before its SIGTERM, as docs/deployment.md says. Requests already on their way
// to it still finish within its drain.
const writeConf = (down = -1) =>
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream console { ${PORTS.map((p, i) => `server 127.0.0.1:${p} max_fails=0${i === down ? ' down' : ''};`).join(' ')} }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location / {
      proxy_pass http://console;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
  );
writeConf();
const reload = () =>
  new Promise((done) =>
    spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir, '-s', 'reload'], {
      stdio: 'inherit',
    }).on('exit', done),
  );

let nginx;
async function cleanup() {
  for (const { child } of children.values()) if (child.exitCode === null) child.kill('SIGKILL');
  nginx?.kill('SIGTERM');
  await sleep(300);
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
}

try {
  startInstance(0);
  await ready(PORTS[0]); // the first one migrates
  startInstance(1);
  await ready(PORTS[1]);
  nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  for (let i = 0; i < 40; i++) {
    if ((await request(NGINX_PORT, 'GET', '/healthz/live').catch(() => null))?.status === 200)
      break;
    await sleep(250);
  }
  const ops = (method, path, body, headers = {}) =>
    request(NGINX_PORT, method, path, {
      headers: { Authorization: `Bearer ${OPS_TOKEN}`, ...headers },
      body,
    });
  const brand = (await ops('POST', '/ops/brands', { name: 'Deploy Brand' })).json;
  const key = (await ops('POST', '/ops/keys', { kind: 'brand', brand_id: brand.id })).json.key;
  const auth = { Authorization: `Bearer ${key}` };

  // (a) Two clients on their own loopback addresses (random per run: the counts live in Redis).
  const octet = () => 1 + Math.floor(Math.random() * 250);
  const clientA = `127.${octet()}.${octet()}.${octet()}`;
  const clientB = `127.${octet()}.${octet()}.${octet()}`;
  let refusedAfter = null;
  for (let i = 1; i <= FAILED_AUTH + 3 && refusedAfter === null; i++) {
    const res = await request(NGINX_PORT, 'GET', '/2026-07/me', {
      headers: { Authorization: 'Bearer cck_wrong_key' },
      localAddress: clientA,
    });
    if (res.status === 429) refusedAfter = i;
  }
  check(
    refusedAfter !== null,
    `(a) client A refused 429 after ${refusedAfter} failed authentications`,
  );
  const b = await request(NGINX_PORT, 'GET', '/2026-07/me', {
    headers: { Authorization: 'Bearer cck_wrong_key' },
    localAddress: clientB,
  });
  check(
    b.status === 401,
    `(a) client B behind the same proxy still gets 401, not 429 (got ${b.status})`,
  );

  // (b) Invitation links from PUBLIC_URL whatever Host the client sent.
  const inv = await ops(
    'POST',
    '/ops/invitations',
    { email: `admin-${Date.now()}@example.com`, role: 'admin', brand_id: brand.id },
    { Host: 'evil.example.net' },
  );
  check(
    inv.status === 201 && inv.json.invitation_url.startsWith(`${PUBLIC_URL}/accept-invitation#`),
    `(b) invitation link starts with PUBLIC_URL (got ${inv.status} ${inv.json?.invitation_url?.slice(0, 40)})`,
  );

  // (c) Event streams that reconnect with Last-Event-ID, as EventSource does.
  const seen = [new Set(), new Set()];
  let streaming = true;
  let reconnects = 0;
  async function stream(own) {
    let last = null;
    while (streaming) {
      await new Promise((done) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: NGINX_PORT,
            path: '/2026-07/events',
            agent: false,
            headers: { ...auth, ...(last ? { 'Last-Event-ID': last } : {}) },
          },
          (res) => {
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              buffer += chunk;
              let end;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const frame = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const id = /^id: (.*)$/m.exec(frame)?.[1];
                const data = /^data: (.*)$/m.exec(frame)?.[1];
                if (id) last = id;
                if (data) {
                  const event = JSON.parse(data);
                  if (event.id) own.add(event.id);
                }
              }
            });
            res.on('end', done);
            res.on('error', done);
          },
        );
        req.on('error', done);
        req.end();
        const stop = setInterval(() => {
          if (!streaming) {
            req.destroy();
            clearInterval(stop);
          }
        }, 200);
        req.on('close', () => clearInterval(stop));
      });
      if (streaming) {
        reconnects++;
        await sleep(300);
      }
    }
  }
  const streams = [stream(seen[0]), stream(seen[1])];
  await sleep(1000);

  // A steady load: 4 readers and 2 writers, until the restarts are over.
  let loading = true;
  const results = { reads: 0, writes: 0, failed: [] };
  const acked = [];
  const reader = async () => {
    while (loading) {
      const res = await request(NGINX_PORT, 'GET', '/2026-07/campaigns?limit=5', {
        headers: auth,
      }).catch((err) => ({ status: String(err.message) }));
      if (res.status === 200) results.reads++;
      else results.failed.push(`GET ${res.status}`);
    }
  };
  const writer = async (w) => {
    for (let n = 0; loading; n++) {
      const res = await request(NGINX_PORT, 'POST', '/2026-07/campaigns', {
        headers: auth,
        body: { name: `Load ${w}-${n}` },
      }).catch((err) => ({ status: String(err.message) }));
      if (res.status === 201) {
        results.writes++;
        acked.push(res.json.id);
      } else results.failed.push(`POST ${res.status} ${res.text?.slice(0, 80) ?? ''}`);
      await sleep(20);
    }
  };
  const load = [reader(), reader(), reader(), reader(), writer(1), writer(2)];
  await sleep(2000);
  for (const i of [0, 1]) {
    writeConf(i);
    await reload();
    await sleep(1000);
    const started = Date.now();
    children.get(i).child.kill('SIGTERM');
    const code = await children.get(i).exited;
    log(`instance ${i + 1} exited ${code} after ${Date.now() - started} ms`);
    check(
      code === 0 && Date.now() - started < 8500,
      `(c) instance ${i + 1} drained and exited 0 within 8 s`,
    );
    startInstance(i);
    await ready(PORTS[i]);
    writeConf();
    await reload();
    await sleep(2000);
  }
  loading = false;
  await Promise.all(load);
  check(
    results.failed.length === 0,
    `(c) ${results.reads} reads and ${results.writes} writes, ${results.failed.length} failed ${results.failed.slice(0, 3).join('; ')}`,
  );
  let missing = acked.length;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { rows } = await db.query('select id from campaigns where id = any($1::uuid[])', [acked]);
  missing = acked.length - rows.length;
  await db.end();
  check(
    acked.length > 0 && missing === 0,
    `(c) every acknowledged write is stored (${acked.length} acked, ${missing} missing)`,
  );
  // Streams: every acknowledged campaign's event arrives (bounded wait).
  const unseenBy = (own) => acked.filter((id) => !own.has(id)).length;
  for (let i = 0; i < 40 && seen.some((own) => unseenBy(own) > 0); i++) await sleep(250);
  const unseen = Math.max(...seen.map(unseenBy));
  check(
    unseen === 0,
    `(c) two streams reconnected ${reconnects} times in all; the one that missed most missed ${unseen} of ${acked.length} events`,
  );
  streaming = false;
  await Promise.all(streams);

  // (d) The metrics of both instances count a known load.
  const count = async () => {
    let sum = 0;
    for (const port of PORTS) {
      const res = await request(port, 'GET', '/metrics', {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const m =
        /^cc_http_requests_total\{operation="\/2026-07\/campaigns",method="GET",status="200"\} (\d+)/m.exec(
          res.text,
        );
      sum += Number(m?.[1] ?? 0);
    }
    return sum;
  };
  const before = await count();
  for (let i = 0; i < 50; i++)
    await request(NGINX_PORT, 'GET', '/2026-07/campaigns?limit=5', { headers: auth });
  const after = await count();
  check(
    after - before === 50,
    `(d) /metrics of the two instances counted ${after - before} of 50 reads`,
  );
} catch (err) {
  failures.push(String(err?.stack ?? err));
  console.error(err);
} finally {
  await cleanup();
}
if (failures.length > 0) {
  log(`${failures.length} failed`);
  process.exit(1);
}
log('all passed');
process.exit(0);
