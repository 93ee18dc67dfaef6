import { z } from 'zod';
import { enumOf } from './common.ts';
import type { Format, Platform, PostApprovalMode } from './enums.ts';

// The rules of inspection and the review bar (docs/review-bar.md#inspection), shared by the service that
// applies them and the dashboard that explains them.

/**
 * The Side that must act next on a submission in review when the brand signs off
 * (docs/review-bar.md#sign-off). The schema keeps its name, a component of the OpenAPI document;
 * its values are a `Side` (#contract/me), the type the code uses.
 */
export const ReviewAwaiting = z.enum(['agency', 'brand']).meta({
  id: 'ReviewAwaiting',
  description:
    'Who must act next on a submission in review when the brand signs off after an agency: the agency (its review) or the brand (its sign-off).',
});

/** What inspection found in the media file. */
export const MediaFacts = z
  .object({
    content_type: z
      .string()
      .nullable()
      .meta({ description: 'as sniffed from the bytes, e.g. video/mp4' }),
    size_bytes: z.number().int().min(0),
    width: z.number().int().min(0).nullable(),
    height: z.number().int().min(0).nullable(),
    duration_s: z.number().min(0).nullable().meta({ description: 'seconds; null for images' }),
  })
  .meta({
    id: 'MediaFacts',
    description:
      "What inspection found in a submission's media file: content type, size in bytes, dimensions in pixels and duration in seconds.",
  });
export type MediaFacts = z.infer<typeof MediaFacts>;

export const CHECK_LABELS = {
  playable: 'Playable',
  orientation: 'Orientation',
  duration: 'Duration',
  resolution: 'Resolution',
  autoreview: 'Automatic review',
};
export const CheckName = enumOf(CHECK_LABELS).meta({
  id: 'CheckName',
  description:
    'A media inspection check: playable, orientation, duration, resolution or autoreview.',
});
export type CheckName = z.infer<typeof CheckName>;

export const CheckOutcome = z
  .enum(['pass', 'warn', 'fail'])
  .meta({ id: 'CheckOutcome', description: 'The outcome of a media check: pass, warn or fail.' });
export type CheckOutcome = z.infer<typeof CheckOutcome>;

export const MediaCheck = z
  .object({ name: CheckName, outcome: CheckOutcome, detail: z.string() })
  .meta({
    id: 'MediaCheck',
    description:
      "The outcome of one inspection check of a submission's media, with a sentence saying what was found.",
  });
export type MediaCheck = z.infer<typeof MediaCheck>;

/** Formats whose media must be vertical (taller than wide); landscape media warns. */
export const VERTICAL_FORMATS: ReadonlySet<Format> = new Set([
  'story_video',
  'story_images',
  'feed_video_ugc',
]);

/** The longest video, in seconds, each platform accepts per kind of format. */
export const MAX_DURATION_S: Record<Platform, { feed: number; story: number }> = {
  tiktok: { feed: 600, story: 60 },
  instagram: { feed: 180, story: 60 },
  youtube: { feed: 180, story: 60 },
  snapchat: { feed: 60, story: 60 },
};

/** Media whose shorter side is below `fail` pixels fails `resolution`; below `warn` it warns. */
export const MIN_SHORT_SIDE_PX = { fail: 120, warn: 160 } as const;

export const PLATFORM_NAMES: Record<Platform, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  youtube: 'YouTube',
  snapchat: 'Snapchat',
};

/**
 * The strictest duration limit over a task's platforms and formats (a video must fit every place
 * it is posted), with the place that sets it; a task without formats counts as feed video.
 */
export function durationLimit(
  platforms: readonly Platform[],
  formats: readonly Format[],
): { seconds: number; where: string } | null {
  const kinds =
    formats.length === 0
      ? ['feed' as const]
      : [
          ...new Set(
            formats.map((f) => (f.startsWith('story_') ? 'story' : 'feed') as 'story' | 'feed'),
          ),
        ];
  let best: { seconds: number; where: string } | null = null;
  for (const platform of platforms) {
    for (const kind of kinds) {
      const seconds = MAX_DURATION_S[platform][kind];
      if (!best || seconds < best.seconds)
        best = { seconds, where: `${PLATFORM_NAMES[platform]} ${kind}` };
    }
  }
  return best;
}

/** What the review bar does with media that cannot be processed, a failing check and a warning. */
export type BarAction = 'failed' | 'review' | 'review_with_warning' | 'approved';

export const REVIEW_BAR: Record<
  PostApprovalMode,
  { unprocessable: BarAction; fail: BarAction; warn: BarAction }
> = {
  strict: { unprocessable: 'failed', fail: 'failed', warn: 'failed' },
  moderate: { unprocessable: 'failed', fail: 'failed', warn: 'review_with_warning' },
  lenient: { unprocessable: 'failed', fail: 'review_with_warning', warn: 'review' },
  always: { unprocessable: 'failed', fail: 'approved', warn: 'approved' },
};

/** One line on the brand's sign-off, for the campaign builder. */
export const SIGN_OFF_EXPLANATION =
  "For a campaign run by an agency: after the agency approves a submission, the brand signs it off (the brand's approval or rejection is final).";

const KINDS: Record<string, string> = {
  'video/mp4': 'MP4 video',
  'video/quicktime': 'MOV video',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/gif': 'GIF image',
  'image/svg+xml': 'SVG image',
};

/**
 * What a file is in the words a brand reads ("MP4 video", "PNG image") rather than its media type,
 * for the checks' details and the facts shown beside a submission
 * (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md).
 */
export const mediaKindInWords = (contentType: string | null): string =>
  contentType === null
    ? 'unknown file'
    : (KINDS[contentType] ??
      (contentType.startsWith('image/')
        ? `${contentType.slice(6).toUpperCase()} image`
        : contentType));
