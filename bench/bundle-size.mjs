// Compressed JavaScript a screen loads, measured in Chromium from the production build:
// every script the page requests is gzipped (level 9) from dist/client and summed.
// Also checks that recharts stays on the metrics screen: the chunks holding recharts (found from
// the build's source maps) are loaded by no other screen, and are not in the static import
// closure of the entry (so no screen can pull them in without going through the metrics screen's
// lazy import).
// Usage: node bench/bundle-size.mjs   (writes bench/results/bundle-size.json)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildNeeded } from '../scripts/build-state.mjs';

const BUDGET_BYTES = 150 * 1024; // issue 15 (was 170 KB)
const ASSETS = 'dist/client/assets';
const port = 8700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;

if (buildNeeded()) {
  console.error('Build first (npm run build).');
  process.exit(1);
}

// Chunks whose source map lists a recharts module.
const chunks = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
const rechartsChunks = chunks.filter((file) => {
  const map = `${ASSETS}/${file}.map`;
  if (!existsSync(map)) return false;
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'));
  return sources.some((s) => s.includes('node_modules/recharts/'));
});

// The static import closure of the entry chunk(s) named by index.html.
const staticImports = (file) =>
  [
    ...readFileSync(`${ASSETS}/${file}`, 'utf8').matchAll(
      /(?:import|from)\s*["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((m) => m[1]);
const entries = [
  ...readFileSync('dist/client/index.html', 'utf8').matchAll(/src="\/assets\/([^"]+\.js)"/g),
].map((m) => m[1]);
const closure = new Set();
for (const queue = [...entries]; queue.length > 0;) {
  const file = queue.pop();
  if (closure.has(file)) continue;
  closure.add(file);
  queue.push(...staticImports(file));
}

const server = spawn(process.execPath, ['dist/server/index.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: 'memory',
    OPS_TOKEN: 'bench-ops-token',
    LOG_LEVEL: 'warn',
    // The demo brand's key signs in below; the built entry starts empty unless told (decision 0079).
    SEED: 'demo',
    SIMULATOR: 'off',
  },
  stdio: 'ignore',
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (i > 1200) throw new Error('service did not start');
  }
  await new Promise((r) => setTimeout(r, 50));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

/** Signs in once; answers the brand's base path (`/brands/<id>`) and a page that keeps the key. */
async function signedInPage() {
  const page = await browser.newPage();
  await page.goto(`${base}/sign-in`);
  // The screen asks for an e-mail and a password first; the demo brand's key is the other way in.
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByLabel('API key').fill('cck_demo_brand_glowlab_0000000000000000000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/brands\/[^/]+\/campaigns/);
  const brandPath = new URL(page.url()).pathname.replace(/\/campaigns$/, '');
  return { page, brandPath };
}

/**
 * Scripts a full load of `path` requests: until its heading shows (and `ready` holds), then until
 * no new script was requested for a second. Not "network idle": the signed-in shell keeps its
 * event stream open.
 */
async function scriptsOf(page, path, ready) {
  const scripts = new Set();
  let last = Date.now();
  const onRequest = (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'script' && url.origin === base) {
      scripts.add(url.pathname);
      last = Date.now();
    }
  };
  page.on('request', onRequest);
  await page.goto(`${base}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  if (ready) await ready(page);
  while (Date.now() - last < 1000) await new Promise((r) => setTimeout(r, 100));
  page.off('request', onRequest);
  const files = [...scripts].sort().map((p) => {
    const bytes = readFileSync(`dist/client${p}`);
    return { file: p, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { path, files, gzip_total: files.reduce((n, f) => n + f.gzip, 0) };
}

const anonymous = await browser.newPage();
const firstScreen = await scriptsOf(anonymous, '/sign-in');
await anonymous.close();

const { page, brandPath } = await signedInPage();
const screens = {};
for (const screen of ['campaigns', 'overview', 'review', 'creators', 'posts', 'codes', 'metrics']) {
  const ready =
    screen === 'metrics'
      ? (p) =>
          // The first chart drawn (the funnel is plain HTML since the report's redesign).
          p.locator('svg.recharts-surface').first().waitFor({ timeout: 20_000 })
      : undefined;
  screens[screen] = await scriptsOf(page, `${brandPath}/${screen}`, ready);
}
await page.close();
await browser.close();
stop();

const isRecharts = (file) => rechartsChunks.includes(file.replace(/^\/assets\//, ''));
const rechartsLoadedBy = Object.fromEntries(
  Object.entries({ 'sign-in': firstScreen, ...screens }).map(([name, s]) => [
    name,
    s.files.some((f) => isRecharts(f.file)),
  ]),
);
const rechartsOnlyOnMetrics =
  rechartsChunks.length > 0 &&
  rechartsChunks.every((c) => !closure.has(c)) &&
  Object.entries(rechartsLoadedBy).every(([name, loaded]) => loaded === (name === 'metrics'));

const result = {
  measured_at: new Date().toISOString(),
  budget_bytes: BUDGET_BYTES,
  first_screen: firstScreen,
  first_screen_within_budget: firstScreen.gzip_total <= BUDGET_BYTES,
  recharts: {
    chunks: rechartsChunks,
    in_entry_static_closure: rechartsChunks.filter((c) => closure.has(c)),
    loaded_by_screen: rechartsLoadedBy,
    only_on_metrics: rechartsOnlyOnMetrics,
  },
  screens_after_sign_in: screens,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bundle-size.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `first screen (/sign-in): ${firstScreen.gzip_total} bytes gzip (${(firstScreen.gzip_total / 1024).toFixed(1)} KB) of ${BUDGET_BYTES} budget`,
);
for (const [name, s] of Object.entries(screens)) {
  console.log(
    `${name} on a full load: ${s.gzip_total} bytes gzip (${(s.gzip_total / 1024).toFixed(1)} KB)${rechartsLoadedBy[name] ? ', with recharts' : ''}`,
  );
}
console.log(
  `recharts chunks: ${rechartsChunks.join(', ') || 'none found'}; only on the metrics screen: ${rechartsOnlyOnMetrics}`,
);
process.exit(result.first_screen_within_budget && rechartsOnlyOnMetrics ? 0 : 1);
