import { sql } from 'drizzle-orm';
import type { PublishReviewSummary } from '#contract/campaigns';
import { queryRows, type Db, type Tx } from '../db/client.ts';

// Getting a campaign live (docs/api.md#getting-live): the platform reviewer the demo world plays
// (which campaigns are due for a decision, and what it decides), and how long review usually
// takes, summed up from the recent decisions (docs/decisions/0146-how-long-review-takes.md).

/** The seconds the simulated reviewer waits after a request: each campaign its own, in [min, max]. */
export interface ReviewDelay {
  minS: number;
  maxS: number;
}

/**
 * The oldest publish request whose wait is over, locked for this transaction; one another
 * instance holds is skipped (FOR UPDATE SKIP LOCKED), so several simulators never decide the same
 * campaign twice. Each campaign waits `minS` plus a share of the span fixed by its id (the last
 * byte of the uuid), so the waits spread over the range without storing anything.
 */
export async function claimDuePublishRequest(
  tx: Tx,
  now: Date,
  delay: ReviewDelay,
): Promise<string | null> {
  const span = Math.max(0, delay.maxS - delay.minS);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select c.id from campaigns c
        where c.status = 'pending_approval'
          and c.publish_requested_at + make_interval(secs => ${delay.minS}::float8 + get_byte(uuid_send(c.id), 15) * ${span}::float8 / 255)
              <= ${now.toISOString()}::timestamptz
        order by c.publish_requested_at, c.id
        limit 1
        for update skip locked`,
  );
  return row?.id ?? null;
}

/** What the campaign under review offers the reviewer. */
export interface ReviewedCampaign {
  description: string | null;
  activeTasks: number;
  /** settings.creator_approval_required: creators apply first, tasks may come later. */
  waitlist: boolean;
}

export type PlatformDecision = { decision: 'approved' } | { decision: 'denied'; reason: string };

/**
 * The simulated platform reviewer: a campaign with a description and at least one active task (or
 * a waitlist) goes live; any other is denied with a reason that says what to add.
 */
export function platformReview(campaign: ReviewedCampaign): PlatformDecision {
  const missing: string[] = [];
  if (!campaign.description?.trim()) {
    missing.push('a description that tells creators what the campaign is about');
  }
  if (campaign.activeTasks === 0 && !campaign.waitlist) {
    missing.push(
      'at least one active task saying what creators should make (or require creators to apply first)',
    );
  }
  if (missing.length === 0) return { decision: 'approved' };
  return { decision: 'denied', reason: `Add ${missing.join(', and ')}. Then publish it again.` };
}

/** What the reviewer reads of a campaign. */
export async function reviewedCampaign(tx: Tx, id: string): Promise<ReviewedCampaign> {
  const [row] = await queryRows<{ description: string | null; active: number; waitlist: boolean }>(
    tx,
    sql`select c.description,
          (select count(*)::int from tasks t where t.campaign_id = c.id and t.status = 'active') as active,
          coalesce((c.settings ->> 'creator_approval_required')::boolean, false) as waitlist
        from campaigns c where c.id = ${id}`,
  );
  return {
    description: row?.description ?? null,
    activeTasks: Number(row?.active ?? 0),
    waitlist: row?.waitlist ?? false,
  };
}

/** The summary reads at most this many decisions, the newest... */
export const SUMMARY_DECISIONS = 50;
/** ...of these last days. */
export const SUMMARY_DAYS = 30;

/**
 * How long review usually takes: the median and the 90th percentile of how long the newest
 * decisions (at most SUMMARY_DECISIONS of the last SUMMARY_DAYS) waited. One indexed read of a
 * bounded number of rows, whatever the number of decisions ever made.
 */
export async function publishReviewSummary(db: Db, now: Date): Promise<PublishReviewSummary> {
  const since = new Date(now.getTime() - SUMMARY_DAYS * 86_400_000);
  const [row] = await queryRows<{ n: number; median: number | null; p90: number | null }>(
    db,
    sql`select count(*)::int as n,
          percentile_cont(0.5) within group (order by r.waited) as median,
          percentile_cont(0.9) within group (order by r.waited) as p90
        from (
          select extract(epoch from (decided_at - requested_at))::float8 as waited
          from publish_reviews
          where decided_at > ${since.toISOString()}::timestamptz
          order by decided_at desc
          limit ${SUMMARY_DECISIONS}
        ) r`,
  );
  const seconds = (v: number | null | undefined) =>
    v === null || v === undefined ? null : Math.max(0, Math.round(Number(v)));
  return {
    decisions: Number(row?.n ?? 0),
    typical_seconds: seconds(row?.median),
    most_within_seconds: seconds(row?.p90),
    since: since.toISOString(),
  };
}
