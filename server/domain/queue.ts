import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { SubmissionStatus } from '#contract/enums';
import {
  QUEUE_BY_CAMPAIGN_MAX,
  type QueueAwaiting,
  type QueueCounts,
  type QueuedSubmission,
} from '#contract/submissions';
import { queryRows, type Db } from '../db/client.ts';
import { apiKeys, campaigns, creators, submissions } from '../db/schema.ts';
import { noPage, pageOf, rowsForPage, timeThenId, type Page, type PageRequest } from './paging.ts';
import { agencyKeys, submissionSelection, toSubmission } from './submissions.ts';

// The review queue of a brand in one request (docs/api.md#review-queue, docs/decisions/0100):
// GET /submissions reads a page of the submissions of every campaign the caller acts for, and
// GET /submissions/counts what waits there, each in a time that depends on neither the number of
// campaigns nor the number of waiting submissions beyond the page.

/** The filters of both operations, with the brands the caller reads (already narrowed by brand_id). */
export interface QueueFilter {
  brands: readonly string[];
  statuses?: readonly SubmissionStatus[] | undefined;
  /** Whose turn (in review only): any of these; `none` is a submission without a sign-off step. */
  awaiting?: readonly QueueAwaiting[] | undefined;
  campaignIds?: readonly string[] | undefined;
  taskId?: string | undefined;
  creatorId?: string | undefined;
  submittedAfter?: string | undefined;
  submittedBefore?: string | undefined;
}

export type QueueAfter = { submittedAt: string; id: string };

/** Oldest submitted_at first (the review queue), then id. */
export const queueKeyset = timeThenId('submittedAt', 'id');

/** A PostgreSQL array literal of uuids or creator ids (any text: each element quoted). */
const arrayOf = (values: readonly string[]) =>
  `{${[...new Set(values)].map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * The unit a page is merged over: the narrowest filter that has an index of its own (a task, a
 * creator, campaigns, else the brands). Each unit (and each status) is read in keyset order up to
 * one page, and the pages are merged: a page reads at most units × statuses × (limit + 1) index
 * entries, however many campaigns and waiting submissions there are.
 */
function unitOf(f: QueueFilter): { column: string; values: readonly string[]; type: string } {
  if (f.taskId !== undefined) return { column: 'task_id', values: [f.taskId], type: 'uuid' };
  if (f.creatorId !== undefined)
    return { column: 'creator_id', values: [f.creatorId], type: 'text' };
  if (f.campaignIds !== undefined)
    return { column: 'campaign_id', values: f.campaignIds, type: 'uuid' };
  return { column: 'brand_id', values: f.brands, type: 'uuid' };
}

/**
 * The statuses a filter reads, each over its own index range; null when the filter matches
 * nothing (awaiting with a status list without in_review). With awaiting, only in_review, read
 * over the partial indexes of submissions in review.
 */
function statusesOf(f: QueueFilter): readonly SubmissionStatus[] | null {
  const statuses = f.statuses ? [...new Set(f.statuses)] : SubmissionStatus.options;
  if (f.awaiting === undefined) return statuses;
  return statuses.includes('in_review') ? ['in_review'] : null;
}

/** The conditions on `s` (a submissions row) besides its unit and status. */
function rowConditions(f: QueueFilter, unitColumn: string): SQL[] {
  const where: SQL[] = [];
  // The caller's brands, always: a campaign, task or creator of another brand reads nothing.
  if (unitColumn !== 'brand_id') where.push(sql`s.brand_id = any(${arrayOf(f.brands)}::uuid[])`);
  if (f.campaignIds !== undefined && unitColumn !== 'campaign_id')
    where.push(sql`s.campaign_id = any(${arrayOf(f.campaignIds)}::uuid[])`);
  if (f.taskId !== undefined && unitColumn !== 'task_id')
    where.push(sql`s.task_id = ${f.taskId}::uuid`);
  if (f.creatorId !== undefined && unitColumn !== 'creator_id')
    where.push(sql`s.creator_id = ${f.creatorId}`);
  if (f.submittedAfter !== undefined)
    where.push(sql`s.submitted_at >= ${f.submittedAfter}::timestamptz`);
  if (f.submittedBefore !== undefined)
    where.push(sql`s.submitted_at < ${f.submittedBefore}::timestamptz`);
  return where;
}

/**
 * The condition of one `awaiting` value on a row in review. Literals, so that the planner may use
 * the partial indexes of submissions in review (`is null` too: a btree keeps nulls).
 */
function awaitingIs(value: QueueAwaiting): SQL {
  return value === 'none'
    ? sql`s.status = 'in_review' and s.awaiting is null`
    : sql.raw(`s.status = 'in_review' and s.awaiting = '${value}'`);
}

/** The awaiting values a filter reads, once each. */
const awaitingOf = (f: QueueFilter) => (f.awaiting ? [...new Set(f.awaiting)] : undefined);

/**
 * The ids of one page, in order: for each unit (and status), its first `limit + 1` rows after the
 * cursor in (submitted_at, id) order, merged and cut to `limit + 1`.
 */
function pageIds(f: QueueFilter & PageRequest<QueueAfter>, statuses: readonly string[]): SQL {
  const unit = unitOf(f);
  const take = rowsForPage(f.limit);
  const where = [sql.raw(`s.${unit.column} = u.unit`), ...rowConditions(f, unit.column)];
  if (f.after) {
    where.push(
      sql`(s.submitted_at, s.id) > (${f.after.submittedAt}::timestamptz, ${f.after.id}::uuid)`,
    );
  }
  const units = sql`unnest(${arrayOf(unit.values)}::${sql.raw(unit.type)}[]) as u(unit)`;
  const top = (keys: SQL, conditions: SQL[]) => sql`select top.id, top.submitted_at from ${keys}
    cross join lateral (
      select s.id, s.submitted_at from submissions s where ${sql.join(conditions, sql` and `)}
      order by s.submitted_at, s.id limit ${take}) as top`;
  const awaiting = awaitingOf(f);
  // One branch per awaiting value (each over its own index range), or one over the statuses.
  const branches = awaiting
    ? awaiting.map((value) => top(units, [...where, awaitingIs(value)]))
    : [
        top(
          sql`${units} cross join unnest(${`{${statuses.join(',')}}`}::submission_status[]) as st(status)`,
          [...where, sql`s.status = st.status`],
        ),
      ];
  return sql`select merged.id from (${sql.join(branches, sql` union all `)}) as merged
    order by merged.submitted_at, merged.id limit ${take}`;
}

/** The query of a page of GET /submissions (EXPLAIN reads it in the tests); null: it reads nothing. */
export function queuePageQuery(db: Db, f: QueueFilter & PageRequest<QueueAfter>) {
  const statuses = statusesOf(f);
  if (f.brands.length === 0 || statuses === null) return null;
  return db
    .select({
      ...submissionSelection,
      brandId: submissions.brandId,
      campaignName: campaigns.name,
    })
    .from(submissions)
    .innerJoin(creators, eq(creators.id, submissions.creatorId))
    .innerJoin(campaigns, eq(campaigns.id, submissions.campaignId))
    .leftJoin(apiKeys, eq(apiKeys.id, submissions.reviewedByKeyId))
    .leftJoin(agencyKeys, eq(agencyKeys.id, submissions.agencyApprovedByKeyId))
    .where(sql`${submissions.id} in (${pageIds(f, statuses)})`)
    .orderBy(asc(submissions.submittedAt), asc(submissions.id));
}

/** A page of GET /submissions. */
export async function readQueuePage(
  db: Db,
  f: QueueFilter & PageRequest<QueueAfter>,
): Promise<Page<QueueRow>> {
  const query = queuePageQuery(db, f);
  return query ? pageOf(await query, f.limit) : noPage();
}

export type QueueRow = Parameters<typeof toSubmission>[0] & {
  brandId: string;
  campaignName: string;
};

export function toQueuedSubmission(row: QueueRow): QueuedSubmission {
  return {
    ...toSubmission(row),
    campaign_id: row.campaignId,
    campaign_name: row.campaignName,
    brand_id: row.brandId,
  };
}

// ---------------------------------------------------------------- counts

type Buckets = {
  in_review: number;
  awaiting_agency: number;
  awaiting_brand: number;
  failed: number;
};

type CampaignBuckets = Buckets & { campaign_id: string };

/**
 * What of each bucket the filter's status and awaiting keep: in review (all of it, or the part
 * awaiting the one side), and failed.
 */
function masked(f: QueueFilter, b: Buckets): Buckets {
  const statuses = f.statuses ?? SubmissionStatus.options;
  const inReview = statuses.includes('in_review');
  const failed = statuses.includes('failed') && f.awaiting === undefined;
  const keeps = (value: QueueAwaiting) => inReview && (!f.awaiting || f.awaiting.includes(value));
  const agency = keeps('agency') ? b.awaiting_agency : 0;
  const brand = keeps('brand') ? b.awaiting_brand : 0;
  const none = keeps('none') ? b.in_review - b.awaiting_agency - b.awaiting_brand : 0;
  return {
    in_review: agency + brand + none,
    awaiting_agency: agency,
    awaiting_brand: brand,
    failed: failed ? b.failed : 0,
  };
}

const zero: Buckets = { in_review: 0, awaiting_agency: 0, awaiting_brand: 0, failed: 0 };

function sum(rows: readonly Buckets[]): Buckets {
  const total = { ...zero };
  for (const row of rows) {
    total.in_review += Number(row.in_review);
    total.awaiting_agency += Number(row.awaiting_agency);
    total.awaiting_brand += Number(row.awaiting_brand);
    total.failed += Number(row.failed);
  }
  return total;
}

/** The answer from the filter's totals and its campaigns' (each row masked by the filter). */
function countsOf(f: QueueFilter, total: Buckets, campaignRows: CampaignBuckets[]): QueueCounts {
  const byCampaign = campaignRows
    .map((row) => ({ campaign_id: row.campaign_id, ...masked(f, sum([row])) }))
    .filter((row) => row.in_review > 0 || row.failed > 0)
    .sort((a, b) => (a.campaign_id < b.campaign_id ? -1 : a.campaign_id > b.campaign_id ? 1 : 0));
  return {
    ...masked(f, total),
    by_campaign: byCampaign
      .slice(0, QUEUE_BY_CAMPAIGN_MAX)
      .map(({ campaign_id, in_review, failed }) => ({ campaign_id, in_review, failed })),
    by_campaign_has_more: byCampaign.length > QUEUE_BY_CAMPAIGN_MAX,
  };
}

const bucketColumns = sql.raw(
  't.in_review::int as in_review, t.awaiting_agency::int as awaiting_agency, ' +
    't.awaiting_brand::int as awaiting_brand, t.failed::int as failed',
);

/**
 * GET /submissions/counts. Without task_id, creator_id, submitted_after or submitted_before, from
 * the running totals (migration 0010): the brands' totals row each, or the named campaigns' rows,
 * and up to QUEUE_BY_CAMPAIGN_MAX + 1 campaigns with something waiting per brand, over a partial
 * index. With one of those, an aggregate over the matching waiting submissions, read through the
 * task's, creator's or brand's queue index: its cost grows with what matches (docs/api.md#review-queue).
 */
export async function queueCounts(
  db: Db,
  f: QueueFilter,
  /** How the statements are read (the tests EXPLAIN them on the way). */
  read: <T extends Record<string, unknown>>(db: Db, query: SQL) => Promise<T[]> = queryRows,
): Promise<QueueCounts> {
  if (f.brands.length === 0 || statusesOf(f) === null) return countsOf(f, zero, []);
  const brands = arrayOf(f.brands);
  const narrow =
    f.taskId !== undefined ||
    f.creatorId !== undefined ||
    f.submittedAfter !== undefined ||
    f.submittedBefore !== undefined;
  if (narrow) {
    const unit = unitOf(f);
    const rows = await read<CampaignBuckets>(
      db,
      sql`select s.campaign_id,
          (count(*) filter (where s.status = 'in_review'))::int as in_review,
          (count(*) filter (where s.status = 'in_review' and s.awaiting = 'agency'))::int as awaiting_agency,
          (count(*) filter (where s.status = 'in_review' and s.awaiting = 'brand'))::int as awaiting_brand,
          (count(*) filter (where s.status = 'failed'))::int as failed
        from unnest(${arrayOf(unit.values)}::${sql.raw(unit.type)}[]) as u(unit)
          cross join unnest('{in_review,failed}'::submission_status[]) as st(status)
          join submissions s on ${sql.join(
            [
              sql.raw(`s.${unit.column} = u.unit`),
              sql`s.status = st.status`,
              ...rowConditions({ ...f, awaiting: undefined }, unit.column),
            ],
            sql` and `,
          )}
        group by s.campaign_id`,
    );
    return countsOf(f, sum(rows), rows);
  }
  if (f.campaignIds !== undefined) {
    const rows = await read<CampaignBuckets>(
      db,
      sql`select t.campaign_id, ${bucketColumns} from submission_queue_campaigns t
        where t.campaign_id = any(${arrayOf(f.campaignIds)}::uuid[]) and t.brand_id = any(${brands}::uuid[])`,
    );
    return countsOf(f, sum(rows), rows);
  }
  const [totals, rows] = await Promise.all([
    read<Buckets>(
      db,
      sql`select ${bucketColumns} from submission_queue_brands t where t.brand_id = any(${brands}::uuid[])`,
    ),
    read<CampaignBuckets>(
      db,
      sql`select top.* from unnest(${brands}::uuid[]) as b(id) cross join lateral (
          select t.campaign_id, ${bucketColumns} from submission_queue_campaigns t
          where t.brand_id = b.id and (t.in_review > 0 or t.failed > 0) and ${waitingIn(f)}
          order by t.campaign_id limit ${QUEUE_BY_CAMPAIGN_MAX + 1}) as top`,
    ),
  ]);
  return countsOf(f, sum(totals), rows);
}

/** The condition on a campaign's totals row `t` that it has something the filter counts. */
function waitingIn(f: QueueFilter): SQL {
  const statuses = f.statuses ?? SubmissionStatus.options;
  const awaiting = awaitingOf(f);
  const parts: string[] = [];
  if (statuses.includes('in_review')) {
    if (!awaiting) parts.push('t.in_review > 0');
    else {
      if (awaiting.includes('agency')) parts.push('t.awaiting_agency > 0');
      if (awaiting.includes('brand')) parts.push('t.awaiting_brand > 0');
      if (awaiting.includes('none'))
        parts.push('t.in_review > t.awaiting_agency + t.awaiting_brand');
    }
  }
  if (statuses.includes('failed') && !awaiting) parts.push('t.failed > 0');
  return sql.raw(parts.length ? `(${parts.join(' or ')})` : 'false');
}
