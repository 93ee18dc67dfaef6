import type { MiddlewareHandler } from 'hono';
import { pathString } from '#contract/common';
import { fieldsRefused, validationFailed } from '../errors.ts';
import type { AppEnv } from './context.ts';

// Text PostgreSQL cannot store, or would store changed, is refused before any route sees it:
// a NUL character (PostgreSQL refuses it in text: the request would end in a 500), bytes that are
// not UTF-8 and lone UTF-16 surrogates (both would be silently replaced by U+FFFD).

const NUL_ESCAPE = /%00/;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });
// The charset parameter of a Content-Type, quoted or not (its value is group 1 or 2).
const CHARSET_PARAM = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/**
 * 415 `unsupported_media_type` naming Content-Type when a JSON body declares a charset other than
 * UTF-8 (`utf-8` or `utf8`, any case): such a body would be read as UTF-8 all the same (api.md,
 * Errors).
 */
function checkCharset(contentType: string): void {
  const match = CHARSET_PARAM.exec(contentType);
  if (!match) return;
  const charset = (match[1] ?? match[2] ?? '').trim();
  if (/^utf-?8$/i.test(charset)) return;
  throw fieldsRefused(415, 'unsupported_media_type', [
    {
      field: 'Content-Type',
      message: `the charset must be utf-8 (found "${charset.slice(0, 40)}"): send the JSON body as UTF-8`,
    },
  ]);
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deepest nesting of arrays and objects a JSON body may have (docs/api.md#limits). */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `text` nests arrays and objects deeper than `max`. One pass over the characters,
 * brackets inside strings skipped: no recursion, so no depth can exhaust the stack, and
 * JSON.parse never sees such a body.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

function badString(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (a lone surrogate was sent)';
  return null;
}

/** Walks the parsed body with an explicit stack (never recursion); the first bad string throws. */
function checkStrings(root: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { value, path } = top;
    if (typeof value === 'string') {
      const problem = badString(value);
      if (problem) throw validationFailed(pathString(path) || 'body', problem);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: [...path, i] });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        const problem = badString(key);
        if (problem) throw validationFailed(pathString([...path, key]), `a field name ${problem}`);
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
}

/**
 * Path and query: no NUL (400 `invalid_request`). JSON bodies: no charset but UTF-8 (415
 * `unsupported_media_type`), valid UTF-8 (400
 * `invalid_request`), nesting of at most MAX_JSON_DEPTH (422 `validation_failed`) and no NUL or lone surrogate in any string (422 `validation_failed` naming
 * the field). Runs after the body size limit, so it never reads more than that.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
    if (NUL_ESCAPE.test(pathPart) || pathPart.includes('\u0000')) {
      throw fieldsRefused(400, 'invalid_request', [
        { field: 'path', message: 'must not contain the NUL character (%00)' },
      ]);
    }
    if (queryAt !== -1) {
      for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
        const problem = badString(name) ?? badString(value);
        if (problem)
          throw fieldsRefused(400, 'invalid_request', [
            { field: badString(name) ? 'query' : name, message: problem },
          ]);
      }
    }
    const method = c.req.method;
    const contentType = c.req.header('Content-Type') ?? '';
    if (method !== 'GET' && method !== 'HEAD' && JSON_TYPE.test(contentType)) {
      checkCharset(contentType);
      const bytes = await c.req.arrayBuffer();
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        throw fieldsRefused(400, 'invalid_request', [
          { field: 'body', message: 'not valid UTF-8' },
        ]);
      }
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        throw fieldsRefused(422, 'validation_failed', [
          {
            field: 'body',
            message: `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
          },
        ]);
      }
      let parsed: unknown;
      try {
        parsed = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON: the route's validator answers 400 `body: not valid JSON`.
        parsed = undefined;
      }
      checkStrings(parsed);
    }
    await next();
  };
}
