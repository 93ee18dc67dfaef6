/**
 * Build-time and browser settings of the dashboard. The only reader of `import.meta.env`.
 */
const API_VERSION = '2026-07';

/** The interface version every request is sent to; the first path segment of the base URL. */
export const apiVersion = API_VERSION;

export const appName = 'Campaign Console';

/**
 * The service the dashboard talks to when the key screen leaves "Base URL" empty: the same
 * origin that served the dashboard, unless a build sets `VITE_API_BASE_URL`.
 */
export function defaultBaseUrl(): string {
  const configured = import.meta.env.VITE_API_BASE_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  return `${window.location.origin}/${API_VERSION}`;
}
