import { useInfiniteQuery } from '@tanstack/react-query';
import { SUBMISSION_STATUS_LABELS } from '#contract/enums';
import type { Side } from '#contract/me';
import type { Submission, SubmissionRevision } from '#contract/submissions';
import type { Task } from '#contract/tasks';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { buttonClasses } from '#components/ui/button';
import { InlineError } from '#components/ui/inline-error';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { Spinner } from '#components/ui/spinner';
import { formatDateTime } from '#lib/format';
import type { QueueItem } from '../api/review';
import { submissionVersionsOptions } from '../api/submission';
import { isSlides, itemsOf, whereOf } from '../media-items';
import { failureInWords, MediaChecks, SignOffNote } from './media-checks';
import { SubmissionLayout, SubmissionSummary, roundLabel } from './current-submission';
import { SubmissionMedia } from './submission-media';
import { TaskRequirements } from './task-requirements';

const STATUS_TONE: Record<Submission['status'], BadgeTone> = {
  in_review: 'blue',
  approved: 'green',
  rejected: 'amber',
  failed: 'red',
  post_deleted: 'gray',
};

/** Whose turn a submission is, said to the side looking at it; null when it waits for nobody. */
export function waitsFor(s: Submission, side: Side): string | null {
  if (s.status !== 'in_review') return null;
  if (s.checks === null)
    return 'Its media is being inspected; it can be decided once the checks are in.';
  if (s.awaiting === 'agency')
    return side === 'brand' ? 'Waiting for your agency’s review.' : 'Waiting for your review.';
  if (s.awaiting === 'brand')
    return side === 'brand' ? 'Waiting for your sign-off.' : 'Waiting for the brand’s sign-off.';
  return 'Waiting for a decision.';
}

/**
 * One submission, read-only (docs/decisions/0164): who sent it for which task, where it stands
 * and whose turn it is, every item of its content (all slides, the video) with the notes of its
 * last rejection marked at their moments, its feedback, media checks, the task's requirements,
 * every version with what was decided about it, and its history (`history`, composed by the
 * screen). `reviewHref`: the review queue with its campaign, for someone who can decide it now.
 */
export function SubmissionDetails({
  brandId,
  item,
  side,
  task,
  reviewHref,
  history,
}: {
  brandId: string;
  item: QueueItem;
  side: Side;
  task: Task | undefined;
  reviewHref: string | null;
  history: ReactNode;
}) {
  const s = item.submission;
  const items = itemsOf(s);
  const slides = isSlides(items);
  const [slide, setSlide] = useState(0);
  const video = useRef<HTMLVideoElement | null>(null);
  const onVideo = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
  }, []);
  const turn = waitsFor(s, side);

  return (
    <section
      aria-label="Submission"
      className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4"
    >
      <SubmissionLayout
        media={
          <SubmissionMedia
            submission={s}
            onVideo={onVideo}
            slide={slide}
            onSlide={(index) => setSlide(Math.min(Math.max(index, 0), items.length - 1))}
            notes={s.notes}
          />
        }
        summary={<SubmissionSummary item={item} />}
        notes={
          <>
            <div className="space-y-1 text-sm">
              {/* Where it stands heads what follows (the page's h1 names the submission). */}
              <h2 className="flex flex-wrap items-center gap-2 font-normal">
                <Badge tone={STATUS_TONE[s.status]}>{SUBMISSION_STATUS_LABELS[s.status]}</Badge>
                {s.reviewed_at && s.status !== 'in_review' ? (
                  <span className="text-gray-700">{formatDateTime(s.reviewed_at)}</span>
                ) : null}
              </h2>
              {/* What waits for the brand's sign-off says so below, with who approved it. */}
              {turn && s.awaiting !== 'brand' ? <p className="text-gray-900">{turn}</p> : null}
              {s.status === 'failed' && s.failure_reason ? (
                <p className="text-gray-900">{failureInWords(s.failure_reason)}</p>
              ) : null}
            </div>
            {s.awaiting === 'brand' ? <SignOffNote submission={s} side={side} /> : null}
            {s.feedback ? (
              <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
                <h3 className="font-medium text-amber-950">Feedback to the creator</h3>
                <p className="mt-1 whitespace-pre-wrap break-words text-amber-950">{s.feedback}</p>
              </div>
            ) : null}
            {s.notes.length > 0 ? (
              <section aria-label="Notes" className="rounded-md border border-gray-200 p-3 text-sm">
                <h3 className="font-medium text-gray-900">Notes at their moments</h3>
                <ul className="mt-2 space-y-1.5">
                  {s.notes.map((note, i) => {
                    const where = whereOf(note, slides) || 'Whole submission';
                    return (
                      <li key={`${where}-${i}`} className="flex items-start gap-2">
                        <button
                          type="button"
                          aria-label={`Show ${where}`}
                          onClick={() => {
                            if (slides && note.item !== null) setSlide(note.item);
                            if (note.at_s !== null && video.current)
                              video.current.currentTime = note.at_s;
                          }}
                          className="shrink-0 rounded bg-amber-100 px-1.5 font-mono text-xs text-amber-950 hover:bg-amber-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
                        >
                          {where}
                        </button>
                        <p className="min-w-0 flex-1 break-words text-gray-800">{note.text}</p>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
          </>
        }
        actions={
          reviewHref ? (
            <div className="lg:col-start-2">
              <Link to={reviewHref} className={buttonClasses('primary', 'md')}>
                Review it in the queue
              </Link>
            </div>
          ) : null
        }
        details={
          <>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-900">Media checks</h3>
              <MediaChecks submission={s} />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-900">
                Requirements{task ? `: ${task.title}` : ''}
              </h3>
              <TaskRequirements task={task} />
            </div>
            <Versions brandId={brandId} item={item} />
            {history}
          </>
        }
      />
    </section>
  );
}

/** Every version the creator sent, newest first, with what was decided about each. */
function Versions({ brandId, item }: { brandId: string; item: QueueItem }) {
  const list = useInfiniteQuery(
    submissionVersionsOptions(brandId, item.campaignId, item.submission.id),
  );
  const versions = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby={`versions-${item.submission.id}`}>
      <h3
        id={`versions-${item.submission.id}`}
        className="mb-2 text-sm font-semibold text-gray-900"
      >
        Versions
      </h3>
      {list.isPending ? (
        <Spinner label="Loading the versions…" />
      ) : list.isError && versions.length === 0 ? (
        <InlineError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ol className="divide-y divide-gray-100 rounded-md border border-gray-200 px-3">
            {versions.map((version) => (
              <VersionLine key={version.revision} version={version} />
            ))}
          </ol>
          <div className="mt-2">
            <LoadMoreButton list={list} label="Load older versions" />
          </div>
        </>
      )}
    </section>
  );
}

function VersionLine({ version }: { version: SubmissionRevision }) {
  const decision = version.decision;
  const slides = isSlides(version.media_items);
  return (
    <li className="py-2 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-gray-900">{roundLabel(version.revision)}</span>{' '}
        <span className="text-gray-700">sent {formatDateTime(version.submitted_at)}</span>
        {slides ? (
          <span className="text-gray-700">· {version.media_items.length} slides</span>
        ) : null}
      </p>
      {decision ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-700">
          <Badge tone={STATUS_TONE[decision.status]}>
            {SUBMISSION_STATUS_LABELS[decision.status]}
          </Badge>{' '}
          <span>
            on {formatDateTime(decision.decided_at)}
            {decision.decided_by ? ` by ${decision.decided_by.label}` : ''}
          </span>
        </p>
      ) : (
        <p className="mt-1 text-gray-700"> Not decided yet.</p>
      )}
      {decision?.feedback ? (
        <blockquote className="mt-1 border-l-2 border-amber-300 pl-2 break-words whitespace-pre-wrap text-gray-700">
          {decision.feedback}
        </blockquote>
      ) : null}
    </li>
  );
}
