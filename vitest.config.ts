import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'service',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          // PGlite takes a few seconds to boot: one instance per file, files in parallel on 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
