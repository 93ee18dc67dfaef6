import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ClipboardCheck, Keyboard } from 'lucide-react';
import type { Side } from '#contract/me';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '#components/ui/button';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { formatNumber } from '#lib/format';
import { playOrPause, seekBy, toggleMute } from '../media-control';
import { SEEK_SECONDS, shortcutOf, type QueueCommand } from '../shortcuts';
import { useQueueShortcuts, type KeyPress } from '../use-queue-shortcuts';
import { decisionKey, previousVersionOptions, type QueueItem } from '../api/review';
import { useLookFirst } from '../use-look-first';
import { isSlides, itemsOf, notesToSend, whereOf, type DraftNote } from '../media-items';
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
import { NoteDialog, type NoteTarget } from './note-dialog';
import { DraftNotes, LastRoundChecklist } from './review-notes';
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
  side?: Side;
  /** The History of the submission on screen (composed by the screen), under its details. */
  history?: (item: QueueItem) => ReactNode;
}) {
  const queueState = useQueueState(brandId, canDecide, side);
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
    if (queueState.approve()) focusRegion();
  };
  // A decision on what waits for the agency asks first (docs/decisions/0163). Cancelled, the focus
  // goes back to the button that asked (or the queue, for a key); confirmed, to the queue, or to
  // the feedback box a request for changes opens.
  const confirmOpener = useRef<HTMLElement | null>(null);
  const confirmed = useRef<'approve' | 'requestChanges' | null>(null);
  const askedBy = () => {
    const active = document.activeElement;
    confirmOpener.current =
      active instanceof HTMLElement && regionRef.current?.contains(active) ? active : null;
    confirmed.current = null;
  };

  // The keyboard decides only what has been on screen for a moment (docs/decisions/0150); a
  // decision key pressed sooner is ignored and the screen says why.
  const shownKey =
    queueState.current && queueState.view !== 'failed'
      ? decisionKey(queueState.current)
      : undefined;
  const lookedAt = useLookFirst(shownKey);
  const [tooSoon, setTooSoon] = useState<string | null>(null);
  useEffect(() => {
    if (tooSoon === null) return;
    const timer = setTimeout(() => setTooSoon(null), TOO_SOON_HINT_MS);
    return () => clearTimeout(timer);
  }, [tooSoon]);

  // Section 14 (docs/decisions/0153, 0154): the slide shown, the reviewer's notes, the version a
  // revision answers and, on a phone, which of the two is shown. Each is the item's own (keyed
  // by the item), so another item starts at its first slide, with its own notes.
  const { current } = queueState;
  const items = current ? itemsOf(current.submission) : [];
  const slides = isSlides(items);
  const [slideOf, setSlideOf] = useState<Keyed<number>>(NONE);
  const slide = valueFor(slideOf, shownKey, 0);
  const setSlide = (index: number) => {
    if (shownKey)
      setSlideOf({ key: shownKey, value: Math.min(Math.max(index, 0), items.length - 1) });
  };
  const [drafts, setDrafts] = useState<ReadonlyMap<string, readonly DraftNote[]>>(() => new Map());
  const notes = (shownKey ? drafts.get(shownKey) : undefined) ?? [];
  const [noting, setNoting] = useState<(NoteTarget & { key: string }) | null>(null);
  const previousQuery = useQuery(previousVersionOptions(brandId, current));
  const previous = previousQuery.data ?? null;
  const previousItems = previous?.media_items ?? [];
  const [previousSlideOf, setPreviousSlideOf] = useState<Keyed<number>>(NONE);
  const previousSlide = valueFor(previousSlideOf, shownKey, 0);
  const setPreviousSlide = (index: number) => {
    if (shownKey)
      setPreviousSlideOf({
        key: shownKey,
        value: Math.min(Math.max(index, 0), previousItems.length - 1),
      });
  };
  const [showLastOf, setShowLastOf] = useState<Keyed<boolean>>(NONE);
  const showLast = valueFor(showLastOf, shownKey, false);
  const previousVideoRef = useRef<HTMLVideoElement>(null);
  const setPreviousVideo = useCallback((video: HTMLVideoElement | null) => {
    previousVideoRef.current = video;
  }, []);
  // On a phone with the last version shown instead of this one, the keys act on it.
  const lastAlone = previous !== null && showLast && !isWide();

  const startNote = () => {
    if (!current || !shownKey || !canDecide || queueState.view === 'failed') return;
    const index = slides ? slide : 0;
    const video = videoRef.current;
    let at: number | null = null;
    if (items[index]?.type === 'video' && video) {
      video.pause();
      at = Math.floor(video.currentTime * 10) / 10;
    }
    const target = { item: slides ? index : items.length > 0 ? 0 : null, at_s: at };
    setNoting({ ...target, where: whereOf(target, slides), key: shownKey });
  };
  const chooseNote = (note: DraftNote) => {
    if (slides && note.item !== null) setSlide(note.item);
    const video = videoRef.current;
    if (note.at_s !== null && video) video.currentTime = note.at_s;
  };
  const chooseLastRound = (note: { item: number | null; at_s: number | null }) => {
    setShowLastOf({ key: shownKey ?? '', value: true });
    if (isSlides(previousItems) && note.item !== null) setPreviousSlide(note.item);
    const video = previousVideoRef.current;
    if (note.at_s !== null && video) video.currentTime = note.at_s;
  };

  const run = (command: QueueCommand, press: KeyPress) => {
    // The media the key was pressed on (a player with focus), else the one shown.
    const focused = press.target instanceof HTMLVideoElement ? press.target : null;
    const video = focused ?? (lastAlone ? previousVideoRef.current : videoRef.current);
    if ((command === 'approve' || command === 'requestChanges') && !lookedAt) {
      if (shownKey && queueState.decidable) setTooSoon(shownKey);
      return;
    }
    // The arrows step the slides of a carousel, and seek a video (a focused player: that one).
    const step = (by: 1 | -1) => {
      if (!focused && lastAlone && isSlides(previousItems)) setPreviousSlide(previousSlide + by);
      else if (!focused && !lastAlone && slides) setSlide(slide + by);
      else if (video) seekBy(video, by * SEEK_SECONDS);
    };
    switch (command) {
      case 'playPause':
        return video ? playOrPause(video) : undefined;
      case 'seekBack':
        return step(-1);
      case 'seekForward':
        return step(1);
      case 'mute':
        return video ? toggleMute(video) : undefined;
      case 'note':
        return startNote();
      case 'next':
      case 'previous':
        queueState.move(command === 'next' ? 1 : -1);
        return focusRegion();
      case 'approve':
        askedBy();
        return approve();
      case 'requestChanges':
        askedBy();
        return void queueState.startRequestChanges();
      case 'undo':
        queueState.undo();
        return focusRegion();
      case 'help':
        return queueState.setHelpOpen(true);
    }
  };
  useQueueShortcuts(
    run,
    queueState.changing !== null ||
      queueState.confirming !== null ||
      queueState.helpOpen ||
      noting !== null ||
      queueState.view === 'failed',
  );

  // The notes of the item whose feedback box is open go with its request for changes.
  const changingNotes =
    (queueState.changing ? drafts.get(decisionKey(queueState.changing)) : undefined) ?? [];

  const status = (
    <DecisionStatus
      decisions={queueState.decisions}
      onUndo={() => {
        queueState.undo();
        focusRegion();
      }}
    />
  );
  const shown = queueState.counts[queueState.view];
  const count = (
    <p role="status" className="text-sm font-medium text-gray-900">
      {formatNumber(shown)} {countWords(queueState.view, side, shown)}
      {shown !== queueState.counts.total
        ? ` (${formatNumber(queueState.counts.total)} in all)`
        : ''}
    </p>
  );
  const { error } = queueState.list;
  const pending = queueState.list.isPending;
  const empty = queueState.list.items.length === 0;
  const filterBar = (
    <QueueFilterBar
      filters={queueState.filters}
      campaigns={queueState.campaigns}
      tasks={queueState.campaignTasks}
      onChange={queueState.setFilters}
      aside={pending || !queueState.countsReady || (error && empty) ? null : count}
    />
  );
  const failure = error ? <InlineError error={error} onRetry={queueState.list.retry} /> : null;
  const { next } = queueState;
  let body: ReactNode;
  if (error && empty) body = failure;
  else if (pending) body = <LoadingState label={LOADING[queueState.view]} />;
  else if (queueState.view === 'failed') {
    body = (
      <>
        {failure}
        <DecisionAlerts decisions={queueState.decisions} />
        <FailedSubmissions
          items={queueState.visible}
          total={queueState.counts.total}
          tasks={queueState.tasks}
          more={
            queueState.list.hasMore
              ? { loading: queueState.list.isLoadingMore, onLoad: queueState.list.loadMore }
              : null
          }
        />
      </>
    );
  } else {
    body = (
      <>
        {failure}
        <DecisionAlerts decisions={queueState.decisions} />
        <section
          ref={regionRef}
          tabIndex={-1}
          aria-label="Current submission"
          // Which submission is on screen, for the journeys and the benchmark of decisions.
          data-submission-id={current?.submission.id}
          // Whether the decision keys count yet for it (docs/decisions/0150), for the same.
          data-decision-keys={lookedAt ? 'ready' : 'waiting'}
          className="rounded-lg border border-gray-200 bg-white p-3 outline-none sm:p-4 focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          <QueueNavigation queueState={queueState} onMoved={focusRegion} />
          {current ? (
            <SubmissionLayout
              media={
                <MediaStage
                  current={current}
                  next={next}
                  controls={{
                    onVideo: setVideo,
                    slide,
                    onSlide: setSlide,
                    notes,
                    onAddNote: canDecide ? startNote : undefined,
                    previous,
                    previousSlide,
                    onPreviousSlide: setPreviousSlide,
                    onPreviousVideo: setPreviousVideo,
                    showLast,
                    onShowLast: (value) => {
                      if (shownKey) setShowLastOf({ key: shownKey, value });
                    },
                  }}
                />
              }
              summary={<SubmissionSummary item={current} />}
              notes={
                <>
                  <SignOffNote submission={current.submission} side={side} />
                  <PreviousFeedback feedback={current.submission.feedback} />
                  <LastRoundChecklist
                    key={shownKey}
                    notes={previous?.decision?.notes ?? current.submission.notes}
                    slides={isSlides(previous ? previousItems : items)}
                    onChoose={chooseLastRound}
                  />
                  <DraftNotes
                    notes={notes}
                    slides={slides}
                    onChoose={chooseNote}
                    onRemove={(note) => {
                      if (!shownKey) return;
                      setDrafts((map) =>
                        new Map(map).set(
                          shownKey,
                          notes.filter((n) => n !== note),
                        ),
                      );
                    }}
                  />
                </>
              }
              actions={
                <DecisionBar
                  canDecide={canDecide}
                  inspecting={isInspecting(current.submission)}
                  onApprove={() => {
                    askedBy();
                    approve();
                  }}
                  onRequestChanges={() => {
                    askedBy();
                    void queueState.startRequestChanges();
                  }}
                  status={status}
                  tooSoon={tooSoon !== null && tooSoon === shownKey}
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
                    <TaskRequirements task={queueState.tasks.get(current.submission.task_id)} />
                  </div>
                  {history ? <div key={current.submission.id}>{history(current)}</div> : null}
                </>
              }
            />
          ) : (
            <>
              <EmptyState icon={ClipboardCheck} title={EMPTY[queueState.view].title}>
                {queueState.counts.total > 0
                  ? 'No submission matches these filters.'
                  : EMPTY[queueState.view].text}
              </EmptyState>
              {canDecide ? <div className="mt-3">{status}</div> : null}
            </>
          )}
        </section>
        <UpNext
          items={queueState.visible.slice(queueState.index + 1, queueState.index + 6)}
          onOpen={(id) => {
            queueState.open(id);
            focusRegion();
          }}
        />
        {queueState.afterNext ? (
          <PreloadMedia
            key={queueState.afterNext.submission.id}
            submission={queueState.afterNext.submission}
          />
        ) : null}
        <NoteDialog
          target={noting}
          onAdd={(text) => {
            if (noting) {
              const { key, item, at_s } = noting;
              setDrafts((map) =>
                new Map(map).set(key, [...(map.get(key) ?? []), { text, item, at_s }]),
              );
            }
            setNoting(null);
            returnFocus();
          }}
          onCancel={() => {
            setNoting(null);
            returnFocus();
          }}
        />
        <FeedbackDialog
          open={queueState.changing !== null}
          creator={queueState.changing ? `@${queueState.changing.submission.creator_username}` : ''}
          notes={changingNotes.length}
          onSend={(feedback) => {
            queueState.sendRequestChanges(feedback, notesToSend(changingNotes));
            returnFocus();
          }}
          onCancel={() => {
            queueState.cancelRequestChanges();
            returnFocus();
          }}
        />
        <ConfirmDialog
          open={queueState.confirming !== null}
          onOpenChange={(open) => {
            if (!open) queueState.cancelConfirm();
          }}
          title="Decide before your agency?"
          description={
            queueState.confirming
              ? skipText(queueState.confirming.kind, queueState.confirming.item)
              : ''
          }
          confirmLabel={
            queueState.confirming?.kind === 'requestChanges'
              ? 'Request changes anyway'
              : 'Approve anyway'
          }
          pendingLabel="Deciding…"
          tone="primary"
          focusConfirm
          onConfirm={() => {
            confirmed.current = queueState.confirming?.kind ?? null;
            queueState.confirm();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A request for changes goes on in its feedback box, which has the focus.
            if (confirmed.current === 'requestChanges') return;
            const back = confirmed.current ? null : confirmOpener.current;
            if (back?.isConnected) back.focus();
            else focusRegion();
          }}
        />
        <ShortcutsDialog
          open={queueState.helpOpen}
          onOpenChange={(open) => {
            queueState.setHelpOpen(open);
            if (!open) returnFocus();
          }}
        />
      </>
    );
  }
  return (
    <ReviewViews
      view={queueState.view}
      side={side}
      views={
        queueState.hasSignOff || queueState.view === 'signoff' || queueState.view === 'agency'
          ? ['waiting', 'signoff', 'agency', 'failed']
          : ['waiting', 'failed']
      }
      counts={queueState.countsReady ? queueState.counts : null}
      onChange={queueState.setView}
    >
      {filterBar}
      {/* The brand's notes speak to whoever decides; someone who may not reads the queue. */}
      {VIEW_NOTES[queueState.view] &&
      (canDecide || (queueState.view !== 'signoff' && queueState.view !== 'agency')) ? (
        <p className="text-sm text-gray-700">{VIEW_NOTES[queueState.view]}</p>
      ) : null}
      {body}
    </ReviewViews>
  );
}

/** A value of the item on screen (its key), so another item starts from the default. */
type Keyed<T> = { key: string; value: T } | null;
const NONE = null;
function valueFor<T>(keyed: Keyed<T>, key: string | undefined, fallback: T): T {
  return keyed !== null && keyed.key === key ? keyed.value : fallback;
}

/** Whether the screen is wide enough for the two versions side by side (Tailwind's `lg`). */
const isWide = () => window.matchMedia?.('(min-width: 1024px)').matches ?? true;

/** How long "Nothing decided yet" stays after a decision key pressed too soon. */
const TOO_SOON_HINT_MS = 3000;

/**
 * What the count line counts, after its number: "12 submissions waiting for you" on the brand's
 * side, whose queue leaves out what waits for its agency ("3 submissions with the agency");
 * the agency's queue is what waits for it ("12 submissions waiting").
 */
function countWords(view: ReviewView, side: Side, n: number): string {
  const submissions = n === 1 ? 'submission' : 'submissions';
  switch (view) {
    case 'waiting':
      return side === 'brand' ? `${submissions} waiting for you` : `${submissions} waiting`;
    case 'signoff':
      return `${submissions} waiting for your sign-off`;
    case 'agency':
      return `${submissions} with the agency`;
    case 'failed':
      return `failed ${submissions}`;
  }
}

/** What the confirmation before deciding ahead of the agency says will happen. */
function skipText(kind: 'approve' | 'requestChanges', item: QueueItem): string {
  const creator = `@${item.submission.creator_username}`;
  return kind === 'approve'
    ? `This skips your agency’s review: your approval of ${creator}’s submission is final. You can still undo it for a few seconds.`
    : `This skips your agency’s review: ${creator}’s submission goes back to the creator with your feedback.`;
}

const LOADING: Record<ReviewView, string> = {
  waiting: 'Loading the submissions waiting for review…',
  signoff: 'Loading the submissions waiting for your sign-off…',
  agency: 'Loading the submissions waiting for your agency’s review…',
  failed: 'Loading the failed submissions…',
};

const EMPTY: Record<ReviewView, { title: string; text: string }> = {
  waiting: {
    title: 'Nothing waiting',
    text: 'Every submission has been reviewed. New ones appear here as creators send them.',
  },
  signoff: {
    title: 'Nothing to sign off',
    text: 'Submissions your agency approved appear here for your sign-off.',
  },
  agency: {
    title: 'Nothing with the agency',
    text: 'Submissions waiting for your agency’s review appear here; once it approves one, it waits for your sign-off.',
  },
  failed: { title: 'No failed submissions', text: '' },
};

/** What a view lists, under its tab (the queue's own description is the screen's). */
const VIEW_NOTES: Record<ReviewView, string | null> = {
  waiting: null,
  signoff:
    'Approved by your agency, waiting for you. Your approval is final; Request changes sends it back to the creator.',
  agency:
    'Waiting for your agency’s review; you sign off after it. You may decide one now: that skips your agency’s review, and the screen asks first.',
  failed:
    'Inspection could not process the media, or it failed a check of the campaign’s review bar. Nothing to decide: the creator sends the task again.',
};

/** "Submission 2 of 9", Previous / Next and the shortcut sheet, above the item. */
function QueueNavigation({ queueState, onMoved }: { queueState: QueueState; onMoved: () => void }) {
  const previous = shortcutOf('previous');
  const next = shortcutOf('next');
  const help = shortcutOf('help');
  const total = Math.max(queueState.counts[queueState.view], queueState.position);
  const atEnd = queueState.index >= queueState.visible.length - 1 && !queueState.list.hasMore;
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-gray-900">
          {queueState.current
            ? `Submission ${formatNumber(queueState.position)} of ${formatNumber(total)}`
            : 'Current submission'}
        </h2>
        {/* On a phone the media comes before the summary: its warnings show here, above it. */}
        {queueState.current ? (
          <WarningCount submission={queueState.current.submission} className="lg:hidden" />
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {queueState.current ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                queueState.move(-1);
                onMoved();
              }}
              disabled={queueState.index <= 0}
              title={
                queueState.index <= 0 && queueState.list.skipped > 0
                  ? 'Earlier submissions were read a while ago: reload the queue to see them again'
                  : undefined
              }
              aria-keyshortcuts={previous.aria}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              {/* On a phone the arrow alone, so the row stays one line above the media. */}
              <span className="max-sm:sr-only">Previous</span>
              <KeyHint label={previous.label} />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                queueState.move(1);
                onMoved();
              }}
              disabled={atEnd || queueState.index >= queueState.visible.length - 1}
              aria-keyshortcuts={next.aria}
            >
              <span className="max-sm:sr-only">Next</span>
              <KeyHint label={next.label} />
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => queueState.setHelpOpen(true)}
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
