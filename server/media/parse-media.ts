import { imageSize } from 'image-size';
import { createFile, type Movie } from 'mp4box';
import type { MediaFacts } from '#contract/media-checks';

// Reading what a media file is, with kept libraries and no binaries: mp4box for MP4/MOV (the
// ISO base media family), image-size for images. Returns the facts, or why it cannot be read, in
// the words the brand reads beside the submission (no container or codec terms).

export type Parsed =
  | { ok: true; facts: MediaFacts; kind: 'video' | 'image'; codec: string | null }
  | { ok: false; reason: string };

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

function isIsoMedia(bytes: Uint8Array) {
  return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp';
}

function parseIsoMedia(bytes: Uint8Array): Parsed {
  const file = createFile();
  let info: Movie | null = null;
  let error: string | null = null;
  file.onReady = (i) => {
    info = i;
  };
  file.onError = (module, message) => {
    error = `${module}: ${message}`;
  };
  const buffer = bytes.slice().buffer as ArrayBuffer & { fileStart: number };
  buffer.fileStart = 0;
  try {
    file.appendBuffer(buffer);
    file.flush();
  } catch {
    return { ok: false, reason: 'the video file is damaged and cannot be played' };
  }
  const movie = info as Movie | null;
  if (!movie)
    return {
      ok: false,
      reason: error
        ? 'the video file is damaged and cannot be played'
        : 'the video file is incomplete or damaged and cannot be played',
    };
  const video = movie.videoTracks[0];
  if (!video) return { ok: false, reason: 'the file holds no picture, so it is not a video' };
  const width = video.video?.width ?? video.track_width;
  const height = video.video?.height ?? video.track_height;
  const timescale = movie.timescale || 1;
  const duration = movie.duration
    ? movie.duration / timescale
    : video.duration / (video.timescale || 1);
  if (!width || !height)
    return { ok: false, reason: 'the video has no picture size, so it cannot be shown' };
  const quicktime = movie.brands.some((b) => b.trim() === 'qt');
  return {
    ok: true,
    kind: 'video',
    codec: video.codec ?? null,
    facts: {
      content_type: quicktime ? 'video/quicktime' : 'video/mp4',
      size_bytes: bytes.length,
      width,
      height,
      duration_s: Math.round(duration * 100) / 100,
    },
  };
}

/** What the bytes are: a video (MP4/MOV) or an image, with their size and length. */
export function parseMedia(bytes: Uint8Array): Parsed {
  if (bytes.length === 0) return { ok: false, reason: 'the file is empty' };
  if (isIsoMedia(bytes)) return parseIsoMedia(bytes);
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return { ok: false, reason: 'the image has no size' };
    return {
      ok: true,
      kind: 'image',
      codec: null,
      facts: {
        content_type:
          size.type === 'svg'
            ? 'image/svg+xml'
            : `image/${size.type === 'jpg' ? 'jpeg' : (size.type ?? 'unknown')}`,
        size_bytes: bytes.length,
        width: size.width,
        height: size.height,
        duration_s: null,
      },
    };
  } catch {
    return { ok: false, reason: 'not a video (MP4 or MOV) or an image that can be opened' };
  }
}
