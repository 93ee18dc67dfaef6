import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { inspectionJobs } from '../db/schema.ts';

// The durable queue of media inspections (docs/review-bar.md#inspection): one row per submission and
// revision, written in the transaction that creates or revises the submission (domain/inspection-jobs.ts). A worker claims a
// due job with FOR UPDATE SKIP LOCKED (two instances never claim the same row) and leases it: the
// fetch runs outside any transaction, and a worker that dies mid-job leaves a lease that runs out,
// after which any instance takes the job again. Finishing checks the lease token in the same
// transaction as the submission's change, so a job's outcome is applied exactly once.

export interface ClaimedJob {
  id: string;
  submissionId: string;
  revision: number;
  /** 1 on the first run. */
  attempts: number;
  token: string;
}

/**
 * Claims the oldest due job (queued and due, or running with an expired lease) in `tx`; null when
 * none. Run through `claimInspection` (server/services/inspection.ts), which opens the transaction.
 */
export async function claimDueInspection(tx: Tx, leaseMs: number): Promise<ClaimedJob | null> {
  const [due] = await queryRows<{ id: string }>(
    tx,
    sql`select id from inspection_jobs
        where (state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now())
        order by run_at, id
        limit 1
        for update skip locked`,
  );
  if (!due) return null;
  const token = randomUUID();
  const [job] = await tx
    .update(inspectionJobs)
    .set({
      state: 'running',
      attempts: sql`${inspectionJobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      lockToken: token,
    })
    .where(eq(inspectionJobs.id, due.id))
    .returning({
      id: inspectionJobs.id,
      submissionId: inspectionJobs.submissionId,
      revision: inspectionJobs.revision,
      attempts: inspectionJobs.attempts,
    });
  return job ? { ...job, token } : null;
}

const held = (job: ClaimedJob) =>
  and(
    eq(inspectionJobs.id, job.id),
    eq(inspectionJobs.state, 'running'),
    eq(inspectionJobs.lockToken, job.token),
  );

/**
 * Marks the job done inside `tx` if this worker still holds it; false when its lease ran out and
 * another worker took it (the caller then must change nothing).
 */
export async function completeInspection(tx: Tx, job: ClaimedJob): Promise<boolean> {
  const done = await tx
    .update(inspectionJobs)
    .set({ state: 'done', finishedAt: sql`now()`, lockToken: null, lockedUntil: null })
    .where(held(job))
    .returning({ id: inspectionJobs.id });
  return done.length > 0;
}

/** Puts the job back in the queue, due after `delayMs`, remembering why. */
export async function retryInspection(
  db: Db,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(inspectionJobs)
    .set({
      state: 'queued',
      runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lockToken: null,
      lockedUntil: null,
      lastError: error.slice(0, 1000),
    })
    .where(held(job));
}

/**
 * Gives a held job back to the queue at once, as if never claimed (a shutting-down instance,
 * decision 0082): another instance takes it without waiting for the lease to run out. The holder's
 * later completeInspection then changes nothing.
 */
export async function releaseInspection(db: Db, job: ClaimedJob): Promise<void> {
  await db
    .update(inspectionJobs)
    .set({
      state: 'queued',
      runAt: sql`now()`,
      attempts: sql`greatest(${inspectionJobs.attempts} - 1, 0)`,
      lockToken: null,
      lockedUntil: null,
    })
    .where(held(job));
}

/** Jobs not done yet (queued or running), for tests and the boot banner. */
export async function pendingInspections(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from inspection_jobs where state <> 'done'`,
  );
  return Number(row?.n ?? 0);
}
