import { notify } from '#lib/notify';

/** Plays or pauses the video; says so when the browser cannot play it. */
export function playOrPause(video: HTMLVideoElement): void {
  if (!video.paused) {
    video.pause();
    return;
  }
  video.play().catch((error: unknown) => {
    // A pause or a new source interrupted the start: nothing went wrong.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    notify.error(
      'The video could not be played',
      'This browser cannot play the file; ask the creator for another upload if it stays so.',
    );
  });
}

/** Moves the playhead by `seconds` (negative: back), within the video. */
export function seekBy(video: HTMLVideoElement, seconds: number): void {
  const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
  video.currentTime = Math.min(Math.max(video.currentTime + seconds, 0), end);
}

export function toggleMute(video: HTMLVideoElement): void {
  video.muted = !video.muted;
}
