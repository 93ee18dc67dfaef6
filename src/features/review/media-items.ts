import type { MediaItem, ReviewNote, ReviewNoteInput, Submission } from '#contract/submissions';

/**
 * The items a submission shows, in order: its `media_items` (every slide of a carousel), or, for
 * one read before they existed, its `media_url` alone.
 */
export function itemsOf(
  submission: Pick<Submission, 'media_items' | 'media_url' | 'media_type' | 'thumbnail_url'>,
): MediaItem[] {
  if (submission.media_items.length > 0) return submission.media_items;
  if (!submission.media_url) return [];
  return [
    {
      type: submission.media_type === 'video' ? 'video' : 'image',
      url: submission.media_url,
      thumbnail_url: submission.thumbnail_url,
      width: null,
      height: null,
      duration_s: null,
    },
  ];
}

/** Whether the items are slides to step through (more than one). */
export const isSlides = (items: readonly MediaItem[]) => items.length > 1;

/** A moment of a video as a person reads it: "0:07", "1:02:05". */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A note as it is kept on this screen: where it is (item, moment) and what it says. */
export type DraftNote = { text: string; item: number | null; at_s: number | null };

/** Where a note is, in words: "0:07", "Slide 3", "Slide 2 at 0:04", or "" for the whole. */
export function whereOf(note: Pick<ReviewNote, 'item' | 'at_s'>, slides: boolean): string {
  const slide = slides && note.item !== null ? `Slide ${note.item + 1}` : '';
  const moment = note.at_s !== null ? formatMoment(note.at_s) : '';
  if (slide && moment) return `${slide} at ${moment}`;
  return slide || moment;
}

/** The notes as the reject body sends them, in the order the service keeps (item, moment). */
export function notesToSend(notes: readonly DraftNote[]): ReviewNoteInput[] {
  return [...notes]
    .sort((a, b) => (a.item ?? -1) - (b.item ?? -1) || (a.at_s ?? -1) - (b.at_s ?? -1))
    .map((note) => ({ text: note.text, item: note.item, at_s: note.at_s }));
}
