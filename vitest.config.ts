import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: ONE on a 2-core machine, which
    // left a core idle and ran the 135 files one after the other (docs/decisions/0114-test-suite-speed.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'service',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          // One database per file (server/test/harness.ts), loaded from a migrated template.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The service's files share a worker process each (no mocks, no stubbed globals or env):
          // its modules, and PGlite's compiled WebAssembly, load once per worker instead of once
          // per file (docs/decisions/0114-test-suite-speed.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['reliability/**/*.test.ts'],
          // Builds dist/ once when stale: the crash and browser parts start the built service.
          globalSetup: ['reliability/support/global-setup.ts'],
          // Fuzzing, races, crashes and a browser on a busy 2-core machine (docs/reliability.md).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // user-event drives whole forms; on a busy 2-core CI machine that takes seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
