import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
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

/**
 * A JSON answer; `example` (an answer as the service gives it, checked against the schema by
 * openapi-examples.test.ts) shows a generated client's user what to expect.
 */
export const jsonContent = <T extends z.ZodType>(
  schema: T,
  description: string,
  example?: z.output<T>,
) => ({
  description,
  content: {
    'application/json': { schema, ...(example === undefined ? {} : { example }) },
  },
});

/** A required JSON request body, with an example of it. */
export const jsonBody = <T extends z.ZodType>(schema: T, example?: z.input<T>) => ({
  required: true,
  content: {
    'application/json': { schema, ...(example === undefined ? {} : { example }) },
  },
});

/** An optional JSON request body (a decision whose reason may be left out). */
export const optionalJsonBody = <T extends z.ZodType>(schema: T, example?: z.input<T>) => ({
  ...jsonBody(schema, example),
  required: false,
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

/** Who may call an operation: its security requirement and, for a scope, the check of it. */
interface Access {
  security: RouteConfig['security'];
  middleware?: MiddlewareHandler<AppEnv>[];
}

/** An operation anyone may call, without a credential (signing in, accepting an invitation). */
export const PUBLIC: Access = { security: [] };

/** An operation any valid credential may call, whatever its scopes. */
export const ANY_CREDENTIAL: Access = { security: bearerWithScope() };

/**
 * The error answers of each kind of campaign-API operation. Every operation there needs a
 * credential (401) with a scope (403) and is rate limited (429); 400 is a bad parameter or cursor.
 */
export const API_ERRORS = {
  /** Reads one resource, or lists under a parent or filters by a resource it may not see: 404. */
  read: [400, 401, 403, 404, 429],
  /** Lists what belongs to the caller. */
  list: [400, 401, 403, 429],
  /** Makes a resource from a JSON body; it may clash with an existing one (409). */
  create: [400, 401, 403, 409, 413, 415, 422, 429],
  /** Writes to a named resource, or under one, with a JSON body, if its state allows (409). */
  write: [400, 401, 403, 404, 409, 413, 415, 422, 429],
  /** Moves a named resource to another state, or deletes it, without a body. */
  decide: [400, 401, 403, 404, 409, 429],
} as const satisfies Record<string, readonly ErrorStatus[]>;

/**
 * The error answers of each kind of ops operation: the ops token has no scopes (no 403) and is not
 * rate limited (no 429).
 */
const OPS_ERRORS = {
  /** Makes a resource from a JSON body. */
  create: [400, 401, 413, 415, 422],
  /** Writes to a named resource, or under one, with a JSON body, if its state allows (409). */
  write: [400, 401, 404, 409, 413, 415, 422],
  /** Moves a named resource to another state without a body. */
  decide: [400, 401, 404, 409],
} as const satisfies Record<string, readonly ErrorStatus[]>;

/** What a route states of its own; its area adds the tags, the access and the error answers. */
interface OperationSpec<P extends string> {
  method: RouteConfig['method'];
  path: P;
  operationId: string;
  summary: string;
  description: string;
  request?: RouteConfig['request'];
  /** The success answers. */
  responses: RouteConfig['responses'];
}

type ErrorAnswers<E extends ErrorStatus> = ReturnType<typeof errorResponses<E>>;

type Operation<P extends string, S extends OperationSpec<P>, E extends ErrorStatus> = Omit<
  S,
  'responses'
> &
  Access & {
    tags: string[];
    responses: S['responses'] & ErrorAnswers<E>;
    [extension: `x-${string}`]: unknown;
  };

/** An operation whose answers are the route's success answers and the given errors. */
function operation<P extends string, S extends OperationSpec<P>, E extends ErrorStatus>(
  spec: S,
  area: { tags: string[]; access: Access; errors: readonly E[]; securityFirst?: boolean },
) {
  const { method, path, operationId, summary, description, responses, ...rest } = spec;
  const { tags, access } = area;
  // The document lists an operation's fields in the order they are given: the ops document has
  // always named the security before the words.
  const head = area.securityFirst
    ? { method, path, operationId, tags, ...access, summary, description }
    : { method, path, operationId, tags, summary, description, ...access };
  return createRoute({
    ...head,
    ...rest,
    responses: { ...responses, ...errorResponses(...area.errors) },
  } as Operation<P, S, E>);
}

/**
 * An operation outside the usual kinds names its own error answers, and who may call it unless that
 * is who writes the area.
 */
type OtherSpec<P extends string, E extends ErrorStatus> = OperationSpec<P> & {
  access?: Access;
  errors: readonly E[];
};

function otherOperation(tags: string[], areaAccess?: Access, securityFirst?: boolean) {
  return <P extends string, E extends ErrorStatus, S extends OtherSpec<P, E>>(spec: S) => {
    const { access = areaAccess, errors, ...own } = spec;
    if (!access) throw new Error(`${spec.operationId}: say who may call it (access)`);
    return operation<P, Omit<S, 'access' | 'errors'>, E>(own, {
      tags,
      access,
      errors,
      securityFirst,
    });
  };
}

/**
 * The route definitions of one area of the campaign API: each kind of operation (`read`, `list`,
 * `create`, `write`, `decide`) gets the area's tags, the scope that reads or writes it, and the
 * kind's error answers (API_ERRORS), so a route states only its own path, words, request and
 * success answer.
 */
export function apiRoutes(area: { tags: string[]; read?: Scope; write?: Scope }) {
  const { tags } = area;
  const scoped = (scope: Scope | undefined, kind: keyof typeof API_ERRORS) => {
    if (!scope) throw new Error(`${tags.join()}: a ${kind} operation needs the area's scope`);
    return withScope(scope);
  };
  const kind =
    <K extends keyof typeof API_ERRORS>(name: K, scope: Scope | undefined) =>
    <P extends string, S extends OperationSpec<P>>(spec: S) =>
      operation<P, S, (typeof API_ERRORS)[K][number]>(spec, {
        tags,
        access: scoped(scope, name),
        errors: API_ERRORS[name],
      });
  return {
    read: kind('read', area.read),
    list: kind('list', area.read),
    create: kind('create', area.write),
    write: kind('write', area.write),
    decide: kind('decide', area.write),
    other: otherOperation(tags, area.write && withScope(area.write)),
  };
}

/**
 * The route definitions of one area of the ops interface: tagged Ops, behind the ops token, with
 * each kind's error answers (OPS_ERRORS).
 */
export function opsRoutes() {
  const tags = ['Ops'];
  const access: Access = { security: [{ opsToken: [] }] };
  const kind =
    <K extends keyof typeof OPS_ERRORS>(name: K) =>
    <P extends string, S extends OperationSpec<P>>(spec: S) =>
      operation<P, S, (typeof OPS_ERRORS)[K][number]>(spec, {
        tags,
        access,
        errors: OPS_ERRORS[name],
        securityFirst: true,
      });
  return {
    create: kind('create'),
    write: kind('write'),
    decide: kind('decide'),
    other: otherOperation(tags, access, true),
  };
}
