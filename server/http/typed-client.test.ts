import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from '#contract/openapi-api';
import { fileContext } from '../test/harness.ts';

// A client generated from the service's own OpenAPI document (openapi-typescript, regenerated and
// compared by `npm run lint:openapi`) drives a brand's flow against the real service. The flow is
// type-checked with `npm run typecheck`: no cast anywhere, so an answer the document describes
// too loosely (an optional `tasks` on a single campaign, say) fails to compile here, and a header
// the service sends but the document leaves out fails the header check below.

const ctx = await fileContext();

function clientFor(key: string) {
  return createClient<paths>({
    baseUrl: 'http://service.test/2026-07',
    headers: { Authorization: `Bearer ${key}` },
    fetch: (request: Request) => Promise.resolve(ctx.app.request(request)),
  });
}

/** The headers the document promises on an answer, as the generated types name them. */
type Promised<H> = Exclude<keyof H, number | symbol>;

describe('a client generated from the OpenAPI document', () => {
  it('creates, lists, reads, updates and publishes a campaign with no cast', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const api = clientFor(key.key);

    const created = await api.POST('/campaigns', {
      body: {
        name: 'Typed flow',
        tasks: [{ title: 'Routine', instructions: 'Show the serum.', platforms: ['tiktok'] }],
      },
    });
    expect(created.response.status).toBe(201);
    if (!created.data) throw new Error(`create answered ${created.response.status}`);
    // A single campaign always embeds its tasks: no optional chaining needed.
    const taskId: string = created.data.tasks[0]!.id;
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await api.GET('/campaigns', { params: { query: { limit: 10 } } });
    const names: string[] = listed.data?.data.map((c) => c.name) ?? [];
    expect(names).toContain('Typed flow');
    const count: number | undefined = listed.data?.data[0]?.tasks_count;
    expect(count).toBe(1);

    const id = created.data.id;
    const read = await api.GET('/campaigns/{campaign_id}', {
      params: { path: { campaign_id: id } },
    });
    expect(read.data?.tasks.map((t) => t.title)).toEqual(['Routine']);

    const renamed = await api.PATCH('/campaigns/{campaign_id}', {
      params: { path: { campaign_id: id } },
      body: { name: 'Typed flow, renamed' },
    });
    expect(renamed.data?.name).toBe('Typed flow, renamed');

    const published = await api.POST('/campaigns/{campaign_id}/publish', {
      params: { path: { campaign_id: id } },
    });
    expect(published.data?.status).toBe('pending_approval');

    const refused = await api.GET('/campaigns/{campaign_id}', {
      params: { path: { campaign_id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(refused.response.status).toBe(404);
    expect(refused.error?.code).toBe('not_found');
    expect(refused.error?.error).toBe(404);
  });

  it('sees every header the service sends on an answer', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const api = clientFor(key.key);
    const created = await api.POST('/campaigns', { body: { name: 'Headers' } });
    type CreatedHeaders = paths['/campaigns']['post']['responses'][201]['headers'];
    const promised: Promised<CreatedHeaders>[] = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy'];
    for (const name of promised) expect(created.response.headers.get(name)).toBeTruthy();
    // Every header of ours (not the transport's) that the answer carries is one the types name.
    const ours = [...created.response.headers.keys()].filter(
      (h) => h.startsWith('x-request') || h.startsWith('ratelimit') || h === 'retry-after',
    );
    const named = new Set(promised.map((h) => h.toLowerCase()));
    for (const header of ours) expect(named, `${header} is in the document`).toContain(header);
  });
});
