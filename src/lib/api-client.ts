import type {
  Client,
  ClientPathsWithMethod,
  MethodResponse,
  ParamsOption,
  RequestBodyOption,
} from 'openapi-fetch';
import type { z } from 'zod';
import type { ErrorCode, FieldIssue } from '#contract/common';
import type { paths } from '#contract/openapi-api';
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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type ApiClient = Client<paths>;

/** The paths of the document that have an operation for `M`. */
export type ApiPath<M extends Method> = ClientPathsWithMethod<ApiClient, M>;

/** The operation `M path` of the document. */
type Operation<M extends Method, P extends ApiPath<M>> = paths[P][M];

/** What the document says `M path` answers on success (its JSON body). */
export type ApiAnswer<M extends Method, P extends ApiPath<M>> = MethodResponse<ApiClient, M, P>;

/**
 * A contract schema fit to read the answer of an operation: everything the document says the
 * operation answers is an input the schema takes, and what the schema takes the document allows.
 * A schema that is looser or stricter than the operation fails to compile at the call. An
 * operation that answers no body (`never`) takes any schema of an empty answer.
 */
type SchemaFor<S extends z.ZodType, Answer> = [Answer] extends [never]
  ? S
  : [Answer] extends [z.input<S>]
    ? [z.input<S>] extends [Answer]
      ? S
      : { 'the schema accepts more than the operation answers': Answer }
    : { 'the schema does not accept what the operation answers': Answer };

/** How a request is sent, beside what the operation types. */
export type SendOptions = {
  signal?: AbortSignal | undefined;
  /** Extra request headers the document does not name; prefer `params.header` when it does. */
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

/** The `Idempotency-Key` option, for the operations whose document names that header. */
type IdempotencyOption<Op> = Op extends { parameters: { header?: infer H } }
  ? [NonNullable<H>] extends [never]
    ? { idempotencyKey?: never }
    : 'Idempotency-Key' extends keyof NonNullable<H>
      ? {
          /** Sent as `Idempotency-Key`; give the same value when repeating the same create. */
          idempotencyKey?: string;
        }
      : { idempotencyKey?: never }
  : { idempotencyKey?: never };

/**
 * The options of a call to `M path`: its parameters (`params.path`, `params.query`,
 * `params.header`) and `body` as the document types them, and how to send it.
 */
export type CallOptions<M extends Method, P extends ApiPath<M>> = ParamsOption<Operation<M, P>> &
  RequestBodyOption<Operation<M, P>> &
  IdempotencyOption<Operation<M, P>> &
  SendOptions;

/** The options argument: optional when the operation requires nothing. */
type OptionsArg<O> = Partial<O> extends O ? [options?: O] : [options: O];

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

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

function readJson(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// openapi-fetch builds the URL (path parameters, query), the headers and the JSON body from the
// document's types; the answer is read here, as text, so that a body that is not JSON is an
// `invalid_response` like one of the wrong shape. It loads with the first request, not with the
// first screen, whose budget it would exceed (docs/decisions/0111-one-typed-client.md).
let documentClient: Promise<ApiClient> | undefined;

function loadDocumentClient(): Promise<ApiClient> {
  documentClient ??= import('openapi-fetch').then(
    ({ default: createClient }) => createClient<paths>(),
    (error: unknown) => {
      documentClient = undefined;
      throw error;
    },
  );
  return documentClient;
}

/**
 * Hands the request openapi-fetch built to the page's `fetch` as a URL and init, with the signal
 * and `keepalive` given here: a `Request` carrying them cannot be built where `AbortSignal` is
 * not the platform's own (jsdom in the tests).
 */
async function send(request: Request, signal: AbortSignal | undefined, keepalive: boolean) {
  const body = await request.text();
  const init: RequestInit = {
    method: request.method,
    headers: request.headers,
    body: body === '' ? null : body,
    signal: signal ?? null,
  };
  if (keepalive) init.keepalive = true;
  return fetch(request.url, init);
}

async function request<M extends Method, P extends ApiPath<M>, S extends z.ZodType>(
  method: M,
  path: P,
  schema: S,
  options: CallOptions<M, P> | undefined,
): Promise<z.output<S>> {
  const {
    signal,
    headers: extraHeaders,
    credentials: given,
    anonymous,
    keepalive = false,
    idempotencyKey,
    params,
    body,
  } = (options ?? {}) as SendOptions & {
    idempotencyKey?: string;
    params?: object;
    body?: unknown;
  };
  const explicit = given !== undefined || anonymous !== undefined;
  const credentials = anonymous
    ? { apiKey: null, baseUrl: anonymous.baseUrl }
    : (given ?? credentialsSource());
  if (!credentials) {
    throw new ApiError({
      status: 401,
      code: 'unauthenticated',
      message: 'You are signed out. Sign in to continue.',
    });
  }
  const base = resolveBaseUrl(credentials.baseUrl);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (credentials.apiKey !== null) headers.Authorization = `Bearer ${credentials.apiKey}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  Object.assign(headers, extraHeaders);

  let sentPath: string = path;
  let result: { data?: string | undefined; error?: unknown; response: Response };
  try {
    // The options were checked against the operation by the call's types; openapi-fetch's own
    // generic signature cannot follow a path that is itself a type parameter.
    const client = await loadDocumentClient();
    result = (await client.request(
      method,
      path as never,
      {
        baseUrl: base,
        params,
        body,
        headers,
        parseAs: 'text',
        fetch: (built: Request) => {
          sentPath = new URL(built.url).pathname.slice(new URL(base, built.url).pathname.length);
          return send(built, signal, keepalive);
        },
      } as never,
    )) as typeof result;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: `The service could not be reached at ${base}.`,
      cause: error,
    });
  }
  const { response } = result;
  const requestId = response.headers.get('x-request-id');

  if (!response.ok) {
    // The error schema loads with the first refusal, not with the first screen (decision 0075).
    const { ErrorBody } = await import('#contract/common');
    const parsed = ErrorBody.safeParse(result.error);
    if (response.status === 401 && !explicit) reportUnauthenticated();
    throw new ApiError({
      status: response.status,
      code: parsed.success ? parsed.data.code : undefined,
      message: parsed.success
        ? parsed.data.message
        : `The service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      requestId,
      retryAfterSeconds:
        response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null,
      issues: parsed.success ? parsed.data.issues : undefined,
    });
  }

  const body_ = readJson(result.data);
  const parsed = body_.ok ? schema.safeParse(body_.value) : null;
  if (!parsed?.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: `The service's answer to ${method.toUpperCase()} ${sentPath} did not have the expected shape.`,
      requestId,
      cause: parsed?.error,
    });
  }
  return parsed.data;
}

type CallMethod<M extends Method> = <P extends ApiPath<M>, S extends z.ZodType>(
  path: P,
  schema: S & SchemaFor<S, ApiAnswer<M, P>>,
  ...options: OptionsArg<CallOptions<M, P>>
) => Promise<z.output<S>>;

function method<M extends Method>(name: M): CallMethod<M> {
  return (path, schema, ...options) => request(name, path, schema, options[0]);
}

/**
 * The one HTTP client of the dashboard, typed by the service's OpenAPI document
 * (`contract/openapi-api.ts`): a call names an operation by its method and path template
 * (`api.GET('/campaigns/{campaign_id}', Campaign, { params: { path: { campaign_id } } })`), and
 * its parameters, body and answer schema are checked against that operation at compile time.
 * The answer is parsed with the given contract schema at run time; `ApiError` on failure. Bearer
 * key, JSON. It never retries: React Query owns retries (see `query-client.ts`), so one query
 * cannot multiply into retries of retries. See docs/code-health.md#the-dashboards-client.
 */
export const api = {
  GET: method('get'),
  POST: method('post'),
  PUT: method('put'),
  PATCH: method('patch'),
  DELETE: method('delete'),
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
