import { transaction, type Db, type Tx } from '../db/client.ts';

// The services' one way to run a domain write (docs/architecture.md#services): in a transaction of
// its own, which the service opens. Routes, jobs, the intake and the demo call services; they
// never open a transaction or hold a `Tx` themselves.

/** What a domain write takes after its transaction. */
type ArgsAfterTx<F> = F extends (tx: Tx, ...rest: infer R) => unknown ? R : never;

/**
 * The domain write `write(tx, ...args)` as a service: `(db, ...args)` runs it in one transaction
 * and answers what it answers.
 */
export function inTransaction<F extends (tx: Tx, ...rest: never[]) => Promise<unknown>>(write: F) {
  return (db: Db, ...args: ArgsAfterTx<F>): ReturnType<F> =>
    transaction(db, (tx) => write(tx, ...args)) as ReturnType<F>;
}
