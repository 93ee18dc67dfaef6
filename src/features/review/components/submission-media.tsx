import type { Submission } from '#contract/submissions';
import { safeHttpUrl } from '../../../components/ui/external-link';

/** The submitted video (with controls) or carousel image, large; only http(s) addresses load. */
export function SubmissionMedia({ submission }: { submission: Submission }) {
  const media = safeHttpUrl(submission.media_url);
  const poster = safeHttpUrl(submission.thumbnail_url) ?? undefined;
  const label = `${submission.media_type === 'video' ? 'Video' : 'Carousel'} by ${submission.creator_username}`;
  if (!media) {
    return (
      <div className="flex aspect-[9/16] max-h-[70vh] items-center justify-center rounded-lg bg-gray-100 text-sm text-gray-600">
        No media to show
      </div>
    );
  }
  return submission.media_type === 'video' ? (
    <video
      key={media}
      src={media}
      poster={poster}
      controls
      preload="auto"
      aria-label={label}
      className="max-h-[70vh] w-full rounded-lg bg-black object-contain"
    />
  ) : (
    <img
      key={media}
      src={media}
      alt={`${label} (first image)`}
      className="max-h-[70vh] w-full rounded-lg bg-gray-100 object-contain"
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
