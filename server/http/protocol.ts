import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

// The protocol conventions of every answer under /2026-07 and /ops (docs/api.md#protocol-conventions): never
// stored by a cache, and JSON over 1 KB compressed when the client accepts it.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** JSON answers larger than this many bytes are compressed. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const JSON_ANSWER = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** `Cache-Control: no-store` on every answer, errors and the 404 of an unknown route included. */
export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** The encoding to use for an Accept-Encoding header: gzip when accepted, else br, else none. */
export function chooseEncoding(header: string | undefined): 'gzip' | 'br' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepted('gzip')) return 'gzip';
  if (accepted('br')) return 'br';
  return null;
}

/**
 * Compresses JSON answers over COMPRESS_THRESHOLD_BYTES with gzip (or br when only that is
 * accepted), off the event loop (zlib's thread pool). Streams (text/event-stream) pass untouched.
 */
export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Headers first, the body last: reading `res.body` turns @hono/node-server's light answer
    // into a whole fetch Response (about a tenth of a small read's CPU), so an answer that is
    // not compressed never touches it (decision 0077).
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding')) return;
    if (!JSON_ANSWER.test(res.headers.get('Content-Type') ?? '')) return;
    const vary = res.headers.get('Vary');
    if (!vary || !/accept-encoding/i.test(vary))
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let out: Buffer = body;
    if (body.length > threshold) {
      out =
        encoding === 'gzip'
          ? await gzipAsync(body, { level: 6 })
          : await brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(out.length));
    c.res = undefined;
    c.res = new Response(new Uint8Array(out), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
