// `npm run dev`: the service in watch mode on DEV_API_PORT and Vite with hot reload, which
// proxies /2026-07, /ops, /docs and /healthz to it (see vite.config.ts).
import { spawn } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '8081';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: 'none' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, DEV_API_PORT: apiPort } }),
];

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
