import type { MediaType } from '#contract/enums';
import {
  CAROUSEL_MAX,
  CAROUSEL_MIN,
  type MediaItemInput,
  type ReviewNoteInput,
} from '#contract/submissions';
import type { StoredMediaItem, StoredNote } from '../db/schema.ts';
import { validationFailed } from '../errors.ts';

// The content itself (docs/api.md#media-items-and-notes): the items a creator sends (the video,
// or every slide of a carousel) and the notes a reviewer leaves on them when rejecting.

/** What the platform sends for the content: media_items, or (as before) media_url alone. */
export interface ContentInput {
  media_url?: string | undefined;
  media_items?: MediaItemInput[] | undefined;
  thumbnail_url?: string | undefined;
}

const unmeasured = { width: null, height: null, duration_s: null };

/**
 * The items of a submission of `mediaType` (docs/decisions/0140): a video is one video item; a
 * carousel is 2 to 20 slides, each an image or a video. media_url alone stays one item, as before
 * (a carousel sent that way shows its first slide only). The body's thumbnail_url is the first
 * item's when that item has none. 422 naming the field otherwise.
 */
export function contentItems(mediaType: MediaType, body: ContentInput): StoredMediaItem[] {
  if (!body.media_items) {
    const url = body.media_url;
    if (!url) throw validationFailed('media_items', 'give media_items (or media_url)');
    return [
      {
        type: mediaType === 'video' ? 'video' : 'image',
        url,
        thumbnail_url: body.thumbnail_url ?? null,
        ...unmeasured,
      },
    ];
  }
  const items = body.media_items;
  if (mediaType === 'video') {
    if (items.length !== 1) {
      throw validationFailed('media_items', 'a video submission has exactly one item, the video');
    }
    if (items[0]!.type !== 'video') {
      throw validationFailed('media_items[0].type', 'the item of a video submission is a video');
    }
  } else if (items.length < CAROUSEL_MIN || items.length > CAROUSEL_MAX) {
    throw validationFailed(
      'media_items',
      `a carousel has ${CAROUSEL_MIN} to ${CAROUSEL_MAX} slides, not ${items.length}`,
    );
  }
  return items.map((item, i) => ({
    type: item.type,
    url: item.url,
    thumbnail_url: item.thumbnail_url ?? (i === 0 ? (body.thumbnail_url ?? null) : null),
    ...unmeasured,
  }));
}

/** How an item is named to a person: "slide 3" in a carousel, nothing for the one video. */
export const itemName = (index: number) => `slide ${index + 1}`;

/** A moment of a video as a person reads it: 0:07, 1:02:05. */
export function moment(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The notes of a rejection, checked against the submission's items and ordered by item then
 * at_s (a note on the whole first): an item out of range, a moment on an image or past the
 * video's length answer 422 naming the note's field (`notes[2].at_s`). A note with a moment and no
 * item is about the first item (a video submission has only that one).
 */
export function checkedNotes(
  notes: readonly ReviewNoteInput[],
  items: readonly StoredMediaItem[],
): StoredNote[] {
  const stored = notes.map((note, i): StoredNote => {
    const item = note.item ?? null;
    const at = note.at_s ?? null;
    if (item !== null && item >= items.length) {
      throw validationFailed(
        `notes[${i}].item`,
        `the submission has ${items.length} item${items.length === 1 ? '' : 's'} (0 to ${items.length - 1}); there is no item ${item}`,
      );
    }
    if (at !== null) {
      const index = item ?? 0;
      const target = items[index];
      if (target && target.type !== 'video') {
        throw validationFailed(
          `notes[${i}].at_s`,
          `${items.length > 1 ? itemName(index) : 'the item'} is an image: a note on it has no moment`,
        );
      }
      if (target && target.duration_s !== null && at > target.duration_s) {
        throw validationFailed(
          `notes[${i}].at_s`,
          `${at} s is past the end of the video (${target.duration_s} s)`,
        );
      }
    }
    return { text: note.text, at_s: at, item };
  });
  const rank = (v: number | null) => (v === null ? -1 : v);
  return stored
    .map((note, i) => ({ note, i }))
    .sort(
      (a, b) =>
        rank(a.note.item) - rank(b.note.item) || rank(a.note.at_s) - rank(b.note.at_s) || a.i - b.i,
    )
    .map(({ note }) => note);
}

/**
 * The feedback of a rejection that has notes and no feedback: each note where it applies
 * ("0:07 label hidden; slide 3: too dark"), in order.
 */
export function notesFeedback(notes: readonly StoredNote[], itemCount: number): string {
  return notes
    .map((note) => {
      const slide = note.item !== null && itemCount > 1 ? itemName(note.item) : null;
      const at = note.at_s !== null ? moment(note.at_s) : null;
      if (slide && at) return `${slide}, ${at} ${note.text}`;
      if (slide) return `${slide}: ${note.text}`;
      if (at) return `${at} ${note.text}`;
      return note.text;
    })
    .join('; ');
}
