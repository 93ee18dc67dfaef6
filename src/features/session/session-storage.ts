import { browserStorage, readStored, removeStored } from '#lib/browser-storage';

const STORAGE_KEY = 'campaign-console.session';

/**
 * What a stored session must hold: a non-empty key and a base URL or null. Checked by hand, not with
 * zod, so that the first screen does not load zod (decision 0075).
 */
function storedSession(value: unknown): { apiKey: string; baseUrl: string | null } {
  const { apiKey, baseUrl } = (value ?? {}) as Record<string, unknown>;
  if (typeof apiKey !== 'string' || apiKey === '') throw new Error('no key');
  if (baseUrl !== null && typeof baseUrl !== 'string') throw new Error('no base URL');
  return { apiKey, baseUrl };
}

/** The signed-in key. `baseUrl` null: the service of the same origin. */
export type Session = { apiKey: string; baseUrl: string | null; remembered: boolean };

// Storage can be switched off; the session then lives only in this page.
let memoryFallback: Session | null = null;

function read(kind: 'session' | 'local'): Session | null {
  const parsed = readStored(browserStorage(kind), STORAGE_KEY, storedSession);
  return parsed && { ...parsed, remembered: kind === 'local' };
}

function remove(kind: 'session' | 'local') {
  removeStored(browserStorage(kind), STORAGE_KEY);
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
    const storage = browserStorage(keep);
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
