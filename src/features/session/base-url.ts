import { apiVersion } from '#config/env';

/**
 * The service address typed on the key screen, made canonical: http(s) only, no credentials,
 * query or fragment, no trailing slash, ending in the version segment (`/2026-07`).
 * Empty: null (the same origin). Not an acceptable address: undefined.
 */
export function normalizeBaseUrl(input: string): string | null | undefined {
  const text = input.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(`/${apiVersion}`)) path = `${path}/${apiVersion}`;
  return `${url.origin}${path}`;
}
