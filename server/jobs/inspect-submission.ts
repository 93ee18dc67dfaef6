import { eq, sql } from 'drizzle-orm';
import type { Format, Platform } from '#contract/enums';
import type { MediaCheck } from '#contract/media-checks';
import type { Db, Tx } from '../db/client.ts';
import { submissions, tasks, type StoredMediaItem } from '../db/schema.ts';
import { getCampaignRow } from '../domain/campaigns.ts';
import { bumpTotals, statusDelta } from '../domain/creators.ts';
import type { Reviewer } from '../domain/reviewer.ts';
import { applyReviewBar, itemsChecks, mediaChecks, type BarResult } from '../media/checks.ts';
import { fetchMedia, MediaFetchError, type FetchLimits } from '../media/fetch-media.ts';
import { parseMedia, type Parsed } from '../media/parse-media.ts';
import { finishInspection } from '../services/inspection.ts';
import type { ClaimedJob } from './inspection-queue.ts';
import type { JobHandler } from './worker.ts';
import { ALL_BRANDS } from '../domain/brand-scope.ts';

// The handler of inspection jobs (docs/review-bar.md#inspection): fetch the revision's media, parse it,
// check it against the task, ask the autoreviewer where the task wants it, and apply the campaign's
// review bar, all recorded in one transaction that also completes the job (so it happens once).

export interface InspectionDeps {
  db: Db;
  reviewer: Reviewer;
  fetch: FetchLimits;
  /** Attempts before a fetch error counts as media that cannot be fetched. */
  maxAttempts?: number;
  /** The wait before attempt n + 1 after attempt n failed to fetch. */
  backoffMs?: (attempt: number) => number;
  /** Measures each inspection (the benchmark). */
  onInspected?: (ms: number) => void;
}

export const defaultBackoff = (attempt: number) =>
  Math.min(2_000 * 4 ** (attempt - 1), 10 * 60_000);

type Outcome = BarResult | { status: 'rejected'; feedback: string };

export function inspectionHandler(deps: InspectionDeps): JobHandler {
  const maxAttempts = deps.maxAttempts ?? 5;
  const backoff = deps.backoffMs ?? defaultBackoff;

  const finish = (job: ClaimedJob, apply?: (tx: Tx) => Promise<void>) =>
    finishInspection(deps.db, job, apply);

  return async (job) => {
    const started = performance.now();
    const [s] = await deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, job.submissionId));
    const current = (row: typeof s) =>
      row && row.revisionCount === job.revision && row.checks === null;
    if (!current(s)) {
      await finish(job); // revised again or gone: a newer job (or none) owns it
      return { kind: 'done' };
    }
    const [task] = await deps.db.select().from(tasks).where(eq(tasks.id, s!.taskId));
    const campaign = await getCampaignRow(deps.db, s!.campaignId, ALL_BRANDS);
    if (!task) {
      await finish(job);
      return { kind: 'done' };
    }

    // Every item (the video, or every slide of a carousel; docs/api.md#media-items-and-notes).
    const items: StoredMediaItem[] =
      s!.mediaItems.length > 0
        ? s!.mediaItems
        : s!.mediaUrl
          ? [
              {
                type: s!.mediaType === 'video' ? 'video' : 'image',
                url: s!.mediaUrl,
                thumbnail_url: s!.thumbnailUrl,
                width: null,
                height: null,
                duration_s: null,
              },
            ]
          : [];
    const found: Parsed[] = [];
    for (const item of items) {
      try {
        found.push(parseMedia((await fetchMedia(item.url, deps.fetch)).bytes));
      } catch (err) {
        if (!(err instanceof MediaFetchError)) throw err;
        if (err.retryable && job.attempts < maxAttempts) {
          return { kind: 'retry', error: err.message, delayMs: backoff(job.attempts) };
        }
        found.push({ ok: false, reason: `could not fetch the media: ${err.message}` });
      }
    }
    if (found.length === 0) found.push({ ok: false, reason: 'the submission has no media' });
    const parsed = found[0]!;
    const measured = items.map((item, i) => {
      const p = found[i];
      return p?.ok
        ? { ...item, width: p.facts.width, height: p.facts.height, duration_s: p.facts.duration_s }
        : item;
    });

    const requirements = {
      platforms: task.platforms as Platform[],
      formats: task.formats as Format[],
    };
    const checks: MediaCheck[] =
      items.length > 1
        ? itemsChecks(found.map((p, i) => mediaChecks(p, items[i]!.type, requirements)))
        : mediaChecks(parsed, s!.mediaType, requirements);
    let outcome: Outcome = applyReviewBar(campaign.settings.post_approval_mode, checks);
    if (outcome.status === 'in_review' && task.reviewMode === 'autoreview') {
      const prompt = task.autoreviewPrompt?.trim();
      if (!prompt) {
        checks.push({
          name: 'autoreview',
          outcome: 'pass',
          detail: 'no prompt: automatic review approves every submission',
        });
        outcome = { status: 'approved' };
      } else {
        const verdict = await deps.reviewer.review({
          campaignId: campaign.id,
          taskId: task.id,
          prompt,
          mediaType: s!.mediaType,
          mediaUrl: s!.mediaUrl,
          requirements: { title: task.title, instructions: task.instructions, ...requirements },
          media: parsed.ok ? parsed.facts : null,
        });
        if (verdict?.decision === 'approved') {
          checks.push({
            name: 'autoreview',
            outcome: 'pass',
            detail: verdict.reason ?? 'approved',
          });
          outcome = { status: 'approved' };
        } else if (verdict?.decision === 'rejected') {
          checks.push({ name: 'autoreview', outcome: 'fail', detail: verdict.feedback });
          outcome = { status: 'rejected', feedback: verdict.feedback };
        } else {
          const why = verdict?.reason ?? 'no verdict';
          checks.push({
            name: 'autoreview',
            outcome: 'warn',
            detail: `left for a person to decide: ${why}`,
          });
        }
      }
    }

    await finish(job, async (tx) => {
      const [row] = await tx
        .select()
        .from(submissions)
        .where(eq(submissions.id, job.submissionId))
        .for('update');
      if (!current(row)) return;
      const media = parsed.ok ? parsed.facts : null;
      if (row!.status !== 'in_review' || outcome.status === 'in_review') {
        // Decided by a person meanwhile, or waiting for one: record what was found.
        await tx
          .update(submissions)
          .set({ media, checks, mediaItems: measured, updatedAt: sql`now()` })
          .where(eq(submissions.id, row!.id));
        return;
      }
      await tx
        .update(submissions)
        .set({
          media,
          checks,
          mediaItems: measured,
          status: outcome.status,
          awaiting: null,
          failureReason: outcome.status === 'failed' ? outcome.failureReason : null,
          ...(outcome.status === 'rejected' ? { feedback: outcome.feedback, notes: [] } : {}),
          reviewedAt: outcome.status === 'failed' ? row!.reviewedAt : sql`now()`,
          reviewedByKeyId: null,
          updatedAt: sql`now()`,
        })
        .where(eq(submissions.id, row!.id));
      await bumpTotals(
        tx,
        row!.campaignId,
        row!.creatorId,
        statusDelta('in_review', outcome.status),
      );
    });
    deps.onInspected?.(performance.now() - started);
    return { kind: 'done' };
  };
}
