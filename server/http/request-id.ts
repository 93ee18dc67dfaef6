import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
// Accept a caller's id (a proxy's, a client's) when it is short and plain; otherwise make one.
const SANE = /^[A-Za-z0-9._:=-]{1,128}$/;

export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const id = incoming && SANE.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
    // Responses built as raw Response objects (CORS preflight) miss the prepared headers.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, id);
  };
}
