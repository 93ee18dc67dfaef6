import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Platform } from '#contract/enums';
import type { Tx } from '../db/client.ts';
import { campaignCreators, campaigns, creators, posts, submissions, tasks } from '../db/schema.ts';
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
  images: ['slide-1.svg', 'slide-2.svg', 'slide-3.svg', 'slide-4.svg'],
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

export function sampleMedia(base: string, n: number, type: 'video' | 'carousel') {
  const at = (list: readonly string[]) => `${base}/samples/${list[n % list.length]}`;
  return {
    media_type: type,
    media_url: type === 'video' ? at(SAMPLE_MEDIA.videos) : at(SAMPLE_MEDIA.images),
    thumbnail_url: at(SAMPLE_MEDIA.thumbnails),
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
          : sampleMedia(mediaBase, n++, i % 3 === 2 ? 'carousel' : 'video');
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
        case 1: // one round of feedback, revised, waiting again
          await review('rejected', DEMO_FEEDBACK[i % DEMO_FEEDBACK.length]);
          await ok(() => reviseSubmission(tx, s.id, sampleMedia(mediaBase, n++, 'video'), arrival));
          break;
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
