import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { claimInspection } from '../services/inspection.ts';
import { releaseInspection, retryInspection, type ClaimedJob } from './inspection-queue.ts';

// One worker loop per instance: claims due inspection jobs and runs the handler, one at a time. Every instance on a database may run one; the queue's locking keeps
// each job to one worker. The review queue never waits on it: submissions are readable and
// listed while their inspection runs.

/** What a handler asks of the loop: done (it completed the job itself) or try again later. */
export type JobOutcome = { kind: 'done' } | { kind: 'retry'; error: string; delayMs: number };

export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

export interface WorkerOptions {
  db: Db;
  handle: JobHandler;
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** How long a claimed job is held before another worker may take it (a crash's cost). */
  leaseMs?: number;
  /** Pause between polls when the queue is empty. */
  pollMs?: number;
}

export interface Worker {
  start(): void;
  /**
   * Stops claiming and waits for the job in hand; with `waitMs`, waits that long at most and then
   * gives the job back to the queue (releaseInspection) for another instance (decision 0082).
   */
  stop(waitMs?: number): Promise<void>;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Runs due jobs until none is due. */
  drain(): Promise<number>;
  /** Wakes the loop now (a job was just queued). */
  wake(): void;
}

export function createWorker(options: WorkerOptions): Worker {
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let held: ClaimedJob | null = null;

  async function runOnce(): Promise<boolean> {
    const job = await claimInspection(options.db, leaseMs);
    if (!job) return false;
    held = job;
    try {
      const outcome = await options.handle(job);
      if (outcome.kind === 'retry')
        await retryInspection(options.db, job, outcome.error, outcome.delayMs);
    } catch (err) {
      // A bug or the database: leave the job to its lease (it is taken again after leaseMs).
      options.logger?.error({ err, job: job.id }, 'inspection job failed');
    } finally {
      held = null;
    }
    return true;
  }

  function schedule(delay: number) {
    if (!running || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, delay);
    timer.unref();
  }

  async function tick() {
    if (!running || current) return;
    while (running) {
      let found: boolean;
      const work = runOnce();
      current = work;
      try {
        found = await work;
      } catch (err) {
        options.logger?.warn({ err }, 'claiming an inspection job failed');
        found = false;
      } finally {
        current = null;
      }
      if (!found) break;
    }
    schedule(pollMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop(waitMs?: number) {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!current) return;
      const work = current.catch(() => undefined);
      if (waitMs === undefined) return void (await work);
      let timeout: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        work.then(() => false),
        new Promise<boolean>((done) => (timeout = setTimeout(() => done(true), waitMs))),
      ]);
      clearTimeout(timeout);
      const job = held;
      if (late && job) {
        await releaseInspection(options.db, job);
        options.logger?.warn({ job: job.id }, 'inspection job released to the queue at shutdown');
      }
    },
    runOnce,
    async drain() {
      let n = 0;
      while (await runOnce()) n++;
      return n;
    },
    wake() {
      if (!running) return;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      schedule(0);
    },
  };
}
