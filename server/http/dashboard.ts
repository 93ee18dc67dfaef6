import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

// The built dashboard (dist/client) at /, with an SPA fallback to index.html for the paths of
// its client-side routes. API, ops, docs, health and metrics paths never fall back: an unknown one
// answers 404 with the error body (probes and scrapers must not read the dashboard as a 200).

const NOT_DASHBOARD = /^\/(2026-07|ops|docs|healthz|livez|readyz|metrics)(\/|$)/;

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Campaign Console</title></head>
<body>
<h1>Campaign Console</h1>
<p>The dashboard is not built. Run <code>npm run build</code> (or <code>npm run dev</code> while developing),
then reload. The API is at <a href="/docs">/docs</a>.</p>
</body></html>
`;

/** The directory to serve, or null when there is no build (or STATIC_DIR=none). */
export function resolveStaticDir(staticDir: string, cwd = process.cwd()): string | null {
  if (staticDir === 'none') return null;
  const dir = resolve(cwd, staticDir);
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

export function mountDashboard(app: Hono<AppEnv>, staticDir: string | null): void {
  if (!staticDir) {
    app.get('/', (c) => c.html(NO_BUILD_PAGE));
    return;
  }
  // The build writes .br and .gz beside each text file (scripts/precompress.mjs, decision 0083):
  // served by Accept-Encoding with Vary, nothing compressed per request.
  const files = serveStatic<AppEnv>({ root: staticDir, precompressed: true });
  const indexPath = join(staticDir, 'index.html');
  let indexHtml: string | undefined;
  app.get('*', async (c, next) => {
    if (NOT_DASHBOARD.test(c.req.path)) return next();
    const res = await files(c, next);
    if (res instanceof Response && res.status < 300) {
      // Vite fingerprints everything under assets/: cache it for good; the rest revalidates.
      res.headers.set(
        'Cache-Control',
        c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    return res;
  });
  app.get('*', async (c, next) => {
    if (NOT_DASHBOARD.test(c.req.path)) return next();
    // A missing asset is a 404, not the app shell (a stale tab asking for an old chunk).
    if (c.req.path.startsWith('/assets/')) return next();
    indexHtml ??= readFileSync(indexPath, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
