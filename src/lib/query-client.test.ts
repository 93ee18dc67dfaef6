import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { notify } from './notify';
import { createQueryClient, isRetryableError } from './query-client';

vi.mock('./notify', () => ({ notify: { apiError: vi.fn() } }));

const apiError = (status: number, code?: ApiError['code']) =>
  new ApiError({ status, code, message: 'x' });

describe('query client', () => {
  it('retries network failures, timeouts, rate limits and server errors, not other 4xx', () => {
    expect(isRetryableError(apiError(0, 'network_error'))).toBe(true);
    expect(isRetryableError(apiError(408))).toBe(true);
    expect(isRetryableError(apiError(429, 'rate_limited'))).toBe(true);
    expect(isRetryableError(apiError(503))).toBe(true);
    expect(isRetryableError(apiError(400, 'invalid_request'))).toBe(false);
    expect(isRetryableError(apiError(401, 'unauthenticated'))).toBe(false);
    expect(isRetryableError(apiError(404, 'not_found'))).toBe(false);
    expect(isRetryableError(apiError(422, 'validation_failed'))).toBe(false);
    expect(isRetryableError(apiError(200, 'invalid_response'))).toBe(false);
    expect(isRetryableError(new Error('bug'))).toBe(false);
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
