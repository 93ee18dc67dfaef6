// Measures `npm start` on an already built tree: from spawning the command to GET /healthz
// answering 200, with a new data directory (migrations + demo world) and with an existing one.
// Usage: node bench/cold-start.mjs [runs]   (writes bench/results/cold-start.json)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildNeeded } from '../scripts/build-state.mjs';

const runs = Number(process.argv[2] ?? 3);
const port = 8200 + Math.floor(Math.random() * 500);

if (buildNeeded()) {
  console.error('Build first (npm run build): this measures a start on an already built tree.');
  process.exit(1);
}

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      OPS_TOKEN: 'bench-ops-token',
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('not up within 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-cold-'));
  try {
    fresh.push(await startOnce(dir));
    existing.push(await startOnce(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const result = {
  measured_at: new Date().toISOString(),
  runs,
  new_data_dir_ms: { median: Math.round(median(fresh)), all: fresh.map(Math.round) },
  existing_data_dir_ms: { median: Math.round(median(existing)), all: existing.map(Math.round) },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/cold-start.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
