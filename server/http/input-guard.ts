import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import type { AppEnv } from './context.ts';
import { fieldPath } from './errors.ts';

// Text PostgreSQL cannot store, or would store changed, is refused before any route sees it:
// a NUL character (PostgreSQL refuses it in text: the request would end in a 500), bytes that are
// not UTF-8 and lone UTF-16 surrogates (both would be silently replaced by U+FFFD).

const NUL_ESCAPE = /%00/;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badString(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (a lone surrogate was sent)';
  return null;
}

function checkStrings(value: unknown, path: (string | number)[]): void {
  if (typeof value === 'string') {
    const problem = badString(value);
    if (problem)
      throw new ApiError(422, 'validation_failed', `${fieldPath(path) || 'body'}: ${problem}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => checkStrings(item, [...path, i]));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = badString(key);
      if (problem)
        throw new ApiError(
          422,
          'validation_failed',
          `${fieldPath([...path, key])}: a field name ${problem}`,
        );
      checkStrings(item, [...path, key]);
    }
  }
}

/**
 * Path and query: no NUL (400 `invalid_request`). JSON bodies: valid UTF-8 (400
 * `invalid_request`) and no NUL or lone surrogate in any string (422 `validation_failed` naming
 * the field). Runs after the body size limit, so it never reads more than that.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
    if (NUL_ESCAPE.test(pathPart) || pathPart.includes('\u0000')) {
      throw new ApiError(400, 'invalid_request', 'path: must not contain the NUL character (%00)');
    }
    if (queryAt !== -1) {
      for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
        const problem = badString(name) ?? badString(value);
        if (problem)
          throw new ApiError(
            400,
            'invalid_request',
            `${badString(name) ? 'query' : name}: ${problem}`,
          );
      }
    }
    const method = c.req.method;
    if (
      method !== 'GET' &&
      method !== 'HEAD' &&
      JSON_TYPE.test(c.req.header('Content-Type') ?? '')
    ) {
      const bytes = await c.req.arrayBuffer();
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        throw new ApiError(400, 'invalid_request', 'body: not valid UTF-8');
      }
      let parsed: unknown;
      try {
        parsed = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON: the route's validator answers 400 `body: not valid JSON`.
        parsed = undefined;
      }
      checkStrings(parsed, []);
    }
    await next();
  };
}
