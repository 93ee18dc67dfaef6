import { z } from 'zod';

export const EmailSignInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter the e-mail address you were invited with.')
    .max(320, 'This is longer than any e-mail address. Check what you typed.')
    .email('Enter an e-mail address, such as maya@example.com.'),
  password: z
    .string()
    .min(1, 'Enter your password.')
    .max(1024, 'This is longer than any password. Check what you pasted.'),
  remember: z.boolean(),
});

export type EmailSignInInput = z.input<typeof EmailSignInSchema>;
export type EmailSignInValues = z.output<typeof EmailSignInSchema>;
