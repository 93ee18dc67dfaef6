// `npm run dev`: the service in watch mode on DEV_API_PORT and Vite with hot reload, which
// proxies /2026-07, /ops, /docs and /healthz to it (see vite.config.ts).
import { spawn } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '8081';
const bin = (name) => `node_modules/.bin/${name}`;
// Each child leads its own process group, so stopping one stops everything it started.
const start = (command, args, env) =>
  spawn(command, args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } });

const children = [
  start(bin('tsx'), ['watch', '--clear-screen=false', 'server/index.ts'], {
    PORT: apiPort,
    STATIC_DIR: 'none',
    SEED: process.env.SEED ?? 'demo',
  }),
  start(bin('vite'), [], { DEV_API_PORT: apiPort }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
