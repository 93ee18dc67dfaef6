import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './context.ts';
import { redactKeys } from './errors.ts';
import { currentTraceId } from './tracing.ts';

/**
 * Static files served as asked (the dashboard's assets, the demo's sample media that inspection
 * fetches from this very service, one per demo submission): debug, so they do not bury the start.
 */
const QUIET_PATH = /^\/(?:assets|samples)\//;

/**
 * One structured line per request (info; a served static file debug, a 5xx error; a request
 * whose client went away before it arrived `client aborted`, status 499, info). Only the path is logged (never the query string, which may
 * carry cursors or secrets), with anything shaped like an API key cut to its prefix, and never a
 * header: the Authorization header and keys stay out.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    // With tracing on (http/tracing.ts), each line also names the request's trace.
    const traceId = currentTraceId();
    const log = logger.child(
      traceId
        ? { request_id: c.get('requestId'), trace_id: traceId }
        : { request_id: c.get('requestId') },
    );
    c.set('log', log);
    await next();
    const status = c.res.status;
    const line = {
      method: c.req.method,
      path: redactKeys(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      key_prefix: c.get('auth')?.prefix,
      // The client through trusted proxies (http/client-info.ts), as every per-address limit sees it.
      address: c.get('client')?.address,
    };
    if (c.get('clientAborted')) log.info(line, 'client aborted');
    else if (status >= 500) log.error(line, 'request');
    else if (status < 400 && QUIET_PATH.test(c.req.path)) log.debug(line, 'request');
    else log.info(line, 'request');
  };
}
