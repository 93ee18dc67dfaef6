import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8099);
export const baseURL = `http://127.0.0.1:${port}`;
export const OPS_TOKEN = 'e2e-ops-token';
// A second instance with the simulator on at a fast pace, for the journeys of live activity
// (e2e/live.spec.ts) only; its port follows E2E_PORT so parallel runs do not collide.
const livePort = Number(process.env.E2E_LIVE_PORT ?? port + 1000);
export const liveURL = `http://127.0.0.1:${livePort}`;
export const LIVE_SIMULATOR_TICK_MS = 250;
/** The SMTP intake of usage reports of the first instance (e2e/usage-reports.spec.ts). */
export const intakePort = Number(process.env.E2E_INTAKE_PORT ?? port + 2000);

/** Debian's Chromium and its flags here; the benchmarks in bench/ launch it the same way. */
export const chromiumLaunchOptions = {
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
};

const serverEnv = {
  HOST: '127.0.0.1',
  DATA_DIR: 'memory',
  OPS_TOKEN,
  SEED: 'demo',
  RATE_LIMIT_PER_MINUTE: '100000',
  // Every journey sets its world up through /ops from one address, and some sign in wrongly.
  OPS_RATE_LIMIT_PER_MINUTE: '1000000',
  FAILED_AUTH_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};

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
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: [
    {
      // The real product, built and served exactly as `npm start` does, on an in-memory database;
      // no simulator, so journeys are deterministic.
      command: 'node scripts/start.mjs',
      url: `${baseURL}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(port),
        SIMULATOR: 'off',
        INTAKE_SMTP_PORT: String(intakePort),
      },
    },
    {
      // The same product with the simulator on (web servers start one after the other, so the
      // build above is done by then). Its world is its own: nothing else writes to it.
      command: 'node scripts/start.mjs',
      url: `${liveURL}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(livePort),
        SIMULATOR: 'on',
        SIMULATOR_TICK_MS: String(LIVE_SIMULATOR_TICK_MS),
        INTAKE_SMTP_PORT: '',
      },
    },
  ],
});
