import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { Hook } from '@hono/zod-openapi';
import { fieldIssues } from '#contract/issues';
import { ApiError, fieldsRefused } from '../errors.ts';
import { safeError } from '../logger.ts';
import type { AppEnv } from './context.ts';

// The one place that turns failures into the interface's error body {error, message, code}.

// An API key (`cck_` + 40 characters; the demo keys are longer), a session token (`ccs_`) or an
// invitation token (`cci_`) sent where it does not belong, in a path or a query, must not come
// back in a message or go to the log.
const API_KEY_LIKE = /cc[kis]_[A-Za-z0-9_-]{12,}/g;

/** `text` with anything shaped like an API key replaced by its first 12 characters and `…`. */
export function redactKeys(text: string): string {
  return text.replace(API_KEY_LIKE, (key) => `${key.slice(0, 12)}…`);
}

/**
 * The defaultHook of every OpenAPIHono router: a body that breaks the schema is 422
 * `validation_failed`; bad path parameters, query parameters or headers are 400 `invalid_request`.
 */
export const validationHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return undefined;
  if (result.target === 'json' || result.target === 'form') {
    throw fieldsRefused(422, 'validation_failed', fieldIssues(result.error.issues));
  }
  const whole =
    result.target === 'query' ? 'query' : result.target === 'param' ? 'path' : 'headers';
  throw fieldsRefused(400, 'invalid_request', fieldIssues(result.error.issues, whole));
};

function fromHttpException(err: HTTPException): ApiError {
  switch (err.status) {
    case 400:
      return new ApiError(
        400,
        'invalid_request',
        /json/i.test(err.message) ? 'body: not valid JSON' : err.message,
      );
    case 401:
      return new ApiError(401, 'unauthenticated', err.message || 'Unauthenticated');
    case 413:
      return fieldsRefused(
        413,
        'payload_too_large',
        [{ field: 'body', message: 'larger than 1 MiB' }],
        {
          Connection: 'close',
        },
      );
    case 415:
      return new ApiError(415, 'unsupported_media_type', 'Content-Type must be application/json');
    default:
      return err.status >= 500
        ? new ApiError(500, 'internal', 'Internal error')
        : new ApiError(err.status as 400, 'invalid_request', err.message || 'Invalid request');
  }
}

/** The status the request log gives a request whose client went away before it arrived. */
export const CLIENT_ABORTED = 499;

/**
 * Whether the client closed the connection before its request had arrived whole (an upload it
 * aborted): reading the body then fails, but no fault of ours happened.
 */
function clientAborted(c: Context<AppEnv>): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming || incoming.complete) return false;
  return incoming.destroyed || incoming.socket?.destroyed === true;
}

export function errorHandler(err: Error, c: Context<AppEnv>): Response {
  // Nobody is listening for the answer: the request log says `client aborted` with status 499 at
  // info (docs/reliability.md), never an unhandled error or a 500.
  if (!(err instanceof ApiError) && clientAborted(c)) {
    c.set('clientAborted', true);
    return c.body(null, CLIENT_ABORTED as ContentfulStatusCode);
  }
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof HTTPException) apiError = fromHttpException(err);
  else {
    const requestId = c.get('requestId');
    // The details go to the log only: the answer carries no stack, SQL or driver message. The log
    // gets them through safeError (logger.ts): no query text, SQL parameters or credentials.
    (c.get('log') ?? console).error({ err: safeError(err) }, 'unhandled error');
    apiError = new ApiError(500, 'internal', `Internal error (request id ${requestId})`);
  }
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  const body = apiError.toBody();
  return c.json({ ...body, message: redactKeys(body.message) }, apiError.status);
}

/**
 * Unknown routes answer 404 `not_found`; a known path with another method answers 405
 * `method_not_allowed` with the Allow header. The route table is read once, on first use.
 */
export function notFoundHandler(app: Hono<AppEnv>): NotFoundHandler<AppEnv> {
  let table: { pattern: RegExp; method: string }[] | undefined;
  const allowed = (path: string): string[] => {
    table ??= app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(
          `^${r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}$`,
        ),
      }));
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
  return (c) => {
    const methods = allowed(c.req.path);
    if (methods.length > 0 && !methods.includes(c.req.method)) {
      return errorHandler(
        new ApiError(405, 'method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}`, {
          Allow: methods.join(', '),
        }),
        c,
      );
    }
    return errorHandler(
      new ApiError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}`),
      c,
    );
  };
}
