import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { Campaign } from '#contract/campaigns';
import { Me } from '#contract/me';
import { realService } from '#testing/service';
import { ApiError, api, configureApiClient } from './api-client';
import { notify } from './notify';
import {
  createQueryClient,
  isRetryableError,
  MAX_RETRIES,
  MAX_RETRY_AFTER_SECONDS,
  retryDelayMs,
} from './query-client';

vi.mock('./notify', () => ({ notify: { apiError: vi.fn() } }));

const service = realService();

const apiError = (status: number, code?: ApiError['code'], retryAfterSeconds?: number) =>
  new ApiError({ status, code, message: 'x', retryAfterSeconds: retryAfterSeconds ?? null });

afterEach(() => {
  configureApiClient({ credentials: () => null });
});

/**
 * The service with a budget of one request per minute per key, on a clock the test moves: it
 * starts 59 s into a window, so a 429 says `Retry-After: 1`.
 */
function limitedService() {
  const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
  let now = windowStart + 59_000;
  service.useApp(service.ctx.makeApp({ rateLimitPerMinute: 1, now: () => new Date(now) }));
  return {
    nextWindow: () => {
      now += 60_000;
    },
  };
}

async function signIn() {
  const team = await service.world.brandTeam();
  configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: null }) });
  return team;
}

const meQuery = (name: string) => ({
  queryKey: ['test', name],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.GET('/me', Me, { signal }),
});

describe('retries have one owner: the query client', () => {
  it('retries a rate-limited query after the Retry-After the service sent, then shows its data', async () => {
    await signIn();
    const clock = limitedService();
    const queryClient = createQueryClient();
    await queryClient.fetchQuery(meQuery('first'));
    const started = Date.now();

    const second = queryClient.fetchQuery(meQuery('second'));
    await waitFor(() =>
      expect(queryClient.getQueryState(['test', 'second'])?.fetchFailureCount).toBe(1),
    );
    expect(queryClient.getQueryState(['test', 'second'])?.fetchFailureReason).toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
    });
    clock.nextWindow();

    await expect(second).resolves.toMatchObject({ key: { kind: 'brand' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(service.requests.filter((r) => r.path === '/me')).toHaveLength(3);
  });

  it('sends a query that stays rate-limited at most 1 + MAX_RETRIES times, then fails with 429', async () => {
    await signIn();
    limitedService();
    const queryClient = createQueryClient();
    await queryClient.fetchQuery(meQuery('first'));
    service.requests.length = 0;

    await expect(queryClient.fetchQuery(meQuery('limited'))).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    expect(service.requests.filter((r) => r.path === '/me')).toHaveLength(1 + MAX_RETRIES);
  }, 20_000);

  it('never retries another 4xx: a missing campaign is asked for once', async () => {
    await signIn();
    const queryClient = createQueryClient();
    const id = crypto.randomUUID();
    const path = `/campaigns/${id}`;

    await expect(
      queryClient.fetchQuery({
        queryKey: ['test', 'missing'],
        queryFn: () =>
          api.GET('/campaigns/{campaign_id}', Campaign, { params: { path: { campaign_id: id } } }),
      }),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(service.requests.filter((r) => r.path === path)).toHaveLength(1);
  });
});

describe('query client', () => {
  it('retries network failures, timeouts, rate limits and server errors, not other 4xx', () => {
    expect(isRetryableError(apiError(0, 'network_error'))).toBe(true);
    expect(isRetryableError(apiError(408))).toBe(true);
    expect(isRetryableError(apiError(429, 'rate_limited'))).toBe(true);
    expect(isRetryableError(apiError(429, 'rate_limited', MAX_RETRY_AFTER_SECONDS))).toBe(true);
    expect(isRetryableError(apiError(429, 'rate_limited', MAX_RETRY_AFTER_SECONDS + 1))).toBe(
      false,
    );
    expect(isRetryableError(apiError(503))).toBe(true);
    expect(isRetryableError(apiError(400, 'invalid_request'))).toBe(false);
    expect(isRetryableError(apiError(401, 'unauthenticated'))).toBe(false);
    expect(isRetryableError(apiError(404, 'not_found'))).toBe(false);
    expect(isRetryableError(apiError(422, 'validation_failed'))).toBe(false);
    expect(isRetryableError(apiError(200, 'invalid_response'))).toBe(false);
    expect(isRetryableError(new Error('bug'))).toBe(false);
  });

  it('waits what the service asked for, otherwise doubles the wait, with at most half as much jitter', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    expect(retryDelayMs(0, apiError(429, 'rate_limited', 3))).toBeCloseTo(3500, -1);
    expect(retryDelayMs(0, apiError(503))).toBeCloseTo(1500, -1);
    expect(retryDelayMs(2, apiError(503))).toBeCloseTo(4500, -1);
    expect(retryDelayMs(9, apiError(503))).toBeCloseTo(10_500, -1);
    expect(retryDelayMs(1, apiError(0, 'network_error'), 10)).toBeCloseTo(30, 0);
  });

  it('sends mutation errors to the central toast, unless the mutation opts out', async () => {
    const queryClient = createQueryClient();
    const failing = (meta?: { suppressErrorToast?: boolean; errorTitle?: string }) =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(apiError(409)), meta })
        .execute(undefined)
        .catch(() => undefined);

    await failing({ errorTitle: 'Could not publish the campaign' });
    await failing({ suppressErrorToast: true });
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(apiError(401, 'unauthenticated')) })
      .execute(undefined)
      .catch(() => undefined);

    expect(notify.apiError).toHaveBeenCalledTimes(1);
    expect(notify.apiError).toHaveBeenCalledWith(
      expect.any(ApiError),
      'Could not publish the campaign',
    );
  });
});
