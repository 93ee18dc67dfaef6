import type { Context } from 'hono';
import type { Side } from '#contract/me';
import type { BrandScope } from '../domain/brand-scope.ts';
import { getAuth } from './auth.ts';
import type { AppEnv } from './context.ts';

/** What a reviewer decides about an item of a campaign (an application, a submission). */
export interface CallerDecision {
  to: 'approved' | 'rejected';
  /** The rejection's reason or feedback, when one was given. */
  note: string | undefined;
  /** The deciding key (or session). */
  keyId: string;
  side: Side;
}

/**
 * The caller's side of a POST …/approve or …/reject: the brands it may decide for and its
 * decision. The handler hands both to the item's service, which writes it in one transaction.
 */
export function callerDecision(
  c: Context<AppEnv>,
  to: CallerDecision['to'],
  note?: string,
): { scope: BrandScope; decision: CallerDecision } {
  const auth = getAuth(c);
  return { scope: auth.brandIds, decision: { to, note, keyId: auth.keyId, side: auth.kind } };
}
