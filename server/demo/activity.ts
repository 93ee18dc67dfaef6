import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Platform } from '#contract/enums';
import type { Tx } from '../db/client.ts';
import {
  campaignCreators,
  campaigns,
  creators,
  posts,
  submissionVersions,
  submissions,
  tasks,
} from '../db/schema.ts';
import { applyToCampaign, createCreator, decideCreator } from '../domain/creators.ts';
import { createPayout } from '../domain/payouts.ts';
import { createPost, takeDownPost, updateMetrics } from '../domain/posts.ts';
import { leaveForBuyer } from '../domain/reviewer.ts';
import {
  createSubmission,
  failSubmission,
  reviewSubmission,
  reviseSubmission,
} from '../domain/submissions.ts';
import { ApiError } from '../errors.ts';
import type { ReviewNoteInput } from '#contract/submissions';
import { seedDemoCodes } from './codes.ts';
import { seedMetricHistory } from './metric-history.ts';
import { demoCreatorProperties } from './creator-properties.ts';
import { ALL_BRANDS } from '../domain/brand-scope.ts';

// Creator activity of the demo world, made through the same domain functions as /ops (so every
// running total agrees with its rows): creators, applications in each status, submissions in each
// status (several waiting for review, some after a round of feedback), posts with metrics, a
// take-down and payouts. Then the history is spread over the past days.

/** Sample media shipped in public/samples, served by the dashboard's static files. */
export const SAMPLE_MEDIA = {
  videos: ['clip-1.mp4', 'clip-2.mp4', 'clip-3.mp4'],
  images: [
    'slide-1.svg',
    'slide-2.svg',
    'slide-3.svg',
    'slide-4.svg',
    'slide-5.svg',
    'slide-6.svg',
  ],
  thumbnails: ['thumb-1.svg', 'thumb-2.svg', 'thumb-3.svg'],
} as const;

/** Samples that inspection does not pass (scripts/make-sample-media.mjs): unplayable, landscape. */
export const FAILING_SAMPLES = { unplayable: 'broken.mp4', landscape: 'landscape.mp4' } as const;

export function failingMedia(base: string, which: keyof typeof FAILING_SAMPLES) {
  return {
    media_type: 'video' as const,
    media_url: `${base}/samples/${FAILING_SAMPLES[which]}`,
    thumbnail_url: `${base}/samples/${SAMPLE_MEDIA.thumbnails[0]}`,
  };
}

/** A carousel has 2 to 6 slides in the demo (docs/api.md#media-items-and-notes allows 20). */
const DEMO_SLIDES = { min: 2, max: 6 } as const;

const sample = (base: string, list: readonly string[], n: number) =>
  `${base}/samples/${list[n % list.length]}`;

/** The content of a demo submission: one sample video, or a carousel of 2 to 6 sample slides. */
export function sampleMedia(base: string, n: number, type: 'video' | 'carousel') {
  const thumbnail_url = sample(base, SAMPLE_MEDIA.thumbnails, n);
  if (type === 'video') {
    return {
      media_type: type,
      media_items: [
        { type: 'video' as const, url: sample(base, SAMPLE_MEDIA.videos, n), thumbnail_url },
      ],
      thumbnail_url,
    };
  }
  const slides = DEMO_SLIDES.min + (n % (DEMO_SLIDES.max - DEMO_SLIDES.min + 1));
  return {
    media_type: type,
    media_items: Array.from({ length: slides }, (_, k) => ({
      type: 'image' as const,
      url: sample(base, SAMPLE_MEDIA.images, n + k),
    })),
    thumbnail_url,
  };
}

/** What a reviewer notes on a demo submission of `slides` items (1: a video). */
export function demoNotes(slides: number, n: number): ReviewNoteInput[] {
  if (slides <= 1) {
    return [
      { text: DEMO_NOTES.video[n % DEMO_NOTES.video.length]!, at_s: 1, item: 0 },
      { text: DEMO_NOTES.whole[n % DEMO_NOTES.whole.length]!, at_s: null, item: null },
    ];
  }
  return [
    { text: DEMO_NOTES.slide[n % DEMO_NOTES.slide.length]!, at_s: null, item: 1 },
    { text: DEMO_NOTES.whole[n % DEMO_NOTES.whole.length]!, at_s: null, item: null },
  ];
}

const DEMO_NOTES = {
  video: [
    'The label is hidden by your hand here.',
    'Too dark here: film near a window.',
    'The product is out of focus here.',
  ],
  slide: [
    'The product is cut off at the edge of this slide.',
    'This slide is too dark to see the product.',
    'Show the product label on this slide.',
  ],
  whole: [
    'Mention the discount code at the end.',
    'Add the product name to the caption.',
    'Keep it under 30 seconds.',
  ],
} as const;

/** A sample slide other than `url`: the next one of the samples. */
function anotherSlide(base: string, url: string, n: number): string {
  const at = SAMPLE_MEDIA.images.findIndex((name) => url.endsWith(`/samples/${name}`));
  return sample(base, SAMPLE_MEDIA.images, at === -1 ? n : at + 1);
}

/**
 * A revision that answers the notes of its rejection: a carousel keeps its length and replaces
 * every slide a note was about; a video is sent again.
 */
export function revisedMedia(
  base: string,
  n: number,
  before: {
    mediaType: 'video' | 'carousel';
    items: readonly { type: string; url: string; thumbnail_url?: string | null }[];
    notes: readonly { item: number | null }[];
  },
) {
  if (before.mediaType === 'video' || before.items.length < 2) {
    const next = sampleMedia(base, n, 'video');
    return { media_items: next.media_items, thumbnail_url: next.thumbnail_url };
  }
  const noted = new Set(before.notes.map((note) => note.item));
  return {
    media_items: before.items.map((item, k) => ({
      type: item.type === 'video' ? ('video' as const) : ('image' as const),
      url: noted.has(k) ? anotherSlide(base, item.url, n + k) : item.url,
      ...(item.thumbnail_url ? { thumbnail_url: item.thumbnail_url } : {}),
    })),
  };
}

const USERNAMES = [
  'maya.makes',
  'jonas_outdoors',
  'lena.glow',
  'sam.brews',
  'ari_trails',
  'noor.skin',
  'theo.films',
  'ivy.daily',
  'kai_climbs',
  'mila.morning',
  'ravi.roasts',
  'zoe.unboxes',
  'ben_hikes',
  'lucia.lab',
  'omar.eats',
  'tess.tries',
];

export const DEMO_FEEDBACK = [
  'Please show the product label clearly in the first three seconds.',
  'The lighting is too dark; film near a window and try again.',
  'Mention the discount code out loud at the end.',
];

const ok = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) return null; // a rule said no: the demo simply has less of it
    throw err;
  }
};

export interface DemoActivityOptions {
  /** Queue media inspections (the running service); off in tests of the seed alone. */
  inspect?: boolean;
  /** The agency key whose approvals wait for the brand's sign-off. */
  agencyKeyId?: string | null;
}

/** Adds creators and their activity to the demo campaigns that ran; run in the seed's transaction. */
export async function seedDemoActivity(
  tx: Tx,
  brandIds: readonly string[],
  mediaBase: string,
  options: DemoActivityOptions = {},
): Promise<void> {
  const arrival = {
    reviewer: leaveForBuyer,
    inspect: options.inspect ?? false,
    now: () => new Date(),
  };
  const creatorIds: string[] = [];
  for (const [i, username] of USERNAMES.entries()) {
    creatorIds.push(
      (await createCreator(tx, { username, properties: demoCreatorProperties(i) })).id,
    );
  }

  // Every campaign that ever ran has its creators and content: active and paused ones with work
  // still waiting, completed ones with every piece of content decided. A campaign runs (is active)
  // while its history is made, as it was then, and gets its demo status back afterwards.
  const ran = await tx
    .select({
      id: campaigns.id,
      status: campaigns.status,
      statusDetail: campaigns.statusDetail,
      acceptingSubmissions: campaigns.acceptingSubmissions,
      spentCents: campaigns.spentCents,
      updatedAt: sql<string>`${campaigns.updatedAt}::text`,
    })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.brandId, [...brandIds]),
        inArray(campaigns.status, ['active', 'paused', 'completed']),
      ),
    )
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
  const resting = ran.filter((c) => c.status !== 'active');
  if (resting.length > 0) {
    await tx
      .update(campaigns)
      .set({ status: 'active', statusDetail: null, acceptingSubmissions: true })
      .where(
        inArray(
          campaigns.id,
          resting.map((c) => c.id),
        ),
      );
  }

  // One post of the oldest active campaign is later taken down.
  const takenDownIn = ran.find((c) => c.status === 'active')?.id;
  let n = 0;
  for (const [ci, campaign] of ran.entries()) {
    const completed = campaign.status === 'completed';
    const taskRows = await tx
      .select({ id: tasks.id, platforms: tasks.platforms })
      .from(tasks)
      .where(and(eq(tasks.campaignId, campaign.id), eq(tasks.status, 'active')))
      .orderBy(asc(tasks.displayOrder), asc(tasks.createdAt));
    if (taskRows.length === 0) continue;
    const cast = Array.from({ length: 9 }, (_, i) => creatorIds[(ci * 5 + i) % creatorIds.length]!);
    const approved: string[] = [];
    for (const [i, creatorId] of cast.entries()) {
      const participation = await applyToCampaign(tx, campaign.id, creatorId);
      if (participation.status === 'approved') {
        approved.push(creatorId);
        continue;
      }
      // Approval required: 6 approved, 1 rejected, 2 still waiting (none on a completed campaign).
      if (i < 6) {
        await decideCreator(tx, campaign.id, creatorId, ALL_BRANDS, {
          to: 'approved',
          keyId: null,
        });
        approved.push(creatorId);
      } else if (i === 6) {
        await decideCreator(tx, campaign.id, creatorId, ALL_BRANDS, {
          to: 'rejected',
          reason: 'Audience outside our markets',
          keyId: null,
        });
      } else if (completed) {
        await decideCreator(tx, campaign.id, creatorId, ALL_BRANDS, {
          to: 'rejected',
          reason: 'The campaign was full',
          keyId: null,
        });
      }
    }

    const posted: string[] = [];
    for (const [i, creatorId] of approved.entries()) {
      const task = taskRows[i % taskRows.length]!;
      // With inspection, the "processing failed" case sends an unplayable file and inspection fails it.
      const media =
        arrival.inspect && i % 6 === 5
          ? failingMedia(mediaBase, 'unplayable')
          : sampleMedia(mediaBase, n++, i % 3 === 2 || i === 1 ? 'carousel' : 'video');
      const s = await ok(() =>
        createSubmission(
          tx,
          campaign.id,
          { creator_id: creatorId, task_id: task.id, ...media },
          arrival,
        ),
      );
      if (!s) continue;
      // The seed writes a past in which each decision came after the checks (the job records them
      // later), so it decides without waiting for the inspection as a reviewer must.
      const review = (to: 'approved' | 'rejected', feedback?: string) =>
        ok(() =>
          reviewSubmission(tx, campaign.id, s.id, ALL_BRANDS, {
            to,
            feedback,
            keyId: null,
            duringInspection: true,
          }),
        );
      // A completed campaign has nothing waiting: what would wait was approved and posted.
      switch (completed && i % 6 < 2 ? 3 : i % 6) {
        case 0: // waiting for review; with the brand's sign-off, the first one the agency approved
          if (s.awaiting === 'agency' && i === 0) {
            await ok(() =>
              reviewSubmission(tx, campaign.id, s.id, ALL_BRANDS, {
                to: 'approved',
                keyId: options.agencyKeyId ?? null,
                side: 'agency',
                duringInspection: true,
              }),
            );
          }
          break;
        case 1: {
          // One round of notes (at a moment of the video, on a slide), revised to answer them,
          // waiting again; the first creator's is a carousel (docs/api.md#media-items-and-notes).
          const rejected = await ok(() =>
            reviewSubmission(tx, campaign.id, s.id, ALL_BRANDS, {
              to: 'rejected',
              notes: demoNotes(s.media_items.length, n),
              keyId: null,
              duringInspection: true,
            }),
          );
          if (!rejected) break;
          const answer = revisedMedia(mediaBase, n++, {
            mediaType: rejected.media_type,
            items: rejected.media_items,
            notes: rejected.notes,
          });
          await ok(() => reviseSubmission(tx, s.id, answer, arrival));
          break;
        }
        case 2: // changes requested, not revised yet
          await review('rejected', DEMO_FEEDBACK[(i + 1) % DEMO_FEEDBACK.length]);
          break;
        case 5: // processing failed
          if (s.status === 'in_review' && !arrival.inspect) {
            await ok(() =>
              failSubmission(tx, s.id, 'The video could not be processed (unsupported codec).'),
            );
          }
          break;
        default: {
          // approved and posted, with metrics; one post later taken down
          if (s.status === 'in_review') await review('approved');
          const platform = task.platforms[0] as Platform;
          const p = await ok(() =>
            createPost(tx, s.id, {
              platform,
              url: `https://www.${platform}.com/@demo/${s.id.slice(0, 8)}`,
            }),
          );
          if (!p) break;
          const views = 1_000 + ((i * 7_919 + ci * 3_371) % 40_000);
          await updateMetrics(tx, p.id, {
            views,
            likes: Math.floor(views * 0.08),
            comments: Math.floor(views * 0.004),
            shares: Math.floor(views * 0.006),
            saves: Math.floor(views * 0.01),
          });
          if (i === 4 && campaign.id === takenDownIn) await takeDownPost(tx, p.id);
          posted.push(creatorId);
        }
      }
    }

    // Payouts to the creators who posted, summing to the campaign's demo spend: the campaign's
    // spent_cents is then exactly what its creators were paid.
    const budget = campaign.spentCents;
    if (posted.length > 0 && budget > 0) {
      await tx.update(campaigns).set({ spentCents: 0 }).where(eq(campaigns.id, campaign.id));
      let left = budget;
      for (const [i, creatorId] of posted.entries()) {
        const amount = i === posted.length - 1 ? left : Math.floor(budget / posted.length);
        left -= amount;
        if (amount > 0)
          await createPayout(tx, {
            campaign_id: campaign.id,
            creator_id: creatorId,
            amount_cents: amount,
          });
      }
    }
  }

  for (const c of resting) {
    await tx
      .update(campaigns)
      .set({
        status: c.status,
        statusDetail: c.statusDetail,
        acceptingSubmissions: c.acceptingSubmissions,
      })
      .where(eq(campaigns.id, c.id));
  }
  await seedDemoCodes(tx, brandIds);
  await spreadHistory(tx, creatorIds);
  await seedMetricHistory(tx, brandIds);
  // Payouts and paid code uses touched the campaigns; their demo history keeps its own updated_at.
  for (const c of ran) {
    await tx
      .update(campaigns)
      .set({ updatedAt: sql`${c.updatedAt}::timestamptz` })
      .where(eq(campaigns.id, c.id));
  }
}

/** Spreads the activity over the past days (deterministically), keeping each row's order. */
async function spreadHistory(tx: Tx, creatorIds: string[]): Promise<void> {
  const hours = (column: string, base: number, spread: number) =>
    sql.raw(`(${base} + abs(hashtext(${column}::text)) % ${spread}) * interval '1 hour'`);
  await tx
    .update(campaignCreators)
    .set({
      appliedAt: sql`now() - ${hours('creator_id || campaign_id', 120, 96)}`,
      decidedAt: sql`case when ${campaignCreators.decidedAt} is null then null else now() - ${hours('creator_id || campaign_id', 96, 20)} end`,
    })
    .where(inArray(campaignCreators.creatorId, creatorIds));
  await tx
    .update(submissions)
    .set({
      submittedAt: sql`now() - ${hours('id', 2, 70)}`,
      createdAt: sql`now() - ${hours('id', 72, 20)}`,
      reviewedAt: sql`case when ${submissions.reviewedAt} is null then null
        else least(now(), now() - ${hours('id', 2, 70)} + interval '90 minutes') end`,
    })
    .where(inArray(submissions.creatorId, creatorIds));
  // Each version as it happened: the current one when its submission was sent and decided, each
  // earlier one six hours before the next, decided 90 minutes after it was sent.
  await tx.execute(sql`update ${submissionVersions} v set
      submitted_at = s.submitted_at - (s.revision_count - v.revision) * interval '6 hours',
      decided_at = case when v.decided_at is null then null
        when v.revision = s.revision_count then coalesce(s.reviewed_at, v.decided_at)
        else s.submitted_at - (s.revision_count - v.revision) * interval '6 hours' + interval '90 minutes' end
    from ${submissions} s where s.id = v.submission_id and s.creator_id in (${sql.join(
      creatorIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  await tx.execute(sql`update ${posts} p set posted_at = least(now(), s.reviewed_at + interval '2 hours'),
      metrics_updated_at = now()
    from ${submissions} s where s.id = p.submission_id and s.reviewed_at is not null`);
  await tx.execute(
    sql`update ${creators} set created_at = now() - interval '30 days' where id in (${sql.join(
      creatorIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
