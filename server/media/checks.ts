import type { Format, MediaType, Platform, PostApprovalMode } from '#contract/enums';
import {
  MIN_SHORT_SIDE_PX,
  REVIEW_BAR,
  VERTICAL_FORMATS,
  durationLimit,
  mediaKindInWords,
  type MediaCheck,
  type MediaFacts,
} from '#contract/media-checks';
import type { MediaItemType } from '#contract/submissions';
import type { Parsed } from './parse-media.ts';

// From what inspection found to checks (pass / warn / fail with what was found), and from checks
// to where the submission goes under the campaign's review bar (docs/review-bar.md#inspection).

export interface TaskRequirements {
  platforms: readonly Platform[];
  formats: readonly Format[];
}

const seconds = (s: number) => `${Number.isInteger(s) ? s : s.toFixed(1)} s`;

const article = (words: string) => (/^(MP4|[AEIOU])/.test(words) ? `an ${words}` : `a ${words}`);

/** The checks of a parsed (or unreadable) file against the task's requirements. */
export function mediaChecks(
  parsed: Parsed,
  mediaType: MediaType | MediaItemType,
  task: TaskRequirements,
): MediaCheck[] {
  if (!parsed.ok) return [{ name: 'playable', outcome: 'fail', detail: parsed.reason }];
  const f = parsed.facts;
  if (mediaType === 'video' && parsed.kind !== 'video') {
    return [
      {
        name: 'playable',
        outcome: 'fail',
        detail: `expected a video, found an image (${mediaKindInWords(f.content_type)})`,
      },
    ];
  }
  if ((mediaType === 'carousel' || mediaType === 'image') && parsed.kind !== 'image') {
    return [
      {
        name: 'playable',
        outcome: 'fail',
        detail: `expected an image for the carousel, found ${article(mediaKindInWords(f.content_type))}`,
      },
    ];
  }
  const checks: MediaCheck[] = [
    {
      name: 'playable',
      outcome: 'pass',
      detail:
        parsed.kind === 'video'
          ? `${mediaKindInWords(f.content_type)}, ${seconds(f.duration_s ?? 0)}`
          : mediaKindInWords(f.content_type),
    },
  ];
  const w = f.width ?? 0;
  const h = f.height ?? 0;
  const size = `${w}×${h}`;
  const vertical = task.formats.filter((fmt) => VERTICAL_FORMATS.has(fmt));
  if (w > h && vertical.length > 0) {
    checks.push({
      name: 'orientation',
      outcome: 'warn',
      detail: `landscape ${size}; ${vertical.join(', ')} wants vertical`,
    });
  } else {
    const shape = w > h ? 'landscape' : w < h ? 'vertical' : 'square';
    checks.push({ name: 'orientation', outcome: 'pass', detail: `${shape} ${size}` });
  }
  if (parsed.kind === 'video' && f.duration_s !== null) {
    const limit = durationLimit(task.platforms, task.formats);
    if (limit && f.duration_s > limit.seconds) {
      checks.push({
        name: 'duration',
        outcome: 'fail',
        detail: `${seconds(f.duration_s)}, ${limit.where} allows ${limit.seconds} s`,
      });
    } else if (f.duration_s <= 0) {
      checks.push({ name: 'duration', outcome: 'fail', detail: 'the video has no length' });
    } else {
      checks.push({
        name: 'duration',
        outcome: 'pass',
        detail: limit
          ? `${seconds(f.duration_s)} of ${limit.seconds} s allowed (${limit.where})`
          : seconds(f.duration_s),
      });
    }
  }
  const short = Math.min(w, h);
  checks.push(
    short < MIN_SHORT_SIDE_PX.fail
      ? {
          name: 'resolution',
          outcome: 'fail',
          detail: `${size}; the shorter side needs at least ${MIN_SHORT_SIDE_PX.fail} px`,
        }
      : short < MIN_SHORT_SIDE_PX.warn
        ? {
            name: 'resolution',
            outcome: 'warn',
            detail: `${size}; low (under ${MIN_SHORT_SIDE_PX.warn} px on the shorter side)`,
          }
        : { name: 'resolution', outcome: 'pass', detail: size },
  );
  return checks;
}

const RANK = { pass: 0, warn: 1, fail: 2 } as const;

/**
 * The checks of a carousel from the checks of each slide (docs/api.md#media-items-and-notes): one
 * check per name with the worst outcome of any slide; its detail names the slides that have that
 * outcome ("slide 3: landscape 640×360; …"), or, when every slide passes, says so once when
 * they agree ("every slide: 360×640") and each slide's otherwise.
 */
export function itemsChecks(perItem: readonly (readonly MediaCheck[])[]): MediaCheck[] {
  const names: MediaCheck['name'][] = [];
  for (const checks of perItem)
    for (const c of checks) if (!names.includes(c.name)) names.push(c.name);
  return names.map((name) => {
    const found = perItem.flatMap((checks, i) =>
      checks.filter((c) => c.name === name).map((c) => ({ slide: i + 1, check: c })),
    );
    const outcome = found.reduce<MediaCheck['outcome']>(
      (worst, f) => (RANK[f.check.outcome] > RANK[worst] ? f.check.outcome : worst),
      'pass',
    );
    const shown = found.filter((f) => f.check.outcome === outcome);
    const details = new Set(shown.map((f) => f.check.detail));
    const detail =
      outcome === 'pass' && details.size === 1 && shown.length === perItem.length
        ? `every slide: ${shown[0]!.check.detail}`
        : shown.map((f) => `slide ${f.slide}: ${f.check.detail}`).join('; ');
    return { name, outcome, detail };
  });
}

export type BarResult =
  { status: 'failed'; failureReason: string } | { status: 'approved' } | { status: 'in_review' };

const describe = (c: MediaCheck) => `${c.name}: ${c.detail}`;

/** Where the review bar of `mode` sends a submission with these checks. */
export function applyReviewBar(mode: PostApprovalMode, checks: readonly MediaCheck[]): BarResult {
  const bar = REVIEW_BAR[mode];
  const unprocessable = checks.find((c) => c.name === 'playable' && c.outcome === 'fail');
  if (unprocessable) return { status: 'failed', failureReason: describe(unprocessable) };
  const failing = checks.find((c) => c.outcome === 'fail');
  const warning = checks.find((c) => c.outcome === 'warn');
  const action = failing
    ? bar.fail
    : warning
      ? bar.warn
      : mode === 'always'
        ? 'approved'
        : 'review';
  const reason = failing ?? warning;
  switch (action) {
    case 'failed':
      return { status: 'failed', failureReason: describe(reason!) };
    case 'approved':
      return { status: 'approved' };
    default:
      return { status: 'in_review' };
  }
}

export type { MediaFacts };
