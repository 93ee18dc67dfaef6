import type { Tx } from '../db/client.ts';
import { inspectionJobs } from '../db/schema.ts';

// The arrival's side of the durable inspection queue (docs/architecture.md#jobs): a submission or
// revision that waits for its checks queues its job in the transaction that writes it, so the job
// exists exactly when the submission does. The worker's side (claim, lease, finish) is
// jobs/inspection-queue.ts, which stands above the domain.

/** Queues the inspection of a submission's revision (idempotent: one job per revision). */
export async function enqueueInspection(
  tx: Tx,
  submissionId: string,
  revision: number,
): Promise<void> {
  await tx.insert(inspectionJobs).values({ submissionId, revision }).onConflictDoNothing();
}
