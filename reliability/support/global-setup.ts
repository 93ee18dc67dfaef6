import { spawnSync } from 'node:child_process';

// The crash and browser parts start the built service (dist/server/index.js) as a child process.
// Build it once, before any test file runs, and only when it is missing or older than its sources
// (the same rule as `npm start`), so test files never build in parallel.
export default async function setup(): Promise<void> {
  if (process.env.RELIABILITY_SKIP_BUILD === '1') return;
  const state = (await import(new URL('../../scripts/build-state.mjs', import.meta.url).href)) as {
    buildNeeded: () => string | null;
  };
  const why = state.buildNeeded();
  if (!why) return;
  console.log(`reliability: building (${why})`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}
