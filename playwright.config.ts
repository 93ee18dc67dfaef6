import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8099);
export const baseURL = `http://127.0.0.1:${port}`;
export const OPS_TOKEN = 'e2e-ops-token';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // The real product, built and served exactly as `npm start` does, on an in-memory database.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      OPS_TOKEN,
      SEED: 'demo',
      SIMULATOR: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  },
});
