import { ChevronLeft, ChevronRight, ClipboardCheck, Keyboard } from 'lucide-react';
import { useCallback, useRef, type ReactNode } from 'react';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { formatNumber } from '#lib/format';
import { playOrPause, seekBy, toggleMute } from '../media-control';
import { SEEK_SECONDS, shortcutOf, type QueueCommand } from '../shortcuts';
import { useQueueShortcuts } from '../use-queue-shortcuts';
import type { QueueItem } from '../api/review';
import type { ReviewView } from '../queue-filters';
import { useQueueState, type QueueState } from '../use-queue-state';
import { isInspecting, MediaChecks, SignOffNote } from './media-checks';
import { TaskRequirements } from './task-requirements';
import {
  MediaStage,
  PreviousFeedback,
  SubmissionLayout,
  SubmissionSummary,
  WarningCount,
} from './current-submission';
import { DecisionBar } from './decision-bar';
import { DecisionAlerts, DecisionStatus } from './decision-status';
import { FailedSubmissions } from './failed-submissions';
import { FeedbackDialog } from './feedback-dialog';
import { QueueFilterBar } from './queue-filter-bar';
import { ReviewViews } from './review-views';
import { ShortcutsDialog } from './shortcuts-dialog';
import { PreloadMedia } from './submission-media';
import { UpNext } from './up-next';
import { KeyHint } from './key-hint';

/**
 * The review queue of a brand: one list across its active and paused campaigns, oldest waiting
 * first, worked from the keyboard (see `SHORTCUTS`). Decisions are optimistic and undoable, and
 * the screen says which ones have not reached the service yet. Its views (tabs): the queue, the
 * brand's sign-off (what the agency approved, worked the same way) and the failed submissions;
 * one component, so a decision in its undo window survives a change of view.
 */
export function ReviewQueue({
  brandId,
  canDecide,
  side = 'brand',
  history,
}: {
  brandId: string;
  canDecide: boolean;
  side?: 'agency' | 'brand';
  /** The History of the submission on screen (composed by the screen), under its details. */
  history?: (item: QueueItem) => ReactNode;
}) {
  const q = useQueueState(brandId, canDecide, side);
  const regionRef = useRef<HTMLElement>(null);
  // The <video> of the item on screen, for the media keys.
  const videoRef = useRef<HTMLVideoElement>(null);
  const setVideo = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
  }, []);

  const focusRegion = () => regionRef.current?.focus({ preventScroll: true });
  // A dialog opened from the keyboard has no trigger to return to: come back to the queue.
  const returnFocus = () => setTimeout(focusRegion, 0);
  // After a decision the button pressed may be gone (the last item) or stand for the next item:
  // the queue keeps the focus, so the next key press is a shortcut, not that button again.
  const approve = () => {
    if (q.approve()) focusRegion();
  };

  const run = (command: QueueCommand) => {
    const video = videoRef.current;
    switch (command) {
      case 'playPause':
        return video ? playOrPause(video) : undefined;
      case 'seekBack':
        return video ? seekBy(video, -SEEK_SECONDS) : undefined;
      case 'seekForward':
        return video ? seekBy(video, SEEK_SECONDS) : undefined;
      case 'mute':
        return video ? toggleMute(video) : undefined;
      case 'next':
      case 'previous':
        q.move(command === 'next' ? 1 : -1);
        return focusRegion();
      case 'approve':
        return approve();
      case 'requestChanges':
        return void q.startRequestChanges();
      case 'undo':
        q.undo();
        return focusRegion();
      case 'help':
        return q.setHelpOpen(true);
    }
  };
  useQueueShortcuts(run, q.changing !== null || q.helpOpen || q.view === 'failed');

  const status = (
    <DecisionStatus
      decisions={q.decisions}
      onUndo={() => {
        q.undo();
        focusRegion();
      }}
    />
  );
  const shown = q.view === 'failed' ? q.failed.visible.length : q.visible.length;
  const count = (
    <p role="status" className="text-sm font-medium text-gray-900">
      {formatNumber(shown)} {COUNT_WORDS[q.view](shown)}
      {shown !== q.counts.total ? ` (${formatNumber(q.counts.total)} in all)` : ''}
    </p>
  );
  const error = q.queue.error ?? (q.view === 'failed' ? q.failed.error : null);
  const pending = q.queue.isPending || (q.view === 'failed' && q.failed.isPending);
  const empty = q.view === 'failed' ? q.failed.items.length === 0 : q.queue.items.length === 0;
  const filterBar = (
    <QueueFilterBar
      filters={q.filters}
      campaigns={q.queue.campaigns}
      tasks={q.campaignTasks}
      onChange={q.setFilters}
      aside={pending || (error && empty) ? null : count}
    />
  );
  const failure = error ? <InlineError error={error} onRetry={q.queue.retry} /> : null;
  const { current, next } = q;
  let body: ReactNode;
  if (error && empty) body = failure;
  else if (pending) body = <LoadingState label={LOADING[q.view]} />;
  else if (q.view === 'failed') {
    body = (
      <>
        {failure}
        <DecisionAlerts decisions={q.decisions} />
        <FailedSubmissions items={q.failed.visible} total={q.counts.total} tasks={q.tasks} />
      </>
    );
  } else {
    body = (
      <>
        {failure}
        <DecisionAlerts decisions={q.decisions} />
        <section
          ref={regionRef}
          tabIndex={-1}
          aria-label="Current submission"
          // Which submission is on screen, for the journeys and the benchmark of decisions.
          data-submission-id={current?.submission.id}
          className="rounded-lg border border-gray-200 bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          <QueueNavigation q={q} onMoved={focusRegion} />
          {current ? (
            <SubmissionLayout
              media={<MediaStage current={current} next={next} onVideo={setVideo} />}
              summary={
                <div className="space-y-3">
                  <SubmissionSummary item={current} />
                  <SignOffNote submission={current.submission} />
                  <PreviousFeedback feedback={current.submission.feedback} />
                </div>
              }
              actions={
                <DecisionBar
                  canDecide={canDecide}
                  inspecting={isInspecting(current.submission)}
                  onApprove={approve}
                  onRequestChanges={() => void q.startRequestChanges()}
                  status={status}
                />
              }
              details={
                <>
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-gray-900">Media checks</h3>
                    <MediaChecks submission={current.submission} />
                  </div>
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-gray-900">Requirements</h3>
                    <TaskRequirements task={q.tasks.get(current.submission.task_id)} />
                  </div>
                  {history ? <div key={current.submission.id}>{history(current)}</div> : null}
                </>
              }
            />
          ) : (
            <>
              <EmptyState
                icon={ClipboardCheck}
                title={q.view === 'signoff' ? 'Nothing to sign off' : 'Nothing waiting'}
              >
                {q.counts.total > 0
                  ? 'No submission matches these filters.'
                  : q.view === 'signoff'
                    ? 'Submissions your agency approved appear here for your sign-off.'
                    : 'Every submission has been reviewed. New ones appear here as creators send them.'}
              </EmptyState>
              {canDecide ? <div className="mt-3">{status}</div> : null}
            </>
          )}
        </section>
        <UpNext
          items={q.visible.slice(q.index + 1, q.index + 6)}
          onOpen={(id) => {
            q.open(id);
            focusRegion();
          }}
        />
        {q.afterNext ? (
          <PreloadMedia key={q.afterNext.submission.id} submission={q.afterNext.submission} />
        ) : null}
        <FeedbackDialog
          open={q.changing !== null}
          creator={q.changing ? `@${q.changing.submission.creator_username}` : ''}
          onSend={(feedback) => {
            q.sendRequestChanges(feedback);
            returnFocus();
          }}
          onCancel={() => {
            q.cancelRequestChanges();
            returnFocus();
          }}
        />
        <ShortcutsDialog
          open={q.helpOpen}
          onOpenChange={(open) => {
            q.setHelpOpen(open);
            if (!open) returnFocus();
          }}
        />
      </>
    );
  }
  return (
    <ReviewViews
      view={q.view}
      views={
        q.hasSignOff || q.view === 'signoff'
          ? ['waiting', 'signoff', 'failed']
          : ['waiting', 'failed']
      }
      counts={q.queue.isPending || q.failed.isPending ? null : q.counts}
      onChange={q.setView}
    >
      {filterBar}
      {/* The sign-off's note speaks to whoever decides; someone who may not reads the queue. */}
      {VIEW_NOTES[q.view] && (canDecide || q.view !== 'signoff') ? (
        <p className="text-sm text-gray-700">{VIEW_NOTES[q.view]}</p>
      ) : null}
      {body}
    </ReviewViews>
  );
}

const COUNT_WORDS: Record<ReviewView, (n: number) => string> = {
  waiting: (n) => `${n === 1 ? 'submission' : 'submissions'} waiting`,
  signoff: (n) => `${n === 1 ? 'submission' : 'submissions'} waiting for your sign-off`,
  failed: (n) => `failed ${n === 1 ? 'submission' : 'submissions'}`,
};

const LOADING: Record<ReviewView, string> = {
  waiting: 'Loading the submissions waiting for review…',
  signoff: 'Loading the submissions waiting for your sign-off…',
  failed: 'Loading the failed submissions…',
};

/** What a view lists, under its tab (the queue's own description is the screen's). */
const VIEW_NOTES: Record<ReviewView, string | null> = {
  waiting: null,
  signoff:
    'Approved by your agency, waiting for you. Your approval is final; Request changes sends it back to the creator.',
  failed:
    'Inspection could not process the media, or it failed a check of the campaign’s review bar. Nothing to decide: the creator sends the task again.',
};

/** "Submission 2 of 9", Previous / Next and the shortcut sheet, above the item. */
function QueueNavigation({ q, onMoved }: { q: QueueState; onMoved: () => void }) {
  const previous = shortcutOf('previous');
  const next = shortcutOf('next');
  const help = shortcutOf('help');
  const total = q.visible.length;
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-gray-900">
          {q.current
            ? `Submission ${formatNumber(q.index + 1)} of ${formatNumber(total)}`
            : 'Current submission'}
        </h2>
        {/* On a phone the media comes before the summary: its warnings show here, above it. */}
        {q.current ? (
          <WarningCount submission={q.current.submission} className="lg:hidden" />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {q.current ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                q.move(-1);
                onMoved();
              }}
              disabled={q.index <= 0}
              aria-keyshortcuts={previous.aria}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
              <KeyHint label={previous.label} />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                q.move(1);
                onMoved();
              }}
              disabled={q.index >= total - 1}
              aria-keyshortcuts={next.aria}
            >
              Next
              <KeyHint label={next.label} />
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => q.setHelpOpen(true)}
          aria-keyshortcuts={help.aria}
          className="max-sm:hidden pointer-coarse:hidden"
        >
          <Keyboard aria-hidden="true" className="size-4" />
          Keyboard shortcuts
          <kbd aria-hidden="true" className="text-xs">
            {help.label}
          </kbd>
        </Button>
      </div>
    </div>
  );
}
