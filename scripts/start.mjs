// `npm start`: the demo. Build what is missing or stale, then serve the service and the dashboard
// from this one process (dist/server/index.js serves dist/client beside the API) with the demo
// world. The production entry is `npm run serve` (never builds, SEED=none; docs/deployment.md).
import { spawnSync } from 'node:child_process';
import { buildNeeded } from './build-state.mjs';

const why = buildNeeded();
if (why) {
  console.log(`Building the product (${why})...`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The demo takes usage reports by e-mail on port 2525 unless INTAKE_SMTP_PORT says otherwise
// (set it empty to turn the intake off).
process.env.INTAKE_SMTP_PORT ??= '2525';
// The demo world (keys and sign-ins printed at start); SEED=none starts an empty one.
process.env.SEED ??= 'demo';
await import('../dist/server/index.js');
