import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Campaign, CampaignPage } from '#contract/campaigns';
import { Me } from '#contract/me';
import { realService, type Team } from '#testing/service';
import { ApiError, api, configureApiClient, onUnauthenticated } from './api-client';

// The client against the real service: what it sends is what the service receives, and what it
// makes of an answer is made of the service's own answers. Only faults the service never gives
// (a proxy's HTML page, a dropped connection) are put in between.
const service = realService();

const named = (page: CampaignPage) => page.data.map(({ id, name }) => ({ id, name }));
/** A shape no answer of the service has. */
const Thing = z.object({ id: z.string(), count: z.number() });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** The signed-in brand team (set before each test). */
let team: Team;

describe('api', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    team = await service.world.brandTeam();
    configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: null }) });
  });
  afterEach(() => {
    configureApiClient({ credentials: () => null });
  });

  it('sends the key as a Bearer header to the same origin under /2026-07 and parses the answer', async () => {
    const draft = await service.world.campaign(team, 'draft', { name: 'A draft' });
    await service.world.campaign(team, 'paused', { name: 'On hold' });

    const page = await api.GET('/campaigns', CampaignPage, {
      params: { query: { status: ['draft', 'active'], limit: 10 } },
    });

    expect(named(page)).toEqual([{ id: draft.id, name: 'A draft' }]);
    expect(page.has_more).toBe(false);
    const [sent] = service.requests;
    expect(sent!.url.href).toBe(
      `${window.location.origin}/2026-07/campaigns?status=draft&status=active&limit=10`,
    );
    expect(sent!.url.href).not.toContain(team.key);
    expect(sent!.headers.get('Authorization')).toBe(`Bearer ${team.key}`);
    expect(sent!.headers.get('Accept')).toBe('application/json');
  });

  it('sends JSON bodies and the Idempotency-Key when asked', async () => {
    const idem = crypto.randomUUID();
    const made = await api.POST('/campaigns', Campaign, {
      body: { name: 'x' },
      idempotencyKey: idem,
    });
    // The same key and body again: the service answers with the same campaign.
    const again = await api.POST('/campaigns', Campaign, {
      body: { name: 'x' },
      idempotencyKey: idem,
    });

    expect(again.id).toBe(made.id);
    const [sent] = service.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.body).toBe('{"name":"x"}');
    expect(sent!.headers.get('Content-Type')).toBe('application/json');
    expect(sent!.headers.get('Idempotency-Key')).toBe(idem);
  });

  it('lets a request outlive the page only when asked (keepalive)', async () => {
    const a = await service.world.campaign(team, 'active', { name: 'A' });
    const b = await service.world.campaign(team, 'active', { name: 'B' });

    const pause = '/campaigns/{campaign_id}/pause';
    await api.POST(pause, Campaign, { params: { path: { campaign_id: a.id } }, keepalive: true });
    await api.POST(pause, Campaign, { params: { path: { campaign_id: b.id } } });

    expect(service.requests.map((r) => r.keepalive)).toEqual([true, false]);
  });

  it('uses explicit credentials and base URL instead of the session', async () => {
    const other = await service.world.brandTeam();
    const theirs = await service.world.campaign(other, 'draft', { name: 'Theirs' });

    const page = await api.GET('/campaigns', CampaignPage, {
      credentials: { apiKey: other.key, baseUrl: 'https://api.example.com/2026-07' },
    });

    expect(named(page)).toEqual([{ id: theirs.id, name: 'Theirs' }]);
    const [sent] = service.requests;
    expect(sent!.url.href).toBe('https://api.example.com/2026-07/campaigns');
    expect(sent!.headers.get('Authorization')).toBe(`Bearer ${other.key}`);
  });

  it('maps an error body onto ApiError with status, code, message and request id', async () => {
    const active = await service.world.campaign(team, 'active');

    const error = await caught(
      api.POST('/campaigns/{campaign_id}/publish', Campaign, {
        params: { path: { campaign_id: active.id } },
      }),
    );

    expect(error).toMatchObject({
      status: 409,
      code: 'invalid_state_transition',
      message: 'status: a campaign that is active cannot be published (only one that is draft)',
    });
    expect(error.requestId).toMatch(/\S/);
  });

  it('describes an error answer without a JSON body by its status', async () => {
    // A fault: a proxy in front of the service answers with its own page.
    service.intercept(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );

    const error = await caught(api.GET('/campaigns', CampaignPage));

    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('The service answered 502 Bad Gateway.');
  });

  it('turns a network failure into ApiError status 0 naming the service, never the key', async () => {
    service.intercept(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await caught(api.GET('/campaigns', CampaignPage));

    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(
      `The service could not be reached at ${window.location.origin}/2026-07.`,
    );
    expect(error.message).not.toContain(team.key);
  });

  it('rejects an answer that does not match the schema', async () => {
    const draft = await service.world.campaign(team, 'draft');

    const error = await caught(
      // @ts-expect-error -- the compile-time check refuses a schema that is not the operation's
      api.GET('/campaigns/{campaign_id}', Thing, { params: { path: { campaign_id: draft.id } } }),
    );

    expect(error.status).toBe(200);
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe(
      `The service's answer to GET /campaigns/${draft.id} did not have the expected shape.`,
    );
  });

  it('rejects an answer that is not JSON', async () => {
    // A fault: something other than the service answers 200 with a page.
    service.intercept(() => new Response('<!doctype html><p>hello</p>', { status: 200 }));

    const error = await caught(api.GET('/campaigns', CampaignPage));

    expect(error.code).toBe('invalid_response');
  });

  it('raises the unauthenticated signal on 401 for the session key', async () => {
    await service.ctx.ops.revokeKey(team.keyId);
    const listener = vi.fn();
    const unsubscribe = onUnauthenticated(listener);

    const error = await caught(api.GET('/campaigns', CampaignPage));
    unsubscribe();

    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not raise the signal when a key is being checked with explicit credentials', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthenticated(listener);

    const error = await caught(
      api.GET('/me', Me, { credentials: { apiKey: 'cck_wrong', baseUrl: null } }),
    );
    unsubscribe();

    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('fails without a request when nobody is signed in', async () => {
    configureApiClient({ credentials: () => null });

    const error = await caught(api.GET('/campaigns', CampaignPage));

    expect(error.status).toBe(401);
    expect(service.requests).toEqual([]);
  });

  it('does not retry a 429 itself: one request, the Retry-After on the error', async () => {
    // The service with a limit of one request a minute per key.
    service.useApp(service.ctx.makeApp({ rateLimitPerMinute: 1 }));
    await api.GET('/campaigns', CampaignPage);

    const error = await caught(api.GET('/campaigns', CampaignPage));

    expect(service.requests).toHaveLength(2);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('api call types', () => {
  it('refuses at compile time a call that does not fit its operation in the document', () => {
    // Never run: `npm run typecheck` fails when a line marked below compiles (an unused
    // expect-error directive is an error too), so each is a check the document's types make.
    const calls = [
      () =>
        api.GET('/campaigns/{campaign_id}', Campaign, { params: { path: { campaign_id: 'x' } } }),
      // @ts-expect-error -- a path the document does not have
      () => api.GET('/campaign', CampaignPage),
      // @ts-expect-error -- the path parameter is missing
      () => api.GET('/campaigns/{campaign_id}', Campaign),
      // @ts-expect-error -- another operation's answer schema
      () => api.GET('/campaigns', Campaign),
      // @ts-expect-error -- a query parameter the operation does not have
      () => api.GET('/campaigns', CampaignPage, { params: { query: { limt: 1 } } }),
      // @ts-expect-error -- a query parameter of the wrong type
      () => api.GET('/campaigns', CampaignPage, { params: { query: { limit: '1' } } }),
      // @ts-expect-error -- a body the operation does not take
      () => api.POST('/campaigns', Campaign, { body: { title: 'x' } }),
      // @ts-expect-error -- Idempotency-Key on an operation that does not name it
      () => api.GET('/campaigns', CampaignPage, { idempotencyKey: 'k' }),
      () => api.POST('/campaigns', Campaign, { body: { name: 'x' }, idempotencyKey: 'k' }),
    ];
    expect(calls).toHaveLength(9);
  });
});
