import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PostApprovalMode } from '#contract/enums';
import type { MediaCheck } from '#contract/media-checks';
import { applyReviewBar, itemsChecks, mediaChecks } from './checks.ts';
import { parseMedia } from './parse-media.ts';

const sample = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../public/samples/${name}`, import.meta.url)));

const pass = (name: MediaCheck['name']): MediaCheck => ({ name, outcome: 'pass', detail: 'ok' });
const clean = [pass('playable'), pass('orientation'), pass('duration'), pass('resolution')];
const unprocessable: MediaCheck[] = [
  {
    name: 'playable',
    outcome: 'fail',
    detail: 'the video file is incomplete or damaged and cannot be played',
  },
];
const failing: MediaCheck[] = [
  pass('playable'),
  pass('orientation'),
  { name: 'duration', outcome: 'fail', detail: '212 s, TikTok story allows 60 s' },
];
const warning: MediaCheck[] = [
  pass('playable'),
  { name: 'orientation', outcome: 'warn', detail: 'landscape 320×180; story_video wants vertical' },
  pass('duration'),
];

describe('the review bar (docs/review-bar.md#inspection), one row per post_approval_mode', () => {
  const table: [PostApprovalMode, string, string, string, string][] = [
    // mode, unprocessable, a failing check, a warning, all pass
    ['strict', 'failed', 'failed', 'failed', 'in_review'],
    ['moderate', 'failed', 'failed', 'in_review', 'in_review'],
    ['lenient', 'failed', 'in_review', 'in_review', 'in_review'],
    ['always', 'failed', 'approved', 'approved', 'approved'],
  ];
  it.each(table)(
    '%s: unprocessable -> %s, failing check -> %s, warning -> %s, clean -> %s',
    (mode, u, f, w, c) => {
      expect(applyReviewBar(mode, unprocessable).status).toBe(u);
      expect(applyReviewBar(mode, failing).status).toBe(f);
      expect(applyReviewBar(mode, warning).status).toBe(w);
      expect(applyReviewBar(mode, clean).status).toBe(c);
    },
  );

  it('failure_reason names the check and what was found', () => {
    expect(applyReviewBar('moderate', failing)).toEqual({
      status: 'failed',
      failureReason: 'duration: 212 s, TikTok story allows 60 s',
    });
    expect(applyReviewBar('strict', warning)).toEqual({
      status: 'failed',
      failureReason: 'orientation: landscape 320×180; story_video wants vertical',
    });
    expect(applyReviewBar('lenient', unprocessable)).toEqual({
      status: 'failed',
      failureReason: 'playable: the video file is incomplete or damaged and cannot be played',
    });
  });
});

describe('media checks of the sample files', () => {
  const story = { platforms: ['tiktok'] as const, formats: ['story_video'] as const };
  const feed = { platforms: ['tiktok', 'instagram'] as const, formats: ['feed_video'] as const };

  it('the demo clip passes every check for a TikTok story', () => {
    const checks = mediaChecks(parseMedia(sample('clip-1.mp4')), 'video', story);
    expect(checks.map((c) => [c.name, c.outcome])).toEqual([
      ['playable', 'pass'],
      ['orientation', 'pass'],
      ['duration', 'pass'],
      ['resolution', 'pass'],
    ]);
    expect(checks.find((c) => c.name === 'duration')!.detail).toBe(
      '3 s of 60 s allowed (TikTok story)',
    );
  });

  it('landscape video warns on orientation for a vertical format, passes for a feed video', () => {
    const parsed = parseMedia(sample('landscape.mp4'));
    expect(mediaChecks(parsed, 'video', story).find((c) => c.name === 'orientation')).toEqual({
      name: 'orientation',
      outcome: 'warn',
      detail: 'landscape 320×180; story_video wants vertical',
    });
    expect(mediaChecks(parsed, 'video', feed).find((c) => c.name === 'orientation')!.outcome).toBe(
      'pass',
    );
  });

  it('a video longer than the strictest platform allows fails duration, naming the limit', () => {
    const checks = mediaChecks(parseMedia(sample('long.mp4')), 'video', feed);
    expect(checks.find((c) => c.name === 'duration')).toEqual({
      name: 'duration',
      outcome: 'fail',
      detail: '212 s, Instagram feed allows 180 s',
    });
  });

  it('an unreadable file fails playable only; an image sent as a video fails playable', () => {
    expect(mediaChecks(parseMedia(sample('broken.mp4')), 'video', feed)).toEqual([
      {
        name: 'playable',
        outcome: 'fail',
        detail: 'the video file is incomplete or damaged and cannot be played',
      },
    ]);
    expect(mediaChecks(parseMedia(sample('slide-1.svg')), 'video', feed)[0]).toMatchObject({
      name: 'playable',
      outcome: 'fail',
    });
    expect(mediaChecks(parseMedia(new Uint8Array([1, 2, 3, 4])), 'video', feed)[0]!.detail).toBe(
      'not a video (MP4 or MOV) or an image that can be opened',
    );
  });

  it('a carousel image has no duration check; a tiny picture fails resolution', () => {
    const image = mediaChecks(parseMedia(sample('slide-1.svg')), 'carousel', {
      platforms: ['instagram'],
      formats: ['feed_images'],
    });
    expect(image.map((c) => c.name)).toEqual(['playable', 'orientation', 'resolution']);
    const tiny = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160"></svg>',
    );
    expect(
      mediaChecks(parseMedia(tiny), 'carousel', { platforms: ['instagram'], formats: [] }).at(-1),
    ).toMatchObject({
      name: 'resolution',
      outcome: 'fail',
    });
  });
});

describe('the checks of a carousel (docs/api.md#media-items-and-notes)', () => {
  const tiktokStory = { platforms: ['tiktok'] as const, formats: ['story_images'] as const };

  it('one check per name, the worst outcome of any slide, naming the slides that have it', () => {
    const slides = [
      mediaChecks(parseMedia(sample('slide-1.svg')), 'image', tiktokStory),
      mediaChecks(parseMedia(sample('slide-2.svg')), 'image', tiktokStory),
      [{ name: 'playable', outcome: 'fail', detail: 'could not fetch the media' } as MediaCheck],
    ];
    const checks = itemsChecks(slides);
    expect(checks).toEqual([
      { name: 'playable', outcome: 'fail', detail: 'slide 3: could not fetch the media' },
      {
        name: 'orientation',
        outcome: 'pass',
        detail: 'slide 1: vertical 360×640; slide 2: vertical 360×640',
      },
      { name: 'resolution', outcome: 'pass', detail: 'slide 1: 360×640; slide 2: 360×640' },
    ]);
    expect(applyReviewBar('lenient', checks)).toEqual({
      status: 'failed',
      failureReason: 'playable: slide 3: could not fetch the media',
    });
  });

  it('every slide passing alike is said once; a video slide is checked as a video', () => {
    const images = [1, 2, 3].map((n) =>
      mediaChecks(parseMedia(sample(`slide-${n}.svg`)), 'image', tiktokStory),
    );
    expect(itemsChecks(images).find((c) => c.name === 'resolution')).toEqual({
      name: 'resolution',
      outcome: 'pass',
      detail: 'every slide: 360×640',
    });
    const mixed = itemsChecks([
      images[0]!,
      mediaChecks(parseMedia(sample('landscape.mp4')), 'video', tiktokStory),
    ]);
    expect(mixed.find((c) => c.name === 'orientation')).toEqual({
      name: 'orientation',
      outcome: 'warn',
      detail: 'slide 2: landscape 320×180; story_images wants vertical',
    });
    expect(mixed.find((c) => c.name === 'duration')).toMatchObject({ outcome: 'pass' });
    expect(mediaChecks(parseMedia(sample('clip-1.mp4')), 'image', tiktokStory)[0]).toMatchObject({
      name: 'playable',
      outcome: 'fail',
    });
  });
});
