import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Platform } from '#contract/enums';
import { queryRows, type Db } from '../db/client.ts';
import { receiveUsageReport } from '../services/codes.ts';
import { DEMO_SHOP_SENDER } from './codes.ts';
import { applyToCampaign, createCreator } from '../services/creators.ts';
import { demoCreatorProperties } from './creator-properties.ts';
import { createPost, updateMetrics } from '../services/posts.ts';
import { leaveForBuyer, type Reviewer } from '../domain/reviewer.ts';
import { createSubmission, reviseSubmission } from '../services/submissions.ts';
import { ApiError } from '../errors.ts';
import { failingMedia, revisedMedia, sampleMedia } from './activity.ts';
import { decideDuePublishRequest } from '../services/campaigns.ts';
import { runInAuditScope } from '../db/audit-context.ts';
import type { ReviewDelay } from '../domain/publish-reviews.ts';

// The simulator of creator activity: creators apply to active campaigns, submit videos and
// carousels (2 to 6 slides), revise after a rejection (replacing the slides its notes were about), post approved content, and posts gain views over time.
// It drives the same services as /ops, one transaction per step, so whatever it does
// obeys the same rules (a refusal is logged at debug level and the next tick tries something
// else). Pace: one creator action every tick (default 2.5 s, SIMULATOR_TICK_MS: a new submission
// every ~7 s, fewer once a campaign has MAX_WAITING in review), metrics every fourth tick (~10 s),
// discount-code usage every eighth (~20 s). It also plays the platform's reviewer of publish
// requests (docs/api.md#getting-live): every tick it decides the requests whose wait is over
// (SIMULATOR_REVIEW_S, default 20 to 60 seconds after the request), one transaction each.

/** Publish requests decided in one tick at most, so a burst never holds a tick up for long. */
const MAX_REVIEWS_PER_TICK = 10;

/** Who the simulated reviewer's decisions are by, in the audit trail. */
const PLATFORM_REVIEWER = { type: 'ops', id: null, label: 'Platform review' } as const;

/** A campaign's review queue stops growing here, so an unattended demo stays readable. */
const MAX_WAITING = 30;

export interface SimulatorOptions {
  db: Db;
  logger: Logger;
  /** Where public/samples is served, for media URLs. */
  mediaBase: string;
  /** Milliseconds between steps (env SIMULATOR_TICK_MS; default 2,500). */
  tickMs?: number;
  reviewer?: Reviewer;
  /** How long a publish request waits for its decision (env SIMULATOR_REVIEW_S; default 20-60 s). */
  reviewS?: ReviewDelay;
  /** The clock of review decisions (tests). */
  now?: () => Date;
  /** Queue media inspections (the running service); then some submissions carry failing media. */
  inspect?: boolean;
  random?: () => number;
  /** false: no timer, only tick() (tests). */
  autoStart?: boolean;
}

export interface Simulator {
  /** One step (tests call it directly). */
  tick(): Promise<string>;
  /** The reviewer's part of a step alone (tests). */
  reviewDue(): Promise<string>;
  stop(): void;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const { db, logger } = options;
  const random = options.random ?? Math.random;
  const reviewer = options.reviewer ?? leaveForBuyer;
  const arrival = { reviewer, inspect: options.inspect ?? false, now: () => new Date() };
  const reviewS = options.reviewS ?? { minS: 20, maxS: 60 };
  const now = options.now ?? (() => new Date());
  let ticks = 0;
  let creatorsMade = 0;

  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await queryRows<T>(db, query))[0] ?? null;

  async function applyOne(): Promise<string> {
    const target = await one<{ campaign_id: string; creator_id: string | null }>(sql`
      select c.id as campaign_id,
        (select cr.id from creators cr where not exists (
           select 1 from campaign_creators cc where cc.campaign_id = c.id and cc.creator_id = cr.id)
         order by random() limit 1) as creator_id
      from campaigns c
      where c.status = 'active' and (select count(*) from campaign_creators cc where cc.campaign_id = c.id) < 24
      order by random() limit 1`);
    if (!target) return 'no campaign takes applications';
    const creatorId =
      target.creator_id ??
      (
        await createCreator(db, {
          username: `sim_${Date.now().toString(36)}_${creatorsMade}`,
          properties: demoCreatorProperties(creatorsMade++),
        })
      ).id;
    const participation = await applyToCampaign(db, target.campaign_id, creatorId);
    return `creator ${creatorId} applied (${participation.status})`;
  }

  async function submitOne(): Promise<string> {
    const target = await one<{ campaign_id: string; creator_id: string; task_id: string }>(sql`
      select cc.campaign_id, cc.creator_id,
        (select t.id from tasks t where t.campaign_id = cc.campaign_id and t.status = 'active' order by random() limit 1) as task_id
      from campaign_creators cc join campaigns c on c.id = cc.campaign_id
      where cc.status = 'approved' and c.accepting_submissions
        and (select count(*) from submissions s where s.campaign_id = c.id and s.status = 'in_review') < ${MAX_WAITING}
      order by random() limit 1`);
    if (!target?.task_id) return 'nobody can submit';
    // With inspection on, about one in ten is unplayable and one in ten landscape (a warning for
    // story and UGC tasks), so failed submissions and warnings are seen live.
    const roll = random();
    const media =
      arrival.inspect && roll < 0.1
        ? failingMedia(options.mediaBase, 'unplayable')
        : arrival.inspect && roll < 0.2
          ? failingMedia(options.mediaBase, 'landscape')
          : sampleMedia(
              options.mediaBase,
              Math.floor(random() * 12),
              random() < 0.7 ? 'video' : 'carousel',
            );
    const s = await createSubmission(
      db,
      target.campaign_id,
      { creator_id: target.creator_id, task_id: target.task_id!, ...media },
      arrival,
    );
    return `submission ${s.id} (${s.status})`;
  }

  async function reviseOne(): Promise<string> {
    const target = await one<{
      id: string;
      media_type: 'video' | 'carousel';
      media_items: { type: string; url: string; thumbnail_url: string | null }[];
      notes: { item: number | null }[];
    }>(sql`
      select s.id, s.media_type, s.media_items, s.notes from submissions s join campaigns c on c.id = s.campaign_id
      where s.status = 'rejected' and c.accepting_submissions and s.reviewed_at < now() - interval '20 seconds'
      order by s.reviewed_at limit 1`);
    if (!target) return 'nothing to revise';
    // The revision answers the notes: a carousel replaces the slides they were about.
    const media = revisedMedia(options.mediaBase, Math.floor(random() * 12), {
      mediaType: target.media_type,
      items: target.media_items,
      notes: target.notes,
    });
    const s = await reviseSubmission(db, target.id, media, arrival);
    return `revision ${s.revision_count} of ${s.id}`;
  }

  async function postOne(): Promise<string> {
    const target = await one<{ id: string; platform: string }>(sql`
      select s.id, t.platforms[1] as platform from submissions s join tasks t on t.id = s.task_id
      where s.status = 'approved' and not exists (select 1 from posts p where p.submission_id = s.id)
      order by s.reviewed_at limit 1`);
    if (!target) return 'nothing to post';
    const platform = target.platform as Platform;
    const p = await createPost(db, target.id, {
      platform,
      url: `https://www.${platform}.com/@sim/${target.id.slice(0, 8)}`,
    });
    return `post ${p.id}`;
  }

  async function growMetrics(): Promise<string> {
    const live = await queryRows<{
      id: string;
      views: number;
      likes: number;
      comments: number;
      shares: number;
      saves: number;
    }>(
      db,
      sql`select id, views::float8 as views, likes::float8 as likes, comments::float8 as comments, shares::float8 as shares, saves::float8 as saves
        from posts where status = 'live' order by metrics_updated_at limit 25`,
    );
    for (const p of live) {
      // Young posts grow fast, old ones slowly; engagement follows views.
      const views = Math.floor(50 + random() * 400 + p.views * 0.02 * random());
      await updateMetrics(db, p.id, {
        views: p.views + views,
        likes: p.likes + Math.floor(views * (0.04 + random() * 0.06)),
        comments: p.comments + Math.floor(views * random() * 0.006),
        shares: p.shares + Math.floor(views * random() * 0.008),
        saves: p.saves + Math.floor(views * random() * 0.012),
      });
    }
    return `metrics of ${live.length} posts`;
  }

  async function useCodes(): Promise<string> {
    // Shoppers use a few assigned codes of active campaigns; each use pays its creator. The demo
    // shop reports them like a brand's shop would, one usage report per brand, so they are in the
    // record (docs/usage-reports.md).
    const used = await queryRows<{ code: string; brand_id: string; total_uses: number }>(
      db,
      sql`select d.code, d.brand_id, d.total_uses::float8 as total_uses from discount_codes d join campaigns c on c.id = d.assigned_campaign_id
        where c.status = 'active' order by random() limit 3`,
    );
    if (used.length === 0) return 'no code to use';
    let updated = 0;
    for (const brandId of [...new Set(used.map((u) => u.brand_id))].sort()) {
      const usage = used
        .filter((u) => u.brand_id === brandId)
        .map((u) => ({ code: u.code, total_uses: u.total_uses + 1 + Math.floor(random() * 3) }));
      const received = await receiveUsageReport(db, {
        channel: 'api',
        format: 'json',
        sender: DEMO_SHOP_SENDER,
        scope: [brandId],
        body: { kind: 'json', usage },
      });
      if (received.duplicate) throw new Error('a demo usage report was a duplicate');
      if (received.refused) throw received.refused;
      updated += received.applied?.updated ?? 0;
    }
    return `usage of ${updated} codes`;
  }

  /**
   * The platform's reviewer: decides each publish request whose wait is over. Several simulators
   * on one database take turns (the claim skips a campaign another holds).
   */
  async function reviewDue(): Promise<string> {
    const decided: string[] = [];
    const at = now();
    for (let i = 0; i < MAX_REVIEWS_PER_TICK; i++) {
      const campaign = await runInAuditScope(
        { actor: { ...PLATFORM_REVIEWER }, requestId: null },
        () => decideDuePublishRequest(db, at, reviewS),
      );
      if (!campaign) break;
      decided.push(`${campaign.id} ${campaign.status === 'active' ? 'approved' : 'denied'}`);
    }
    return decided.length > 0 ? `reviewed ${decided.join(', ')}` : 'no publish request due';
  }

  async function tick(): Promise<string> {
    ticks++;
    const steps: string[] = [];
    const r = random();
    const action = r < 0.35 ? submitOne : r < 0.5 ? applyOne : r < 0.75 ? reviseOne : postOne;
    const extra = ticks % 8 === 0 ? [growMetrics, useCodes] : ticks % 4 === 0 ? [growMetrics] : [];
    for (const step of [reviewDue, action, ...extra]) {
      try {
        steps.push(await step());
      } catch (err) {
        if (err instanceof ApiError) {
          steps.push(`refused: ${err.message}`);
          logger.debug({ err: err.message }, 'simulator step refused');
        } else {
          steps.push('failed');
          logger.warn({ err }, 'simulator step failed');
        }
      }
    }
    return steps.join('; ');
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick()
        .then((what) => logger.debug({ simulator: what }, 'simulator tick'))
        .finally(loop);
    }, options.tickMs ?? 2500);
    timer.unref?.();
  };
  if (options.autoStart !== false) loop();
  return {
    tick,
    reviewDue,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
