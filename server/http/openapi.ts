import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ErrorBody } from '#contract/common';
import type { AppEnv } from './context.ts';
import { validationHook } from './errors.ts';

/** A router whose validation failures become the interface's error body. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
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
  const out = {} as Record<S, { description: string; content: { 'application/json': { schema: typeof ErrorBody } } }>;
  for (const status of statuses) out[status] = jsonContent(ErrorBody, ERROR_DESCRIPTIONS[status]);
  return out;
}

/** Security requirement naming the scope an operation needs (OpenAPI 3.1 allows roles here). */
export const bearerWithScope = (scope?: string) => [{ bearerAuth: scope ? [scope] : [] }];
