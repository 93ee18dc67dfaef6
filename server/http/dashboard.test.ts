import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestContext, TEST_OPS_TOKEN, type TestContext } from '../test/harness.ts';
import { resolveStaticDir } from './dashboard.ts';

let ctx: TestContext;
let dir: string;
let app: App;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = mkdtempSync(join(tmpdir(), 'cc-dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("dashboard")');
  // What scripts/precompress.mjs writes beside it (marked, to see which one is served).
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.br'), 'brotli bytes');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.gz'), 'gzip bytes');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = ctx.makeApp({ staticDir: resolveStaticDir(dir) });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

const SECURITY = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; " +
    "media-src 'self' https: http:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; " +
    "form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

describe('the dashboard', () => {
  it('serves index.html at / with the security headers', async () => {
    const res = await ctx.requestTo(app, 'GET', '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    for (const [name, value] of Object.entries(SECURITY)) expect(res.headers.get(name)).toBe(value);
  });

  it('falls back to index.html for the paths of client-side routes, with the security headers', async () => {
    const res = await ctx.requestTo(app, 'GET', '/campaigns/123/review');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.text).toContain('<div id="root">');
    for (const [name, value] of Object.entries(SECURITY)) expect(res.headers.get(name)).toBe(value);
  });

  it('caches fingerprinted assets for good and other files not', async () => {
    const asset = await ctx.requestTo(app, 'GET', '/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.requestTo(app, 'GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('serves the precompressed file the client accepts, brotli first, with Vary', async () => {
    const asked = (encoding: string | null) =>
      ctx.requestTo(app, 'GET', '/assets/app-1a2b.js', {
        headers: encoding === null ? {} : { 'Accept-Encoding': encoding },
      });
    const br = await asked('gzip, deflate, br, zstd');
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    expect(br.headers.get('Content-Type')).toMatch(/javascript/);
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(br.text).toBe('brotli bytes');
    const gzip = await asked('gzip');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gzip.text).toBe('gzip bytes');
    const plain = await asked(null);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.text).toBe('console.log("dashboard")');
  });

  it('answers 404 for a missing asset instead of the app shell', async () => {
    const res = await ctx.requestTo(app, 'GET', '/assets/app-old.js');
    expect(res.status).toBe(404);
  });

  it('never falls back for API, ops, docs or health paths', async () => {
    const key = (await ctx.ops.brandWithKey()).key.key;
    const api = await ctx.requestTo(app, 'GET', '/2026-07/unknown', { key });
    expect(api.status).toBe(404);
    expect(api.json.code).toBe('not_found');
    expect((await ctx.requestTo(app, 'GET', '/docs/unknown.js')).json.code).toBe('not_found');
  });

  it('answers unknown health, metrics and ops paths 404 with the error body, not the dashboard', async () => {
    for (const path of [
      '/metrics',
      '/healthz/unknown',
      '/readyz',
      '/livez',
      '/metrics/x',
      '/ops/unknown',
    ]) {
      const res = await ctx.requestTo(app, 'GET', path, { key: TEST_OPS_TOKEN });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/^application\/json/);
      expect(res.text, path).not.toContain('<div id="root">');
    }
  });

  it('without a build, / says to run npm run build', async () => {
    expect(resolveStaticDir(join(dir, 'nothing-here'))).toBeNull();
    expect(resolveStaticDir('none')).toBeNull();
    const res = await ctx.request('GET', '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('npm run build');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });
});
