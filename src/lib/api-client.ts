import type { z } from 'zod';
import type { ErrorCode, FieldIssue } from '#contract/common';
import { defaultBaseUrl } from '#config/env';

/** Codes of the interface plus the ones only the client can observe. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

/**
 * Every failed request ends in one of these: an error answer of the service, a network failure
 * (`status` 0, code `network_error`) or an answer that does not match the contract
 * (the answer's status, code `invalid_response`). Messages never contain the API key.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly requestId: string | null;
  /** Seconds the service asked us to wait (429, `Retry-After`), when it said. */
  readonly retryAfterSeconds: number | null;
  /** The fields the service named (the error body's `issues`); empty when it named none. */
  readonly issues: readonly FieldIssue[];

  constructor(init: {
    status: number;
    message: string;
    code?: ApiErrorCode | undefined;
    issues?: readonly FieldIssue[] | undefined;
    requestId?: string | null;
    retryAfterSeconds?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.issues = init.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The key and service a request goes to. `baseUrl` null means the default (same origin). */
export type ApiCredentials = { apiKey: string; baseUrl: string | null };

type QueryValue = string | number | boolean;

export type RequestOptions = {
  query?: Record<string, QueryValue | readonly QueryValue[] | null | undefined>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`; give the same value when repeating the same create. */
  idempotencyKey?: string;
  /** Extra request headers (e.g. `Usage-Report-Channel`). */
  headers?: Record<string, string>;
  /**
   * Use these instead of the session's (the key screen checks a key before keeping it).
   * A 401 then does not raise the unauthenticated signal.
   */
  credentials?: ApiCredentials;
  /**
   * Send no credential at all, to this service (`null`: the same origin); for the routes that
   * need none (`POST /sessions`). A 401 then does not raise the unauthenticated signal.
   */
  anonymous?: { baseUrl: string | null };
  /**
   * Let the request outlive the page (`fetch` `keepalive`), for what is sent while the page is
   * being closed or hidden. The browser caps such bodies at 64 KB in all.
   */
  keepalive?: boolean;
};

export type BodyRequestOptions = RequestOptions & { body?: unknown };

let credentialsSource: () => ApiCredentials | null = () => null;
const unauthenticatedListeners = new Set<() => void>();

/** Tells the client where the signed-in session's credentials come from. */
export function configureApiClient(options: { credentials: () => ApiCredentials | null }): void {
  credentialsSource = options.credentials;
}

/** The signed-in session's credentials, for requests the client cannot make itself (streams). */
export function sessionCredentials(): ApiCredentials | null {
  return credentialsSource();
}

/** Called whenever the service answers 401 to a session request; returns an unsubscribe. */
export function onUnauthenticated(listener: () => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/**
 * Says the service refused the session's credential (401) outside the request path, e.g. when
 * the event stream is refused after the member was removed.
 */
export function reportUnauthenticated(): void {
  for (const listener of unauthenticatedListeners) listener();
}

/** The absolute base URL a request goes to (`https://host/2026-07`). */
export function resolveBaseUrl(baseUrl: string | null): string {
  return baseUrl ?? defaultBaseUrl();
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) search.append(name, String(v));
  }
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

async function request<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  options: BodyRequestOptions = {},
): Promise<z.output<S>> {
  const explicit = options.credentials !== undefined || options.anonymous !== undefined;
  const credentials = options.anonymous
    ? { apiKey: null, baseUrl: options.anonymous.baseUrl }
    : (options.credentials ?? credentialsSource());
  if (!credentials) {
    throw new ApiError({
      status: 401,
      code: 'unauthenticated',
      message: 'You are signed out. Sign in to continue.',
    });
  }
  const base = resolveBaseUrl(credentials.baseUrl);
  const url = buildUrl(base, path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (credentials.apiKey !== null) headers.Authorization = `Bearer ${credentials.apiKey}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  Object.assign(headers, options.headers);
  const init: RequestInit = {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  };
  if (options.keepalive) init.keepalive = true;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `The service could not be reached at ${base}.`,
      cause: error,
    });
  }
  const requestId = response.headers.get('x-request-id');

  const body = await readJson(response);

  if (!response.ok) {
    // The error schema loads with the first refusal, not with the first screen (decision 0075).
    const { ErrorBody } = await import('#contract/common');
    const parsed = body.ok ? ErrorBody.safeParse(body.value) : null;
    if (response.status === 401 && !explicit) reportUnauthenticated();
    throw new ApiError({
      status: response.status,
      code: parsed?.success ? parsed.data.code : undefined,
      message: parsed?.success
        ? parsed.data.message
        : `The service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      requestId,
      retryAfterSeconds:
        response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null,
      issues: parsed?.success ? parsed.data.issues : undefined,
    });
  }

  const result = body.ok ? schema.safeParse(body.value) : null;
  if (!result?.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: `The service's answer to ${method} ${path} did not have the expected shape.`,
      requestId,
      cause: result?.error,
    });
  }
  return result.data;
}

/**
 * The one HTTP client of the dashboard: Bearer key, JSON, responses parsed with the given
 * contract schema, `ApiError` on failure. It never retries: React Query owns retries (see
 * `query-client.ts`), so one query cannot multiply into retries of retries.
 */
export const apiClient = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    request('GET', path, schema, options),
  post: <S extends z.ZodType>(path: string, schema: S, options?: BodyRequestOptions) =>
    request('POST', path, schema, options),
  patch: <S extends z.ZodType>(path: string, schema: S, options?: BodyRequestOptions) =>
    request('PATCH', path, schema, options),
  put: <S extends z.ZodType>(path: string, schema: S, options?: BodyRequestOptions) =>
    request('PUT', path, schema, options),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: BodyRequestOptions) =>
    request('DELETE', path, schema, options),
};

/** A title and a sentence for an error, for toasts and error screens. */
export function describeError(error: unknown): { title: string; description: string } {
  if (!isApiError(error)) {
    return {
      title: 'Something went wrong',
      description:
        'An unexpected error stopped this action. Try again; if it keeps happening, reload the page.',
    };
  }
  const withRequestId = (text: string) =>
    error.requestId ? `${text} Request id: ${error.requestId}.` : text;
  if (error.code === 'network_error') {
    return {
      title: 'The service could not be reached',
      description: `${error.message} Check your connection and try again.`,
    };
  }
  if (error.code === 'invalid_response') {
    return {
      title: 'Unexpected answer from the service',
      description: withRequestId(error.message),
    };
  }
  switch (error.status) {
    case 401:
      return {
        title: 'Your key is no longer accepted',
        description: 'Sign in again with a valid API key.',
      };
    case 403:
      return error.code === 'brand_not_managed'
        ? { title: 'This brand is not managed by this key', description: error.message }
        : { title: 'This key may not do that', description: error.message };
    case 404:
      return {
        title: 'Not found',
        description:
          'It may have been deleted, or it belongs to a brand that this key does not act for.',
      };
    case 408:
      return { title: 'The request took too long', description: 'Try again in a moment.' };
    case 409:
      return { title: 'That conflicts with the current state', description: error.message };
    case 422:
      return { title: 'Some values were not accepted', description: error.message };
    case 429:
      return {
        title: 'Too many requests',
        description: 'The service is limiting requests for this key. Wait a moment and try again.',
      };
  }
  if (error.status >= 500) {
    return {
      title: 'The service had a problem',
      description: withRequestId('Try again in a moment.'),
    };
  }
  return { title: 'The request failed', description: withRequestId(error.message) };
}
