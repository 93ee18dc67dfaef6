import { z } from 'zod';
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

export const KeyFormSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, 'Enter your API key.')
    .max(512, 'This is longer than any API key. Check what you pasted.')
    // Keys are printable ASCII; anything else could not be sent in the Authorization header.
    .regex(
      /^[\x21-\x7E]+$/,
      'An API key has no spaces or special characters. Check that you copied it exactly.',
    ),
  baseUrl: z.string().refine((value) => normalizeBaseUrl(value) !== undefined, {
    message: 'Enter an http:// or https:// address, such as https://campaigns.example.com.',
  }),
  remember: z.boolean(),
});

export type KeyFormInput = z.input<typeof KeyFormSchema>;
export type KeyFormValues = z.output<typeof KeyFormSchema>;
