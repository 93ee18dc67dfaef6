import { describe, expect, it } from 'vitest';
import { fileContext } from '../../test/harness.ts';

const ctx = await fileContext();

describe('the OpenAPI documents of creator activity', () => {
  it('document the buyer routes with the scope each needs', async () => {
    const doc = (await ctx.request('GET', '/2026-07/openapi.json')).json;
    const scope = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    const c = '/campaigns/{campaign_id}';
    const needs: [path: string, method: string, scope: string][] = [
      [`${c}/creators`, 'get', 'campaigns:read'],
      [`${c}/creators/{creator_id}`, 'get', 'campaigns:read'],
      [`${c}/creators/{creator_id}/approve`, 'post', 'creators:write'],
      [`${c}/creators/{creator_id}/reject`, 'post', 'creators:write'],
      [`${c}/submissions`, 'get', 'campaigns:read'],
      [`${c}/submissions/{submission_id}`, 'get', 'campaigns:read'],
      [`${c}/submissions/{submission_id}/approve`, 'post', 'submissions:write'],
      [`${c}/submissions/{submission_id}/reject`, 'post', 'submissions:write'],
      [`${c}/posts`, 'get', 'campaigns:read'],
      ['/events', 'get', 'campaigns:read'],
    ];
    for (const [path, method, needed] of needs)
      expect(scope(path, method), `${method} ${path}`).toEqual([{ bearerAuth: [needed] }]);
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

    // What the edge answers on any operation (decision 0086), with Allow on 405.
    const me = doc.paths['/me'].get;
    expect(Object.keys(me.responses)).toEqual(
      expect.arrayContaining(['400', '405', '408', '429', '431', '500']),
    );
    expect(Object.keys(me.responses['405'].headers)).toContain('Allow');
    // The sign-in limits count every answer of a sign-in, the 401 of a wrong password included.
    const signIn = doc.paths['/sessions'].post;
    expect(Object.keys(signIn.responses['401'].headers)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'RateLimit', 'RateLimit-Policy']),
    );
    expect(Object.keys(signIn.responses['429'].headers)).toContain('Retry-After');

    // /ops counts every request per client address: every answer carries the RateLimit headers.
    const ops = (await ctx.request('GET', '/ops/openapi.json')).json;
    const brand = ops.paths['/brands'].post;
    expect(Object.keys(brand.responses['201'].headers)).toEqual([
      'X-Request-Id',
      'RateLimit',
      'RateLimit-Policy',
    ]);
    expect(Object.keys(brand.responses['401'].headers)).toContain('RateLimit');
    expect(Object.keys(brand.responses['429'].headers)).toContain('Retry-After');
    expect(Object.keys(ops.components.headers).sort()).toEqual(
      ['Allow', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'].sort(),
    );
  });
});
