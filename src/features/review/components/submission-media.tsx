import type { Submission } from '#contract/submissions';
import { useCallback, useEffect, useRef } from 'react';
import { safeHttpUrl } from '#components/ui/external-link';
import { RemoteImage } from '#components/ui/remote-image';

/**
 * The submitted video (with the player's controls) or carousel image, large; only http(s)
 * addresses load. A video that is hidden (the next item, loading ahead) is kept paused.
 * `onVideo` gets the <video> element, for the screen's play/seek/mute keys.
 */
export function SubmissionMedia({
  submission,
  shown = true,
  onVideo,
}: {
  submission: Submission;
  shown?: boolean;
  onVideo?: ((video: HTMLVideoElement | null) => void) | undefined;
}) {
  const media = safeHttpUrl(submission.media_url);
  const poster = safeHttpUrl(submission.thumbnail_url) ?? undefined;
  const own = useRef<HTMLVideoElement>(null);
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
  const label = `${submission.media_type === 'video' ? 'Video' : 'Carousel'} by ${submission.creator_username}`;
  if (!media) {
    return (
      <div className="flex aspect-[9/16] max-h-[var(--media-fit,60vh)] w-full items-center justify-center rounded-lg bg-gray-100 text-sm text-gray-600">
        No media to show
      </div>
    );
  }
  return submission.media_type === 'video' ? (
    <video
      key={media}
      ref={ref}
      src={media}
      poster={poster}
      controls
      playsInline
      preload="auto"
      aria-label={label}
      className="max-h-[var(--media-fit,60vh)] w-full rounded-lg bg-black object-contain"
    />
  ) : (
    <RemoteImage
      key={media}
      src={media}
      alt={`${label} (first image)`}
      loading="eager"
      className="max-h-[var(--media-fit,60vh)] w-full rounded-lg bg-gray-100 object-contain"
    />
  );
}

/** Starts loading a submission's media before it is shown, so it appears at once. */
export function PreloadMedia({ submission }: { submission: Submission }) {
  const media = safeHttpUrl(submission.media_url);
  const poster = safeHttpUrl(submission.thumbnail_url);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed -left-[9999px] size-px overflow-hidden"
    >
      {poster ? <img src={poster} alt="" /> : null}
      {media && submission.media_type === 'video' ? (
        <video src={media} preload="auto" muted tabIndex={-1} />
      ) : null}
      {media && submission.media_type === 'carousel' ? <img src={media} alt="" /> : null}
    </div>
  );
}
