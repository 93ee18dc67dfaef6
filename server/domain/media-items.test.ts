import { describe, expect, it } from 'vitest';
import type { StoredMediaItem } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { checkedNotes, contentItems, moment, notesFeedback } from './media-items.ts';

// The items of a submission and the notes of a rejection (docs/api.md#media-items-and-notes,
// docs/decisions/0141, 0142): the rules alone; the routes' tests run them on the service.

const item = (over: Partial<StoredMediaItem> = {}): StoredMediaItem => ({
  type: 'image',
  url: 'https://cdn.example.com/a.png',
  thumbnail_url: null,
  width: 360,
  height: 640,
  duration_s: null,
  ...over,
});
const clip = item({ type: 'video', url: 'https://cdn.example.com/v.mp4', duration_s: 12 });

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
  throw new Error('not refused');
}

describe('moment', () => {
  it('reads as a clock, seconds rounded down', () => {
    expect([0, 7, 7.9, 62, 3_725].map(moment)).toEqual(['0:00', '0:07', '0:07', '1:02', '1:02:05']);
  });
});

describe('contentItems', () => {
  it('media_url alone is one item with the thumbnail; media_items keep their order', () => {
    expect(
      contentItems('video', { media_url: clip.url, thumbnail_url: 'https://t/1.png' }),
    ).toEqual([
      {
        type: 'video',
        url: clip.url,
        thumbnail_url: 'https://t/1.png',
        width: null,
        height: null,
        duration_s: null,
      },
    ]);
    const slides = contentItems('carousel', {
      media_items: [
        { type: 'image', url: 'https://c/1.png' },
        { type: 'video', url: 'https://c/2.mp4', thumbnail_url: 'https://t/2.png' },
      ],
      thumbnail_url: 'https://t/1.png',
    });
    expect(slides.map((s) => [s.type, s.url, s.thumbnail_url])).toEqual([
      ['image', 'https://c/1.png', 'https://t/1.png'],
      ['video', 'https://c/2.mp4', 'https://t/2.png'],
    ]);
  });

  it('a video is one video item; a carousel 2 to 20', () => {
    const v = { type: 'video' as const, url: clip.url };
    expect(refusal(() => contentItems('video', { media_items: [v, v] }))).toMatch(/^media_items: /);
    expect(
      refusal(() => contentItems('video', { media_items: [{ type: 'image', url: clip.url }] })),
    ).toMatch(/^media_items\[0\]\.type: /);
    expect(refusal(() => contentItems('carousel', { media_items: [v] }))).toMatch(/^media_items: /);
    expect(
      contentItems('carousel', { media_items: Array.from({ length: 20 }, () => v) }),
    ).toHaveLength(20);
  });
});

describe('checkedNotes and notesFeedback', () => {
  it('orders by item (the whole first), then moment, then as sent', () => {
    const notes = checkedNotes(
      [
        { text: 'c', item: 1 },
        { text: 'b', at_s: 4, item: 0 },
        { text: 'a' },
        { text: 'a2', at_s: 2 },
        { text: 'b0', at_s: 1, item: 0 },
      ],
      [clip, item()],
    );
    expect(notes.map((n) => n.text)).toEqual(['a', 'a2', 'b0', 'b', 'c']);
    expect(notesFeedback(notes, 2)).toBe(
      'a; 0:02 a2; slide 1, 0:01 b0; slide 1, 0:04 b; slide 2: c',
    );
    expect(notesFeedback(notes.slice(0, 2), 1)).toBe('a; 0:02 a2');
  });

  it('refuses a moment past the end or on an image, and an item out of range, naming the note', () => {
    expect(refusal(() => checkedNotes([{ text: 'x' }, { text: 'y', at_s: 12.5 }], [clip]))).toMatch(
      /^notes\[1\]\.at_s: /,
    );
    expect(refusal(() => checkedNotes([{ text: 'y', item: 2 }], [clip, item()]))).toMatch(
      /^notes\[0\]\.item: /,
    );
    expect(refusal(() => checkedNotes([{ text: 'y', item: 1, at_s: 0 }], [clip, item()]))).toMatch(
      /^notes\[0\]\.at_s: /,
    );
    // A video inspection could not measure takes any moment.
    expect(checkedNotes([{ text: 'y', at_s: 99 }], [{ ...clip, duration_s: null }])).toHaveLength(
      1,
    );
    expect(checkedNotes([{ text: 'end', at_s: 12 }], [clip])).toHaveLength(1);
  });
});
