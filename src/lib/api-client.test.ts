import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, stubFetch } from '#test/http';
import { ApiError, apiClient, configureApiClient, onUnauthenticated } from './api-client';

const KEY = 'cck_test_key_0123456789abcdef';
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

describe('apiClient', () => {
  beforeEach(() => {
    configureApiClient({ credentials: () => ({ apiKey: KEY, baseUrl: null }) });
  });
  afterEach(() => {
    configureApiClient({ credentials: () => null });
  });

  it('sends the key as a Bearer header to the same origin under /2026-07 and parses the answer', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 'a', count: 2 }));

    const thing = await apiClient.get('/things', Thing, {
      query: { status: ['draft', 'active'], limit: 10 },
    });

    expect(thing).toEqual({ id: 'a', count: 2 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(
      `${window.location.origin}/2026-07/things?status=draft&status=active&limit=10`,
    );
    expect(String(url)).not.toContain(KEY);
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`);
    expect((init?.headers as Record<string, string>).Accept).toBe('application/json');
  });

  it('sends JSON bodies and the Idempotency-Key when asked', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 'a', count: 1 }, { status: 201 }));

    await apiClient.post('/things', Thing, { body: { name: 'x' }, idempotencyKey: 'idem-1' });

    const init = fetchMock.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Idempotency-Key']).toBe('idem-1');
  });

  it('lets a request outlive the page only when asked (keepalive)', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 'a', count: 1 }));

    await apiClient.post('/things/a/approve', Thing, { keepalive: true });
    await apiClient.post('/things/b/approve', Thing);

    expect(fetchMock.mock.calls[0]![1]!.keepalive).toBe(true);
    expect(fetchMock.mock.calls[1]![1]!.keepalive).toBeUndefined();
  });

  it('uses explicit credentials and base URL instead of the session', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 'a', count: 1 }));

    await apiClient.get('/things', Thing, {
      credentials: { apiKey: 'cck_other', baseUrl: 'https://api.example.com/2026-07' },
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/2026-07/things');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer cck_other');
  });

  it('maps an error body onto ApiError with status, code, message and request id', async () => {
    stubFetch(() =>
      errorResponse(409, 'invalid_state_transition', 'campaign is active', {
        'X-Request-Id': 'req-42',
      }),
    );

    const error = await caught(apiClient.post('/things/1/publish', Thing));

    expect(error).toMatchObject({
      status: 409,
      code: 'invalid_state_transition',
      message: 'campaign is active',
      requestId: 'req-42',
    });
  });

  it('describes an error answer without a JSON body by its status', async () => {
    stubFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );

    const error = await caught(apiClient.get('/things', Thing));

    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('The service answered 502 Bad Gateway.');
  });

  it('turns a network failure into ApiError status 0 naming the service, never the key', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await caught(apiClient.get('/things', Thing));

    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(
      `The service could not be reached at ${window.location.origin}/2026-07.`,
    );
    expect(error.message).not.toContain(KEY);
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch(() => jsonResponse({ id: 'a', count: 'two' }));

    const error = await caught(apiClient.get('/things/a', Thing));

    expect(error.status).toBe(200);
    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe(
      "The service's answer to GET /things/a did not have the expected shape.",
    );
  });

  it('rejects an answer that is not JSON', async () => {
    stubFetch(() => new Response('<!doctype html><p>hello</p>', { status: 200 }));

    const error = await caught(apiClient.get('/things/a', Thing));

    expect(error.code).toBe('invalid_response');
  });

  it('raises the unauthenticated signal on 401 for the session key', async () => {
    stubFetch(() => errorResponse(401, 'unauthenticated', 'unknown API key'));
    const listener = vi.fn();
    const unsubscribe = onUnauthenticated(listener);

    const error = await caught(apiClient.get('/things', Thing));
    unsubscribe();

    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not raise the signal when a key is being checked with explicit credentials', async () => {
    stubFetch(() => errorResponse(401, 'unauthenticated', 'unknown API key'));
    const listener = vi.fn();
    const unsubscribe = onUnauthenticated(listener);

    await caught(
      apiClient.get('/me', Thing, { credentials: { apiKey: 'cck_wrong', baseUrl: null } }),
    );
    unsubscribe();

    expect(listener).not.toHaveBeenCalled();
  });

  it('fails without a request when nobody is signed in', async () => {
    configureApiClient({ credentials: () => null });
    const fetchMock = stubFetch(() => jsonResponse({}));

    const error = await caught(apiClient.get('/things', Thing));

    expect(error.status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not retry a 429 itself: one request, the Retry-After on the error', async () => {
    const fetchMock = stubFetch(() =>
      errorResponse(429, 'rate_limited', 'slow down', { 'Retry-After': '2' }),
    );

    const error = await caught(apiClient.get('/things', Thing));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 2 });
  });
});
