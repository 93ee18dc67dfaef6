import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ErrorBody } from '#contract/common';
import type { Scope } from '#contract/me';
import { ApiError } from '../errors.ts';
import { requireScope } from './auth.ts';
import type { AppEnv } from './context.ts';
import { validationHook } from './errors.ts';

/**
 * The names a query schema declares: the keys of its object, through the wrappers zod puts around
 * one (optional, default, pipe, readonly). Anything else is a mistake in a route definition.
 */
export function declaredQueryNames(schema: unknown): string[] {
  let s = schema as
    { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let i = 0; i < 10 && s; i++) {
    if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
    const def = s._zod?.def;
    s = (def?.['innerType'] ?? def?.['in']) as typeof s;
  }
  throw new Error('a route query schema must be a zod object (optionally wrapped)');
}

/**
 * Unknown query parameters answer 400 `invalid_request` naming the first one (extensions section
 * 12). Built from the route's declared query schema, none declared: no parameter is known.
 */
export function unknownQueryGuard(known: readonly string[]): MiddlewareHandler<AppEnv> {
  const names = new Set(known);
  return async (c, next) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    if (at !== -1 && at < url.length - 1) {
      for (const name of new URLSearchParams(url.slice(at + 1)).keys()) {
        if (!names.has(name)) {
          const allowed =
            names.size > 0
              ? `; this operation takes ${[...names].join(', ')}`
              : '; this operation takes none';
          throw new ApiError(
            400,
            'invalid_request',
            `${name || 'query'}: unknown query parameter${allowed}`,
          );
        }
      }
    }
    await next();
  };
}

/**
 * A router whose validation failures become the interface's error body, and whose every operation
 * refuses query parameters its route does not declare (after the route's own middleware, such as
 * the scope check, and before the validators).
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const query = route.request?.query;
    const guard = unknownQueryGuard(query ? declaredQueryNames(query) : []);
    const own = route.middleware
      ? Array.isArray(route.middleware)
        ? route.middleware
        : [route.middleware]
      : [];
    return register({ ...route, middleware: [...own, guard] }, handler, hook);
  }) as typeof router.openapi;
  return router;
}

export type Router = OpenAPIHono<AppEnv>;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const ERROR_DESCRIPTIONS = {
  400: 'invalid_request: malformed request (invalid JSON, bad parameter)',
  401: 'unauthenticated: missing, unknown or revoked credentials',
  403: 'missing_scope or brand_not_managed',
  404: 'not_found: no such resource, or one the key may not see',
  405: 'method_not_allowed',
  409: 'conflict with the current state',
  413: 'payload_too_large: body over 1 MiB',
  415: 'unsupported_media_type: the body must be application/json',
  422: 'validation_failed: the message names the field',
  429: 'rate_limited: see Retry-After and RateLimit',
  500: 'internal',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Error answers of an operation, all with the Error body. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  const out = {} as Record<
    S,
    { description: string; content: { 'application/json': { schema: typeof ErrorBody } } }
  >;
  for (const status of statuses) out[status] = jsonContent(ErrorBody, ERROR_DESCRIPTIONS[status]);
  return out;
}

/** Security requirement naming the scope an operation needs (OpenAPI 3.1 allows roles here). */
export const bearerWithScope = (scope?: string) => [{ bearerAuth: scope ? [scope] : [] }];

/** What an operation needing `scope` states: its security requirement and the scope check. */
export const withScope = (scope: Scope) => ({
  security: bearerWithScope(scope),
  middleware: [requireScope(scope)],
});
