import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import { isLoopbackAddress } from './client-info.ts';
import type { AppEnv } from './context.ts';
import { clientAddress } from './throttle.ts';

// The base of every link the service writes (invitation links; decision 0080): PUBLIC_URL, or,
// without it, the request's own origin only for a client on this machine. A link is never built
// from the Host header of a request that came from elsewhere: whoever sends it would choose where
// the invitation's token goes.

export const PUBLIC_URL_MISSING =
  'Links to this service need PUBLIC_URL (e.g. https://console.example.com): without it they are only built for requests from this machine, never from a Host header a client sent (docs/deployment.md)';

/** The origin links start with, or null when there is none for this request. */
export function linkBaseOrNull(c: Context<AppEnv>): string | null {
  const configured = c.get('publicUrl');
  if (configured) return configured;
  return isLoopbackAddress(clientAddress(c)) ? new URL(c.req.url).origin : null;
}

/** The origin links start with; 500 `internal` naming PUBLIC_URL when there is none. */
export function linkBase(c: Context<AppEnv>): string {
  const base = linkBaseOrNull(c);
  if (base === null) throw new ApiError(500, 'internal', PUBLIC_URL_MISSING);
  return base;
}

/** Refuses a request that would write a link before it changes anything (see linkBase). */
export function requireLinkBase(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    linkBase(c);
    await next();
  };
}
