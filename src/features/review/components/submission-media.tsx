import type { MediaItem, Submission } from '#contract/submissions';
import { ChevronLeft, ChevronRight, MessageSquarePlus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button } from '#components/ui/button';
import { safeHttpUrl } from '#components/ui/external-link';
import { RemoteImage } from '#components/ui/remote-image';
import { formatNumber } from '#lib/format';
import { formatMoment, isSlides, itemsOf, whereOf, type DraftNote } from '../media-items';
import { shortcutOf } from '../shortcuts';
import { KeyHint } from './key-hint';

/**
 * The height the media may take: what `SubmissionLayout` measured (`--media-fit`), less the strip
 * of controls under it and what a comparison puts above it (`--media-above`).
 */
const FIT: CSSProperties = {
  ['--media-max' as string]: 'calc(var(--media-fit, 60vh) - 3rem - var(--media-above, 0px))',
};

/**
 * A submission's content, large: the video with the player's controls, or the slide shown of a
 * carousel; only http(s) addresses load. Under it a strip of the same height for every item: the
 * slide controls ("Slide 2 of 5", previous and next), the timeline's note markers (each seeks the
 * video to its moment, or opens its slide) and, where notes are taken, Add note. A hidden one
 * (the next item, loading ahead) is kept paused. `onVideo` gets the <video> element shown, for
 * the screen's play/seek/mute keys.
 */
export function SubmissionMedia({
  submission,
  shown = true,
  onVideo,
  slide = 0,
  onSlide,
  notes = [],
  onAddNote,
  label,
}: {
  submission: Pick<
    Submission,
    'media_items' | 'media_url' | 'media_type' | 'thumbnail_url' | 'creator_username'
  >;
  shown?: boolean;
  onVideo?: ((video: HTMLVideoElement | null) => void) | undefined;
  /** The slide shown (0-based), for a carousel. */
  slide?: number;
  onSlide?: ((slide: number) => void) | undefined;
  /** Notes to mark (their item and moment). */
  notes?: readonly DraftNote[];
  onAddNote?: (() => void) | undefined;
  /** How the media is named; by default "Video by …" / "Carousel by …". */
  label?: string | undefined;
}) {
  const items = itemsOf(submission);
  const slides = isSlides(items);
  const index = Math.min(Math.max(slide, 0), Math.max(items.length - 1, 0));
  const item = items[index];
  const own = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const ref = useCallback(
    (element: HTMLVideoElement | null) => {
      own.current = element;
      onVideo?.(element);
    },
    [onVideo],
  );
  // The element is the outside system here: a video that leaves the screen stops playing.
  useEffect(() => {
    if (!shown && own.current && !own.current.paused) own.current.pause();
  }, [shown]);
  const name =
    label ??
    `${submission.media_type === 'video' && !slides ? 'Video' : 'Carousel'} by ${submission.creator_username}`;
  const media = item ? safeHttpUrl(item.url) : null;
  if (!item || !media) {
    return (
      <div
        style={FIT}
        className="flex aspect-[9/16] max-h-(--media-max) w-full items-center justify-center rounded-lg bg-gray-100 text-sm text-gray-600"
      >
        No media to show
      </div>
    );
  }
  const itemName = slides ? `${name}, slide ${index + 1} of ${items.length}` : name;
  // The notes of the item shown (of a single video: all of them).
  const here = slides ? notes.filter((note) => note.item === index) : notes;
  const length = item.duration_s ?? duration;
  return (
    <div style={FIT} className="space-y-2">
      {item.type === 'video' ? (
        <video
          key={media}
          ref={ref}
          src={media}
          poster={safeHttpUrl(item.thumbnail_url ?? submission.thumbnail_url) ?? undefined}
          controls
          playsInline
          preload="auto"
          aria-label={itemName}
          onLoadedMetadata={(event) => {
            const d = event.currentTarget.duration;
            setDuration(Number.isFinite(d) ? d : null);
          }}
          className="max-h-(--media-max) w-full rounded-lg bg-black object-contain"
        />
      ) : (
        <RemoteImage
          key={media}
          src={media}
          alt={itemName}
          loading="eager"
          className="max-h-(--media-max) w-full rounded-lg bg-gray-100 object-contain"
        />
      )}
      <div className="flex h-10 items-center gap-2">
        {slides ? <SlideControls index={index} count={items.length} onSlide={onSlide} /> : null}
        {item.type === 'video' ? (
          <NoteMarkers
            notes={here.filter((note) => note.at_s !== null)}
            duration={length}
            slides={slides}
            onSeek={(at) => {
              if (own.current) own.current.currentTime = at;
            }}
          />
        ) : (
          <SlideNoteCount count={here.length} />
        )}
        {onAddNote ? <AddNoteButton onClick={onAddNote} /> : null}
      </div>
      {/* The next slide loads while this one is looked at. */}
      {slides && items[index + 1]?.type === 'image' ? (
        <PreloadImage src={items[index + 1]!.url} />
      ) : null}
    </div>
  );
}

function SlideControls({
  index,
  count,
  onSlide,
}: {
  index: number;
  count: number;
  onSlide?: ((slide: number) => void) | undefined;
}) {
  return (
    <div role="group" aria-label="Slides" className="flex shrink-0 items-center gap-1">
      <Button
        variant="secondary"
        size="sm"
        aria-label="Previous slide"
        aria-keyshortcuts="ArrowLeft"
        disabled={!onSlide || index === 0}
        onClick={() => onSlide?.(index - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </Button>
      <p aria-live="polite" className="px-1 text-sm whitespace-nowrap text-gray-800">
        Slide {formatNumber(index + 1)} of {formatNumber(count)}
      </p>
      <Button
        variant="secondary"
        size="sm"
        aria-label="Next slide"
        aria-keyshortcuts="ArrowRight"
        disabled={!onSlide || index >= count - 1}
        onClick={() => onSlide?.(index + 1)}
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/**
 * The notes at moments of the video as markers along a track the width of the timeline; choosing
 * one seeks the video to its moment.
 */
function NoteMarkers({
  notes,
  duration,
  slides,
  onSeek,
}: {
  notes: readonly DraftNote[];
  duration: number | null;
  slides: boolean;
  onSeek: (at: number) => void;
}) {
  if (notes.length === 0) return <div className="flex-1" />;
  return (
    <div role="group" aria-label="Notes on the timeline" className="relative h-8 min-w-0 flex-1">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded bg-gray-200"
      />
      {notes.map((note, i) => {
        const at = note.at_s ?? 0;
        const share = duration && duration > 0 ? Math.min(at / duration, 1) : 0;
        return (
          <button
            key={`${at}-${i}`}
            type="button"
            title={`${formatMoment(at)}: ${note.text}`}
            aria-label={`Note at ${whereOf(note, slides)}: ${note.text}`}
            onClick={() => onSeek(at)}
            style={{ left: `calc((100% - 1.5rem) * ${share})` }}
            className="absolute top-1/2 size-6 -translate-y-1/2 rounded-full border-2 border-white bg-amber-500 shadow focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
          />
        );
      })}
    </div>
  );
}

function SlideNoteCount({ count }: { count: number }) {
  return (
    <p className="min-w-0 flex-1 truncate text-sm text-amber-900">
      {count === 0
        ? ''
        : count === 1
          ? '1 note on this slide'
          : `${formatNumber(count)} notes on this slide`}
    </p>
  );
}

function AddNoteButton({ onClick }: { onClick: () => void }) {
  const note = shortcutOf('note');
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      aria-keyshortcuts={note.aria}
      className="ml-auto shrink-0"
    >
      <MessageSquarePlus aria-hidden="true" className="size-4" />
      Add note
      <KeyHint label={note.label} />
    </Button>
  );
}

function PreloadImage({ src }: { src: string }) {
  const safe = safeHttpUrl(src);
  return safe ? (
    <img
      src={safe}
      alt=""
      aria-hidden="true"
      referrerPolicy="no-referrer"
      className="pointer-events-none fixed -left-[9999px] size-px"
    />
  ) : null;
}

/** Starts loading a submission's media before it is shown, so it appears at once. */
export function PreloadMedia({ submission }: { submission: Submission }) {
  const first: MediaItem | undefined = itemsOf(submission)[0];
  const media = first ? safeHttpUrl(first.url) : null;
  const poster = safeHttpUrl(first?.thumbnail_url ?? submission.thumbnail_url);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed -left-[9999px] size-px overflow-hidden"
    >
      {poster ? <img src={poster} alt="" /> : null}
      {media && first?.type === 'video' ? (
        <video src={media} preload="auto" muted tabIndex={-1} />
      ) : null}
      {media && first?.type === 'image' ? <img src={media} alt="" /> : null}
    </div>
  );
}
