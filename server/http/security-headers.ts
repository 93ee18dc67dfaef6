import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

// The dashboard and the docs load only their own scripts and talk only to the service that served
// them; images and media may come from any http(s) address (creators' content).
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "media-src 'self' https: http:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

// JSON answers are never rendered as pages.
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const API_PATH = /^\/(2026-07|ops|healthz|livez|readyz|metrics)(\/|$)/;

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', API_PATH.test(c.req.path) ? API_CSP : PAGE_CSP);
    await next();
  };
}
