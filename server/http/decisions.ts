import type { Context } from 'hono';
import type { KeyKind } from '#contract/me';
import { transaction, type Db, type Tx } from '../db/client.ts';
import type { BrandScope } from '../domain/campaigns.ts';
import { getAuth } from './auth.ts';
import type { AppEnv } from './context.ts';

/** What a reviewer decides about an item of a campaign (an application, a submission). */
export interface CallerDecision {
  to: 'approved' | 'rejected';
  /** The rejection's reason or feedback, when one was given. */
  note: string | undefined;
  /** The deciding key (or session). */
  keyId: string;
  side: KeyKind;
}

/**
 * The write behind a pair of POST …/approve and …/reject operations: `decide` runs in one
 * transaction with the caller's brands and decision. Each handler names its item and the note.
 */
export function decisionsBy<Item, T>(
  db: Db,
  decide: (tx: Tx, item: Item, scope: BrandScope, decision: CallerDecision) => Promise<T>,
) {
  return (
    c: Context<AppEnv>,
    item: Item,
    to: CallerDecision['to'],
    note?: string,
    /** The transaction to decide in (an idempotent run's); else one of its own. */
    within?: Tx,
  ): Promise<T> => {
    const auth = getAuth(c);
    const run = (tx: Tx) =>
      decide(tx, item, auth.brandIds, { to, note, keyId: auth.keyId, side: auth.kind });
    return within ? run(within) : transaction(db, run);
  };
}
