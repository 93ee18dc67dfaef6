import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { RouteDeps } from '../../http/context.ts';
import { ApiError } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { jsonContent, type Router } from '../../http/openapi.ts';
import { applyConventions } from '../../http/openapi-conventions.ts';
import * as examples from '../../http/openapi-examples.ts';

// Health, the OpenAPI documents and the interactive docs (Swagger UI served from the
// swagger-ui-dist package: no CDN, no inline script).

interface DocumentOptions {
  title: string;
  description: string;
  /** The URL the document's paths are relative to. */
  serverUrl: string;
  scheme: { name: string; description: string };
  /** Whether answers to a credential carry the RateLimit headers. */
  rateLimited: boolean;
  /** Whether every answer carries them, as a limit per client address counts every request. */
  limitedByAddress?: boolean;
}

/**
 * Adds `GET /openapi.json` to a router: the OpenAPI 3.1 document of every route registered on it
 * (generated from the contract schemas it validates with), built once on first request.
 */
export function registerOpenApiDocument(router: Router, options: DocumentOptions) {
  router.openAPIRegistry.registerComponent('securitySchemes', options.scheme.name, {
    type: 'http',
    scheme: 'bearer',
    description: options.scheme.description,
  });
  const route = createRoute({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tags: ['Meta'],
    summary: 'This OpenAPI document',
    description: 'Public: no credential needed. Generated from the routes the service registers.',
    security: [],
    responses: {
      200: jsonContent(
        z.looseObject({ openapi: z.string() }),
        'OpenAPI 3.1 document',
        examples.openApiDocument,
      ),
    },
  });
  let document: unknown;
  router.openapi(route, (c) => {
    document ??= applyConventions(
      router.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: options.title, version: '2026-07', description: options.description },
        servers: [{ url: options.serverUrl }],
        security: [{ [options.scheme.name]: [] }],
      }),
      { rateLimited: options.rateLimited, limitedByAddress: options.limitedByAddress ?? false },
    );
    return c.json(document as { openapi: string }, 200);
  });
}

const require = createRequire(import.meta.url);

/** Files of swagger-ui-dist that /docs serves, read once on first request. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Campaign Console API 2026-07</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

const DOCS_INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    urls: [
      { url: '/2026-07/openapi.json', name: 'Campaign API 2026-07' },
      { url: '/ops/openapi.json', name: 'Platform side (/ops)' }
    ],
    'urls.primaryName': 'Campaign API 2026-07',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout'
  });
});
`;

export function metaRoutes(deps: RouteDeps) {
  const app = new Hono<AppEnv>();
  const files = new Map<string, Buffer>();
  let swaggerDir: string | undefined;

  app.get('/healthz', async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch (err) {
      c.get('log').error({ err }, 'health check: database unavailable');
      throw new ApiError(503, 'internal', 'Database unavailable');
    }
    return c.json({ status: 'ok' as const }, 200);
  });
  // Liveness: the process answers HTTP, database or not (also the hello-world baseline of bench/).
  app.get('/healthz/live', (c) => c.json({ status: 'ok' as const }, 200));

  app.get('/docs', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(DOCS_HTML);
  });
  app.get('/docs/', (c) => c.redirect('/docs', 301));
  app.get('/docs/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(DOCS_INIT);
  });
  app.get('/docs/:file', async (c, next) => {
    const name = c.req.param('file');
    const type = SWAGGER_FILES[name];
    if (!type) return next();
    let data = files.get(name);
    if (!data) {
      swaggerDir ??= dirname(require.resolve('swagger-ui-dist/package.json'));
      data = readFileSync(join(swaggerDir, name));
      files.set(name, data);
    }
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(data));
  });
  return app;
}
