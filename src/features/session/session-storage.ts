const STORAGE_KEY = 'campaign-console.session';

/**
 * What a stored session must hold: a non-empty key and a base URL or null. Checked by hand, not with
 * zod, so that the first screen does not load zod (decision 0075).
 */
function storedSession(value: unknown): { apiKey: string; baseUrl: string | null } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { apiKey, baseUrl } = value as Record<string, unknown>;
  if (typeof apiKey !== 'string' || apiKey.length === 0) return null;
  if (baseUrl !== null && typeof baseUrl !== 'string') return null;
  return { apiKey, baseUrl };
}

/** The signed-in key. `baseUrl` null: the service of the same origin. */
export type Session = { apiKey: string; baseUrl: string | null; remembered: boolean };

function storageOf(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage can be switched off; the session then lives only in this page.
    return null;
  }
}

let memoryFallback: Session | null = null;

function read(kind: 'session' | 'local'): Session | null {
  const storage = storageOf(kind);
  let raw: string | null;
  try {
    raw = storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: ReturnType<typeof storedSession> = null;
  try {
    parsed = storedSession(JSON.parse(raw));
  } catch {
    // not JSON: forgotten below
  }
  if (parsed) return { ...parsed, remembered: kind === 'local' };
  storage?.removeItem(STORAGE_KEY);
  return null;
}

function remove(kind: 'session' | 'local') {
  try {
    storageOf(kind)?.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored there
  }
}

/** The current session: this tab's first, then one remembered on this device. */
export function readSession(): Session | null {
  return read('session') ?? read('local') ?? memoryFallback;
}

/**
 * Keeps the key for this tab (sessionStorage), or on this device (localStorage) when the user
 * chose "Remember on this device". Never both.
 */
export function saveSession(session: {
  apiKey: string;
  baseUrl: string | null;
  remember: boolean;
}) {
  const value = JSON.stringify({ apiKey: session.apiKey, baseUrl: session.baseUrl });
  const [keep, drop] = session.remember
    ? (['local', 'session'] as const)
    : (['session', 'local'] as const);
  remove(drop);
  memoryFallback = null;
  try {
    const storage = storageOf(keep);
    if (!storage) throw new Error('no storage');
    storage.setItem(STORAGE_KEY, value);
  } catch {
    memoryFallback = { apiKey: session.apiKey, baseUrl: session.baseUrl, remembered: false };
  }
}

/** Forgets the key everywhere it may be kept. */
export function clearSession() {
  remove('session');
  remove('local');
  memoryFallback = null;
}
