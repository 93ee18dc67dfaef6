/** The browser's storage of that kind; null where it is switched off (reaching it throws). */
export function browserStorage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * What is kept under `key`, as `parse` reads it (a zod schema's `parse`, or a check that throws);
 * null when nothing is kept or the storage cannot be read. What `parse` does not accept (another
 * version, or damaged) cannot be used, so it is removed.
 */
export function readStored<T>(
  storage: Storage | null,
  key: string,
  parse: (value: unknown) => T,
): T | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    removeStored(storage, key);
    return null;
  }
}

/** Removes what is kept under `key`, where the storage allows it. */
export function removeStored(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing kept
  }
}
