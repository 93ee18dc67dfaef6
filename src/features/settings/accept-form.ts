import { TEXT_LIMITS } from '#contract/common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contract/people';
import { z } from 'zod';

/** The accept-invitation form: the contract's bounds, said in words before they bite. */
export const AcceptInvitationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name as your team should see it.')
    .max(TEXT_LIMITS.name, `Use at most ${TEXT_LIMITS.name} characters.`),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
});

export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;
export type AcceptInvitationValues = z.output<typeof AcceptInvitationSchema>;
