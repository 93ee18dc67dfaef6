// Compressed JavaScript a screen loads, measured in Chromium from the production build:
// every script the page requests is gzipped (level 9) from dist/client and summed.
// Usage: node bench/bundle-size.mjs   (writes bench/results/bundle-size.json)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildNeeded } from '../scripts/build-state.mjs';

const BUDGET_BYTES = 170 * 1024;
const port = 8700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;

if (buildNeeded()) {
  console.error('Build first (npm run build).');
  process.exit(1);
}

const server = spawn(process.execPath, ['dist/server/index.js'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: 'memory', OPS_TOKEN: 'bench-ops-token', LOG_LEVEL: 'warn', SIMULATOR: 'off' },
  stdio: 'ignore',
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (i > 400) throw new Error('service did not start');
  }
  await new Promise((r) => setTimeout(r, 50));
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

async function scriptsOf(path, signIn) {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'script' && url.origin === base) scripts.add(url.pathname);
  });
  if (signIn) {
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('API key').fill('cck_demo_brand_glowlab_0000000000000000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/brands\//);
    scripts.clear();
    await page.goto(`${base}${path}`);
  } else {
    await page.goto(`${base}${path}`);
  }
  await page.waitForLoadState('networkidle');
  await page.close();
  const files = [...scripts].sort().map((p) => {
    const bytes = readFileSync(`dist/client${p}`);
    return { file: p, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { path, files, gzip_total: files.reduce((n, f) => n + f.gzip, 0) };
}

const firstScreen = await scriptsOf('/sign-in', false);
const campaigns = await scriptsOf('/', true);
await browser.close();
stop();

const result = {
  measured_at: new Date().toISOString(),
  budget_bytes: BUDGET_BYTES,
  first_screen: firstScreen,
  first_screen_within_budget: firstScreen.gzip_total <= BUDGET_BYTES,
  campaigns_after_sign_in: campaigns,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bundle-size.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(`first screen (/sign-in): ${firstScreen.gzip_total} bytes gzip of ${BUDGET_BYTES} budget`);
console.log(`campaign list on a full load: ${campaigns.gzip_total} bytes gzip`);
process.exit(result.first_screen_within_budget ? 0 : 1);
