import { z } from 'zod';
import { normalizeBaseUrl } from './base-url';

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
