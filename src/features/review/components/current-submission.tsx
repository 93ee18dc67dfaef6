import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Badge } from '#components/ui/badge';
import { formatDateTime } from '#lib/format';
import type { QueueItem } from '../api/review';
import { flaggedChecks } from './media-checks';
import { SubmissionMedia } from './submission-media';
import { Button } from '#components/ui/button';
import type { SubmissionRevision } from '#contract/submissions';
import type { DraftNote } from '../media-items';

export const roundLabel = (revisions: number) =>
  revisions === 0 ? 'First submission' : `Revision ${revisions}`;

/** The least height the media is given, however much sits above it. */
const MEDIA_MIN_PX = 200;

/**
 * The most height the media may take so that it ends, with its controls, inside the screen when
 * the page is at its top: the screen's height, less what sits above the media and, on a phone,
 * the decision bar stuck to the bottom (docs/decisions/0152). Measured again when the window or
 * anything in the page changes size (filters opened, an alert shown).
 */
function useMediaFit() {
  const mediaRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const media = mediaRef.current;
      if (!media) return;
      const mediaTop = media.getBoundingClientRect().top + window.scrollY;
      const wide = window.matchMedia?.('(min-width: 1024px)').matches ?? true;
      // On a phone: what the decision bar, stuck to the bottom, covers of the screen (its box as
      // drawn, so any padding or border of its container counts too), and a small gap.
      const tops = [
        actionsRef.current?.firstElementChild,
        actionsRef.current?.querySelector('[role="group"][aria-label="Decision"]'),
      ]
        .map((el) => el?.getBoundingClientRect().top ?? 0)
        .filter((t) => t > 0);
      const top = tops.length > 0 ? Math.min(...tops) : window.innerHeight;
      const covered = Math.max(0, window.innerHeight - top);
      const below = wide ? 16 : Math.min(covered, window.innerHeight / 2) + 12;
      const next = Math.max(MEDIA_MIN_PX, Math.floor(window.innerHeight - mediaTop - below));
      setFit((now) => (now !== null && Math.abs(now - next) < 2 ? now : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return { mediaRef, actionsRef, fit };
}

/**
 * The item on screen, laid out: the media large on the left, and beside it who sent it, the notes
 * on it (sign-off, previous feedback), the actions and the details. Each part is a slot, so a
 * review step with other actions (a sign-off, say) or more details (media checks) brings its own
 * pieces. On a phone the parts form one column: who sent it, then the media, then the rest, with
 * the actions stuck to the bottom of the screen. The media is sized to end inside the screen
 * (`useMediaFit`), so it and its controls are in view without scrolling and under nothing sticky.
 */
export function SubmissionLayout({
  media,
  summary,
  notes,
  actions,
  details,
}: {
  media: ReactNode;
  summary: ReactNode;
  notes?: ReactNode;
  actions: ReactNode;
  details: ReactNode;
}) {
  const { mediaRef, actionsRef, fit } = useMediaFit();
  return (
    <div
      className="flex flex-col gap-3 sm:gap-4 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)] lg:grid-rows-[auto_auto_auto_1fr] lg:gap-x-6"
      style={fit === null ? undefined : ({ '--media-fit': `${fit}px` } as CSSProperties)}
    >
      <div className="lg:col-start-2">{summary}</div>
      <div ref={mediaRef} className="lg:col-start-1 lg:row-span-4 lg:row-start-1">
        {media}
      </div>
      {/* Empty (nothing to note) it takes no room, not even the gap. */}
      <div className="space-y-3 empty:hidden lg:col-start-2">{notes}</div>
      {/* `contents`: the bar itself is the column's child, so it sticks along the whole item. */}
      <div ref={actionsRef} className="contents">
        {actions}
      </div>
      <div className="space-y-4 lg:col-start-2">{details}</div>
    </div>
  );
}

/** What the item on screen shows beside its media: the slide, the notes, the last version. */
export type StageControls = {
  onVideo: (video: HTMLVideoElement | null) => void;
  slide: number;
  onSlide: (slide: number) => void;
  notes: readonly DraftNote[];
  onAddNote: (() => void) | undefined;
  /** The version a revision answers (null: none, or not read yet). */
  previous: SubmissionRevision | null;
  previousSlide: number;
  onPreviousSlide: (slide: number) => void;
  onPreviousVideo: (video: HTMLVideoElement | null) => void;
  /** On a phone: whether the last version is shown instead of this one. */
  showLast: boolean;
  onShowLast: (show: boolean) => void;
};

/**
 * The current item's media, with the next item's already there, hidden and loading: after a
 * decision the same element is shown, so the video appears with its data, not blank. Both are
 * laid out alike (`Versions`), so the element stays the same when the next becomes the current.
 */
export function MediaStage({
  current,
  next,
  controls,
}: {
  current: QueueItem;
  next: QueueItem | undefined;
  controls: StageControls;
}) {
  return (
    <>
      {[current, next].map((item) =>
        item ? (
          <div key={item.submission.id} hidden={item !== current}>
            <Versions item={item} controls={item === current ? controls : null} />
          </div>
        ) : null,
      )}
    </>
  );
}

/**
 * A submission's media and, for a revision, the version it answers (docs/decisions/0154): beside
 * it on a wide screen, one or the other on a phone (a toggle above). The last version's timeline
 * marks the notes it was sent back with. Every slot keeps its place whatever is shown, so React
 * keeps the elements (the preloaded video) when an item becomes the current one.
 */
function Versions({ item, controls }: { item: QueueItem; controls: StageControls | null }) {
  const s = item.submission;
  const previous = controls?.previous ?? null;
  const showLast = previous !== null && (controls?.showLast ?? false);
  return (
    <div
      className={previous ? 'lg:grid lg:grid-cols-2 lg:gap-3' : undefined}
      style={previous ? ({ '--media-above': '2.75rem' } as CSSProperties) : undefined}
    >
      {previous && controls ? (
        <div
          role="group"
          aria-label="Versions"
          className="mb-2 grid h-9 grid-cols-2 gap-2 lg:hidden"
        >
          <Button
            size="sm"
            variant={showLast ? 'secondary' : 'primary'}
            aria-pressed={!showLast}
            onClick={() => controls.onShowLast(false)}
          >
            This version
          </Button>
          <Button
            size="sm"
            variant={showLast ? 'primary' : 'secondary'}
            aria-pressed={showLast}
            onClick={() => controls.onShowLast(true)}
          >
            Last version
          </Button>
        </div>
      ) : null}
      <div className={showLast ? 'max-lg:hidden' : undefined}>
        {previous ? (
          <p className="mb-2 flex h-7 items-center text-sm font-medium text-gray-900 max-lg:hidden">
            This version ({roundLabel(s.revision_count)})
          </p>
        ) : null}
        <SubmissionMedia
          submission={s}
          shown={controls !== null}
          onVideo={controls?.onVideo}
          slide={controls?.slide ?? 0}
          onSlide={controls?.onSlide}
          notes={controls?.notes ?? []}
          onAddNote={controls?.onAddNote}
        />
      </div>
      {previous && controls ? (
        <div className={showLast ? undefined : 'max-lg:hidden'}>
          <p className="mb-2 flex h-7 items-center text-sm font-medium text-gray-900 max-lg:hidden">
            Last version (
            {previous.decision?.status === 'rejected'
              ? 'changes requested'
              : roundLabel(previous.revision)}
            )
          </p>
          <SubmissionMedia
            submission={{
              ...s,
              media_items: previous.media_items,
              media_url: previous.media_items[0]?.url ?? null,
            }}
            label={`Last version by ${s.creator_username}`}
            shown={showLast || controls !== null}
            onVideo={controls.onPreviousVideo}
            slide={controls.previousSlide}
            onSlide={controls.onPreviousSlide}
            notes={previous.decision?.notes ?? []}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Who sent it, for which campaign, which round and when. */
export function SubmissionSummary({ item }: { item: QueueItem }) {
  const s = item.submission;
  return (
    <div className="space-y-1 text-sm">
      <p className="text-base font-semibold break-words text-gray-900">@{s.creator_username}</p>
      <p className="text-gray-700">{item.campaignName}</p>
      <p className="flex flex-wrap items-center gap-2 text-gray-700">
        <Badge tone={s.revision_count > 0 ? 'amber' : 'gray'}>{roundLabel(s.revision_count)}</Badge>
        {/* On a phone the count sits above the media instead (WarningCount), in sight of the bar. */}
        <WarningCount submission={s} className="max-lg:hidden" />
        <span>Submitted {formatDateTime(s.submitted_at)}</span>
      </p>
    </div>
  );
}

/** "2 warnings": the checks that did not pass, for the reviewer to look at before deciding. */
export function WarningCount({
  submission,
  className,
}: {
  submission: QueueItem['submission'];
  className?: string;
}) {
  const warnings = flaggedChecks(submission).length;
  if (warnings === 0) return null;
  return (
    <Badge tone="amber" className={className}>
      {warnings === 1 ? '1 warning' : `${warnings} warnings`}
    </Badge>
  );
}

/** What was asked last time, for a revision. */
export function PreviousFeedback({ feedback }: { feedback: string | null }) {
  if (!feedback) return null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <h3 className="font-medium text-amber-950">Previous feedback</h3>
      <p className="mt-1 whitespace-pre-wrap text-amber-950 break-words">{feedback}</p>
    </div>
  );
}
