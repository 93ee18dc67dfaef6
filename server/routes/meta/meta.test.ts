import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { fileContext } from '../../test/harness.ts';

const ctx = await fileContext();

/** `METHOD /path/{param}` of every route the app serves under a base, from Hono's route table. */
function servedOperations(base: string): string[] {
  const ops = ctx.app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${base}/`) && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path.slice(base.length).replace(/:([^/]+)/g, '{$1}')}`);
  return [...new Set(ops)].sort();
}

function documentedOperations(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('GET /2026-07/openapi.json', () => {
  it('answers without a key an OpenAPI 3.1 document listing exactly the served routes', async () => {
    const res = await ctx.request('GET', '/2026-07/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-07');
    expect(doc.servers).toEqual([{ url: '/2026-07' }]);
    expect(documentedOperations(doc)).toEqual(servedOperations('/2026-07'));
    expect(documentedOperations(doc)).toEqual([
      'DELETE /campaigns/{campaign_id}',
      'DELETE /codes/{code}',
      'DELETE /members/invitations/{invitation_id}',
      'DELETE /members/{member_id}',
      'DELETE /sessions/current',
      'GET /audit-events',
      'GET /campaigns',
      'GET /campaigns/{campaign_id}',
      'GET /campaigns/{campaign_id}/creators',
      'GET /campaigns/{campaign_id}/creators/{creator_id}',
      'GET /campaigns/{campaign_id}/metrics',
      'GET /campaigns/{campaign_id}/metrics/history',
      'GET /campaigns/{campaign_id}/posts',
      'GET /campaigns/{campaign_id}/posts/{post_id}',
      'GET /campaigns/{campaign_id}/submissions',
      'GET /campaigns/{campaign_id}/submissions/{submission_id}',
      'GET /campaigns/{campaign_id}/submissions/{submission_id}/revisions',
      'GET /campaigns/{campaign_id}/tasks',
      'GET /campaigns/{campaign_id}/tasks/{task_id}',
      'GET /code-groups',
      'GET /codes',
      'GET /events',
      'GET /keys',
      'GET /me',
      'GET /members',
      'GET /members/invitations',
      'GET /metrics',
      'GET /openapi.json',
      'GET /payouts',
      'GET /payouts/entries',
      'GET /publish-reviews/summary',
      'GET /submissions',
      'GET /submissions/counts',
      'GET /targeting/properties',
      'GET /targeting/properties/{property_id}/values',
      'GET /usage-reports',
      'PATCH /campaigns/{campaign_id}',
      'PATCH /campaigns/{campaign_id}/tasks/{task_id}',
      'PATCH /members/{member_id}',
      'POST /campaigns',
      'POST /campaigns/{campaign_id}/creators/{creator_id}/approve',
      'POST /campaigns/{campaign_id}/creators/{creator_id}/reject',
      'POST /campaigns/{campaign_id}/pause',
      'POST /campaigns/{campaign_id}/publish',
      'POST /campaigns/{campaign_id}/resume',
      'POST /campaigns/{campaign_id}/submissions/{submission_id}/approve',
      'POST /campaigns/{campaign_id}/submissions/{submission_id}/reject',
      'POST /campaigns/{campaign_id}/tasks',
      'POST /campaigns/{campaign_id}/tasks/{task_id}/archive',
      'POST /campaigns/{campaign_id}/tasks/{task_id}/unarchive',
      'POST /campaigns/{campaign_id}/withdraw',
      'POST /code-groups/{group_id}/rotate-intake',
      'POST /codes',
      'POST /invitations/{token}/accept',
      'POST /keys',
      'POST /keys/{key_id}/revoke',
      'POST /members/invitations',
      'POST /members/invitations/{invitation_id}/resend',
      'POST /sessions',
      'PUT /codes',
      'PUT /codes/{code}',
    ]);
  });

  it('declares bearer authentication, with the scope each operation needs', async () => {
    const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/targeting/properties'].get.security).toEqual([
      { bearerAuth: ['campaigns:read'] },
    ]);
    expect(doc.paths['/campaigns'].get.security).toEqual([{ bearerAuth: ['campaigns:read'] }]);
    expect(doc.paths['/campaigns'].post.security).toEqual([{ bearerAuth: ['campaigns:write'] }]);
    expect(doc.paths['/campaigns/{campaign_id}/tasks/{task_id}'].patch.security).toEqual([
      { bearerAuth: ['campaigns:write'] },
    ]);
    expect(doc.paths['/campaigns/{campaign_id}/tasks/{task_id}'].get.security).toEqual([
      { bearerAuth: ['campaigns:read'] },
    ]);
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
  });

  it('describes bodies with the contract schemas as components', async () => {
    const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json;
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Me',
        'Error',
        'TargetingPropertyList',
        'TargetingValueList',
        'Campaign',
        'CampaignCreate',
        'CampaignUpdate',
        'CampaignPage',
        'Task',
        'TaskCreate',
        'TaskUpdate',
        'TaskPage',
      ]),
    );
    const create = doc.paths['/campaigns'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CampaignCreate',
    });
    expect(create.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Campaign',
    });
    expect(create.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          in: 'header',
          name: 'Idempotency-Key',
          schema: expect.objectContaining({ maxLength: 255 }),
        }),
      ]),
    );
    expect(doc.components.schemas.Campaign.properties.status_detail).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/CampaignStatusDetail' }, { type: 'null' }],
    });
    const me = doc.paths['/me'].get.responses;
    expect(me['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Me',
    });
    expect(me['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });
});

describe('GET /ops/openapi.json', () => {
  it('is a separate document of exactly the /ops routes, with the ops token scheme', async () => {
    const res = await ctx.request('GET', '/ops/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.servers).toEqual([{ url: '/ops' }]);
    expect(res.json.components.securitySchemes.opsToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(documentedOperations(res.json)).toEqual(servedOperations('/ops'));
  });
});

describe('/docs', () => {
  it('serves the interactive docs page with no inline script and a strict CSP', async () => {
    const res = await ctx.request('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(3);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/docs\//);
      expect(body!.trim()).toBe('');
    }
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it('serves Swagger UI and its init script from this service, pointing at both documents', async () => {
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['swagger-ui-standalone-preset.js', 'text/javascript'],
      ['swagger-ui.css', 'text/css'],
    ] as const) {
      const res = await ctx.request('GET', `/docs/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toContain(type);
      expect(res.text.length).toBeGreaterThan(1000);
    }
    const init = await ctx.request('GET', '/docs/init.js');
    expect(init.status).toBe(200);
    expect(init.text).toContain('/2026-07/openapi.json');
    expect(init.text).toContain('/ops/openapi.json');
  });

  it('answers 404 for a file of the package it does not serve', async () => {
    expect((await ctx.request('GET', '/docs/package.json')).status).toBe(404);
    expect((await ctx.request('GET', '/docs/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

/** A database that refuses every query. */
const unreachableDb = {
  execute: () => Promise.reject(new Error('connection refused')),
} as unknown as Db;

describe('GET /healthz', () => {
  it('answers 200 {status: ok} once the database answers, without a key', async () => {
    const res = await ctx.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const app = ctx.makeApp({ db: unreachableDb });
    const res = await ctx.requestTo(app, 'GET', '/healthz');
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: 503, code: 'internal', message: 'Database unavailable' });
  });
});

describe('GET /healthz/live', () => {
  it('answers 200 {status: ok} without a key and without asking the database', async () => {
    const app = ctx.makeApp({ db: unreachableDb });
    const res = await ctx.requestTo(app, 'GET', '/healthz/live');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });
});
