import { describe, expect, it } from 'vitest';
import { fileContext } from '../../test/harness.ts';

const ctx = await fileContext();

describe('the OpenAPI documents of creator activity', () => {
  it('document the buyer routes with the scope each needs', async () => {
    const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json;
    const scope = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    const c = '/campaigns/{campaign_id}';
    expect(scope(`${c}/creators`, 'get')).toEqual([{ bearerAuth: ['campaigns:read'] }]);
    expect(scope(`${c}/creators/{creator_id}`, 'get')).toEqual([
      { bearerAuth: ['campaigns:read'] },
    ]);
    expect(scope(`${c}/creators/{creator_id}/approve`, 'post')).toEqual([
      { bearerAuth: ['creators:write'] },
    ]);
    expect(scope(`${c}/creators/{creator_id}/reject`, 'post')).toEqual([
      { bearerAuth: ['creators:write'] },
    ]);
    expect(scope(`${c}/submissions`, 'get')).toEqual([{ bearerAuth: ['campaigns:read'] }]);
    expect(scope(`${c}/submissions/{submission_id}`, 'get')).toEqual([
      { bearerAuth: ['campaigns:read'] },
    ]);
    expect(scope(`${c}/submissions/{submission_id}/approve`, 'post')).toEqual([
      { bearerAuth: ['submissions:write'] },
    ]);
    expect(scope(`${c}/submissions/{submission_id}/reject`, 'post')).toEqual([
      { bearerAuth: ['submissions:write'] },
    ]);
    expect(scope(`${c}/posts`, 'get')).toEqual([{ bearerAuth: ['campaigns:read'] }]);
    expect(scope('/events', 'get')).toEqual([{ bearerAuth: ['campaigns:read'] }]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'CampaignCreator',
        'CreatorPage',
        'Submission',
        'SubmissionPage',
        'Post',
        'PostPage',
        'EngagementMetrics',
      ]),
    );
  });

  it('document the platform side of creator activity', async () => {
    const doc = (await ctx.request('GET', '/ops/openapi.json')).json;
    for (const [path, method] of [
      ['/creators', 'post'],
      ['/campaigns/{id}/applications', 'post'],
      ['/campaigns/{id}/submissions', 'post'],
      ['/submissions/{id}/revise', 'post'],
      ['/submissions/{id}/fail', 'post'],
      ['/submissions/{id}/post', 'post'],
      ['/posts/{id}/metrics', 'patch'],
      ['/posts/{id}/take-down', 'post'],
      ['/payouts', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ opsToken: [] }]);
    }
  });
});

describe('the conventions every operation of the OpenAPI documents declares', () => {
  it('names the headers and statuses the middleware adds, and types the event payload', async () => {
    const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json;
    const create = doc.paths['/campaigns'].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['405', '413', '500']));
    expect(Object.keys(create.responses['201'].headers)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'RateLimit',
        'RateLimit-Policy',
        'Idempotent-Replay',
      ]),
    );
    expect(Object.keys(create.responses['429'].headers)).toContain('Retry-After');
    expect(Object.keys(create.responses['401'].headers)).not.toContain('RateLimit');
    const events = doc.paths['/events'].get;
    expect(events.responses['400']).toBeDefined();
    expect(events.responses['200'].content['text/event-stream'].schema).toEqual({
      $ref: '#/components/schemas/LiveEvent',
    });
    expect(doc.paths['/openapi.json'].get.operationId).toBe('getOpenApiDocument');

    const ops = (await ctx.request('GET', '/ops/openapi.json')).json;
    const brand = ops.paths['/brands'].post;
    expect(Object.keys(brand.responses['201'].headers)).toEqual(['X-Request-Id']);
    expect(Object.keys(ops.components.headers)).toEqual(['X-Request-Id']);
  });
});
