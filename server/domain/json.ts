/**
 * JSON with object keys sorted at every level and undefined members dropped, so two values that
 * mean the same thing give the same text (request hashes, "is this a change?").
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Whether two JSON-like values are the same value (key order and undefined members aside). */
export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
