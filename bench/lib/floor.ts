// Starts the floor server (bench/lib/floor-server.ts) as a child process, as startService starts
// the service: the same Node, a port of its own, ready once it answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, sleep } from './config.ts';
import type { WriteContext } from './endpoint-work.ts';
import { freePort } from './service.ts';
import type { Statement } from './target.ts';

/** What the floor serves: each read's statements by name, and whose writes. */
export interface FloorCases {
  reads: Record<string, Statement[]>;
  writes: WriteContext;
}

/** The database the floor opens: the service's PostgreSQL database, or its PGlite directory. */
export type FloorDatabase = { url: string } | { pgliteDir: string };

export interface Floor {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startFloor(database: FloorDatabase, cases: FloorCases): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-floor-'));
  const casesPath = join(dir, 'cases.json');
  writeFileSync(casesPath, JSON.stringify(cases));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/floor-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FLOOR_CASES: casesPath,
      FLOOR_PORT: String(port),
      ...('url' in database
        ? { FLOOR_DATABASE_URL: database.url }
        : { FLOOR_PGLITE_DIR: database.pgliteDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    process.off('exit', kill);
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the floor server exited:\n${output}`);
    if (performance.now() - started > 60_000) {
      await stop();
      throw new Error(`the floor server did not answer within 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/ready`)).ok) return { base, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}
