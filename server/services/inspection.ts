import type { Tx } from '../db/client.ts';
import {
  claimDueInspection,
  completeInspection,
  type ClaimedJob,
} from '../jobs/inspection-queue.ts';
import { inTransaction } from './write.ts';

// The media inspection worker's writes (docs/architecture.md#jobs), each in a transaction of its
// own: claiming a due job (FOR UPDATE SKIP LOCKED, a lease), and finishing one with its outcome.

/** Claims the oldest due inspection job and leases it; null when none is due. */
export const claimInspection = inTransaction(claimDueInspection);

/**
 * Finishes a claimed job and applies its outcome (`apply`) in the same transaction, only while the
 * lease is still this worker's: a job's outcome is applied exactly once. The submission's change
 * writes its live event and audit entry by trigger (docs/architecture.md#triggers).
 */
export const finishInspection = inTransaction(
  async (tx: Tx, job: ClaimedJob, apply?: (tx: Tx) => Promise<void>): Promise<void> => {
    if (!(await completeInspection(tx, job))) return;
    await apply?.(tx);
  },
);
