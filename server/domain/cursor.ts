import { createHmac, timingSafeEqual } from 'node:crypto';
import { fieldsRefused } from '../errors.ts';
import { canonicalJson } from './json.ts';

// Opaque, tamper-proof page cursors: base64url(JSON position) "." base64url(HMAC-SHA256). The
// signature also covers the list's name, the fingerprint of its filters and the brands the caller
// acts for, so a cursor that was altered, cut, or made for another list, other filters or another
// credential's brands is refused (api.md, Lists; decision 0090). The secret is shared by
// every instance (service_secrets), so any instance accepts any instance's cursors.

/** One position in a keyset order: the sort values of the last row of a page, then its id. */
export type Position = readonly (string | number)[];

/** The type of each value of a position: 'string' or 'number'. */
export type PositionShape = readonly ('string' | 'number')[];

/** A list and its filters, as each list names them (http/paging.ts adds the caller's brands). */
export interface ListScope {
  /** Which list, e.g. `campaigns` or `tasks:<campaign id>`. */
  list: string;
  /** The filters that shape the list (not the page size); compared as canonical JSON. */
  filters: Record<string, unknown>;
}

export interface CursorScope extends ListScope {
  /**
   * The brands the caller acts for (its auth context's brand ids), in any order: a cursor made
   * for one set is refused for any other (another brand's key, an agency with other brands).
   */
  brands: readonly string[];
}

/** The brands of a scope as signed: without repeats, sorted. */
const brandSet = (brands: readonly string[]) => [...new Set(brands)].sort().join(',');

const SIG_BYTES = 18;

function signature(secret: Uint8Array, scope: CursorScope, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(`${scope.list}\n${canonicalJson(scope.filters)}\n${brandSet(scope.brands)}\n${payload}`)
    .digest()
    .subarray(0, SIG_BYTES);
}

export function encodeCursor(secret: Uint8Array, scope: CursorScope, position: Position): string {
  const payload = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${payload}.${signature(secret, scope, payload).toString('base64url')}`;
}

export const badCursor = () =>
  fieldsRefused(400, 'invalid_request', [
    {
      field: 'starting_after',
      message:
        'not a cursor of this list (use the next_cursor of the previous page, with the same filters and a credential for the same brands)',
    },
  ]);

/**
 * The position a cursor holds, checked against `shape` (one entry per value: 'string' or
 * 'number'); anything else answers 400 `invalid_request` naming `starting_after`.
 */
export function decodeCursor(
  secret: Uint8Array,
  scope: CursorScope,
  cursor: string,
  shape: PositionShape,
): Position {
  const dot = cursor.indexOf('.');
  if (dot <= 0 || dot !== cursor.lastIndexOf('.')) throw badCursor();
  const payload = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
  const expected = signature(secret, scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badCursor();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(position) ||
    position.length !== shape.length ||
    !position.every(
      (v, i) => typeof v === shape[i] && (typeof v !== 'number' || Number.isSafeInteger(v)),
    )
  ) {
    throw badCursor();
  }
  return position as Position;
}
