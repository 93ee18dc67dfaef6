import { sql, type SQL } from 'drizzle-orm';
import { PLATFORM_LABELS, Platform, type GroupBy } from '#contract/enums';
import {
  effectiveCpmCents,
  engagementRate,
  type CampaignFigures,
  type CampaignsMetrics,
  type MetricsGroup,
  type MetricsHistory,
  type MetricsHistoryDay,
  type MetricsReport,
} from '#contract/metrics';
import type { CampaignStatus } from '#contract/enums';
import type { EngagementMetrics } from '#contract/posts';
import { readRows, type Db } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { foldedText, foldedValue, isoTimestampText } from './sql.ts';
import { ALL_BRANDS, type BrandScope } from './brand-scope.ts';

// GET /campaigns/{id}/metrics (docs/api.md#metrics-report) from running totals only, in one statement (one
// snapshot, so funnel, performance and spend agree with each other):
// - funnel: campaign_totals (creators and submission counts, kept by a trigger on
//   campaign_creators, whose rows carry each creator's running totals; see creators.ts);
// - performance and groups: post_totals (live posts and their metrics per task and platform, kept
//   by a trigger on posts in the transaction of every post change; migration metrics_codes), a
//   handful of rows whatever the number of posts;
// - spend: campaigns.spent_cents, moved with each payout and each paid code use.
// The one exception is group_by=day: days depend on the caller's time zone, so the live posts of
// the campaign are summed per day from the posts themselves, in the order of their index
// (campaign_id, posted_at): one statement, whose cost grows with the campaign's live posts.

type Num = string | number;

/** The live posts and their engagement, as the report and each of its groups sum them. */
interface PostSums {
  posts: Num;
  views: Num;
  likes: Num;
  comments: Num;
  shares: Num;
  saves: Num;
}

interface ReportRow extends PostSums, Record<string, unknown> {
  creators_applied: Num;
  creators_approved: Num;
  submissions_in_review: Num;
  submissions_approved: Num;
  spent_cents: Num;
  as_of: string;
  groups: GroupRow[] | string | null;
}

interface GroupRow extends PostSums {
  key: string;
  label: string | null;
}

const sums = (alias: string) =>
  sql.raw(
    ['live_posts', 'views', 'likes', 'comments', 'shares', 'saves']
      .map((m) => `coalesce(sum(${alias}.${m}), 0)::bigint as ${m === 'live_posts' ? 'posts' : m}`)
      .join(', '),
  );

function groupsQuery(campaignId: string, groupBy: GroupBy | undefined, timeZone: string): SQL {
  if (groupBy === 'day') {
    // Every day with a live post, in the time zone's calendar, oldest first.
    return sql`(select coalesce(json_agg(g order by g.key), '[]'::json) from (
        select (p.posted_at at time zone ${timeZone})::date::text as key, null as label,
          count(*)::bigint as posts, ${sql.raw(
            ['views', 'likes', 'comments', 'shares', 'saves']
              .map((m) => `coalesce(sum(p.${m}), 0)::bigint as ${m}`)
              .join(', '),
          )}
        from posts p where p.campaign_id = ${campaignId}::uuid and p.status = 'live'
        group by 1) g)`;
  }
  if (groupBy === 'task') {
    // Every task of the campaign, in display order, with zeros when it has no live post.
    return sql`(select coalesce(json_agg(g order by g.display_order, g.created_at, g.key), '[]'::json) from (
        select t.id::text as key, t.title as label, t.display_order, t.created_at, ${sums('pt')}
        from tasks t left join post_totals pt on pt.campaign_id = t.campaign_id and pt.task_id = t.id
        where t.campaign_id = ${campaignId}::uuid
        group by t.id) g)`;
  }
  if (groupBy === 'platform') {
    // Every platform a task asks for or a post was made on.
    return sql`(select coalesce(json_agg(g), '[]'::json) from (
        select k.platform as key, null as label, ${sums('pt')}
        from (select unnest(platforms) as platform from tasks where campaign_id = ${campaignId}::uuid
              union select platform from post_totals where campaign_id = ${campaignId}::uuid) k
        left join post_totals pt on pt.campaign_id = ${campaignId}::uuid and pt.platform = k.platform
        group by k.platform) g)`;
  }
  return sql`null::json`;
}

const metricsOf = (r: {
  views: Num;
  likes: Num;
  comments: Num;
  shares: Num;
  saves: Num;
}): EngagementMetrics => ({
  views: Number(r.views),
  likes: Number(r.likes),
  comments: Number(r.comments),
  shares: Number(r.shares),
  saves: Number(r.saves),
});

const PLATFORM_ORDER = Platform.options as readonly string[];

function toGroups(rows: GroupRow[], groupBy: GroupBy): MetricsGroup[] {
  const groups = rows.map((g) => ({
    group_key: g.key,
    group_label:
      groupBy === 'platform' ? (PLATFORM_LABELS[g.key as Platform] ?? g.key) : (g.label ?? g.key),
    posts: Number(g.posts),
    performance: metricsOf(g),
  }));
  if (groupBy === 'platform') {
    const rank = (k: string) =>
      PLATFORM_ORDER.includes(k) ? PLATFORM_ORDER.indexOf(k) : PLATFORM_ORDER.length;
    groups.sort(
      (a, b) => rank(a.group_key) - rank(b.group_key) || a.group_key.localeCompare(b.group_key),
    );
  }
  return groups;
}

/** `and c.brand_id in (…)` for the brands the scope sees; 404 when it sees none. */
function campaignBrandFilter(scope: BrandScope): SQL {
  if (scope !== ALL_BRANDS && scope.length === 0) throw notFound('Campaign');
  return scope === ALL_BRANDS
    ? sql``
    : sql` and c.brand_id in (${sql.join(
        scope.map((b) => sql`${b}::uuid`),
        sql`, `,
      )})`;
}

/**
 * The campaign's metrics report; 404 when the campaign does not exist or the scope may not see it.
 * `timeZone` (an IANA name) says whose calendar days group_by=day counts in.
 */
export async function campaignMetrics(
  db: Db,
  campaignId: string,
  scope: BrandScope,
  groupBy?: GroupBy,
  timeZone = 'UTC',
): Promise<MetricsReport> {
  const brandFilter = campaignBrandFilter(scope);
  // One statement, prepared on PostgreSQL: its plan costs more than running it (decision 0077).
  const [row] = await readRows<ReportRow>(
    db,
    sql`select coalesce(f.creators_applied, 0) as creators_applied, coalesce(f.creators_approved, 0) as creators_approved,
        coalesce(f.submissions_in_review, 0) as submissions_in_review, coalesce(f.submissions_approved, 0) as submissions_approved,
        p.*, c.spent_cents, ${sql.raw(isoTimestampText('now()'))} as as_of, ${groupsQuery(campaignId, groupBy, timeZone)} as groups
      from campaigns c
        left join campaign_totals f on f.campaign_id = c.id,
        (select ${sums('t')} from post_totals t where t.campaign_id = ${campaignId}::uuid) p
      where c.id = ${campaignId}::uuid${brandFilter}`,
  );
  if (!row) throw notFound('Campaign');
  const report: MetricsReport = { campaign_id: campaignId, ...figuresOf(row), as_of: row.as_of };
  if (groupBy) {
    const groups =
      typeof row.groups === 'string' ? (JSON.parse(row.groups) as GroupRow[]) : (row.groups ?? []);
    report.groups = toGroups(groups, groupBy);
  }
  return report;
}

// ---------------------------------------------------------------- history

interface HistoryRow extends Record<string, unknown> {
  as_of: string;
  days: HistoryDayRow[] | string | null;
}

interface HistoryDayRow {
  day: string;
  views: Num;
  likes: Num;
  comments: Num;
  shares: Num;
  saves: Num;
  spent_cents: Num;
}

const HISTORY_FIGURES = ['views', 'likes', 'comments', 'shares', 'saves', 'spent_cents'] as const;

/**
 * The campaign's figures day by day (docs/api.md#metrics-history): the hours of
 * campaign_metric_hours (what its live posts' metrics and its spend moved by, written by triggers
 * with every change; migration 0013) summed per calendar day of `timeZone`, as running totals, for
 * every day from the first with figures (or `days` ago) to today. One statement; its cost grows with
 * the campaign's hours of activity, not with its posts. 404 as the report's.
 */
export async function campaignMetricsHistory(
  db: Db,
  campaignId: string,
  scope: BrandScope,
  days: number,
  timeZone: string,
): Promise<MetricsHistory> {
  const brandFilter = campaignBrandFilter(scope);
  const running = sql.raw(
    HISTORY_FIGURES.map((f) => `sum(d.${f}) over (order by d.day)::bigint as ${f}`).join(', '),
  );
  const perDay = sql.raw(HISTORY_FIGURES.map((f) => `sum(h.${f}) as ${f}`).join(', '));
  const picked = sql.raw(HISTORY_FIGURES.map((f) => `'${f}', coalesce(r.${f}, 0)`).join(', '));
  const [row] = await readRows<HistoryRow>(
    db,
    sql`with d as (
        select (h.hour at time zone ${timeZone})::date as day, ${perDay}
        from campaign_metric_hours h where h.campaign_id = ${campaignId}::uuid group by 1),
      r as (select d.day, ${running} from d),
      span as (
        select g::date as day
        from (select min(day) as first, (now() at time zone ${timeZone})::date as today from d) b,
          generate_series(greatest(b.first, b.today - ${days - 1}::int), b.today, interval '1 day') g
        where b.first is not null)
      select ${sql.raw(isoTimestampText('now()'))} as as_of,
        (select coalesce(json_agg(json_build_object('day', to_char(s.day, 'YYYY-MM-DD'), ${picked}) order by s.day), '[]'::json)
          from span s left join lateral (
            select * from r where r.day <= s.day order by r.day desc limit 1) r on true) as days
      from campaigns c where c.id = ${campaignId}::uuid${brandFilter}`,
  );
  if (!row) throw notFound('Campaign');
  const rows: HistoryDayRow[] =
    typeof row.days === 'string' ? (JSON.parse(row.days) as HistoryDayRow[]) : (row.days ?? []);
  return {
    campaign_id: campaignId,
    time_zone: timeZone,
    days: rows.map((d): MetricsHistoryDay => ({
      day: d.day,
      views: Number(d.views),
      likes: Number(d.likes),
      comments: Number(d.comments),
      shares: Number(d.shares),
      saves: Number(d.saves),
      spent_cents: Number(d.spent_cents),
    })),
    as_of: row.as_of,
  };
}

// ---------------------------------------------------------------- across campaigns

/** The campaigns GET /metrics sums: the campaign list's filters, and campaigns by id. */
export interface CampaignsMetricsFilter {
  /** The brands read (the caller's, or the one brand_id names). */
  brands: readonly string[];
  statuses?: readonly CampaignStatus[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  search?: string | undefined;
  /** Only these campaigns, and each one's figures in `by_campaign` (in this order). */
  campaignIds?: readonly string[] | undefined;
}

interface FiguresRow extends PostSums, Record<string, unknown> {
  creators_applied: Num;
  creators_approved: Num;
  submissions_in_review: Num;
  submissions_approved: Num;
  spent_cents: Num;
}

interface CampaignsRow extends FiguresRow {
  campaigns: Num;
  as_of: string;
  by_campaign: (FiguresRow & { campaign_id: string })[] | string | null;
}

const FIGURES = [
  'creators_applied',
  'creators_approved',
  'submissions_in_review',
  'submissions_approved',
  'posts',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'spent_cents',
];

/** A row of sums as the report shows them, with its rate and CPM computed from the sums. */
function figuresOf(row: FiguresRow): Omit<CampaignFigures, 'campaign_id'> {
  const performance = metricsOf(row);
  const spent = Number(row.spent_cents);
  return {
    funnel: {
      creators_applied: Number(row.creators_applied),
      creators_approved: Number(row.creators_approved),
      submissions_in_review: Number(row.submissions_in_review),
      submissions_approved: Number(row.submissions_approved),
      posts: Number(row.posts),
    },
    performance: { ...performance, engagement_rate: engagementRate(performance) },
    spend: { spent_cents: spent, effective_cpm_cents: effectiveCpmCents(spent, performance.views) },
  };
}

/**
 * GET /metrics (docs/api.md#metrics-across-campaigns): the figures of the campaign report summed
 * over the campaigns the filters select, from the same running totals, in one statement (one
 * snapshot). It reads one row of campaign_totals and a few of post_totals per selected campaign:
 * its cost grows with the number of campaigns selected, never with their posts or submissions.
 */
export async function campaignsMetrics(
  db: Db,
  filter: CampaignsMetricsFilter,
): Promise<CampaignsMetrics> {
  const ids = filter.campaignIds;
  const where: SQL[] = [sql`c.brand_id = any(${`{${filter.brands.join(',')}}`}::uuid[])`];
  if (filter.statuses) {
    where.push(
      sql`c.status in (${sql.join(
        filter.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.createdAfter) where.push(sql`c.created_at >= ${filter.createdAfter}::timestamptz`);
  if (filter.createdBefore) where.push(sql`c.created_at < ${filter.createdBefore}::timestamptz`);
  if (filter.search) {
    // The list's search (campaignListStatement): without case or accents.
    where.push(sql`strpos(${sql.raw(foldedText('c.name'))}, ${foldedValue(filter.search)}) > 0`);
  }
  const named = ids ? `{${ids.join(',')}}` : null;
  if (named) where.push(sql`c.id = any(${named}::uuid[])`);
  const sum = (alias: string) =>
    sql.raw(FIGURES.map((f) => `coalesce(sum(${alias}.${f}), 0)::bigint as ${f}`).join(', '));
  const [row] = await readRows<CampaignsRow>(
    db,
    sql`with selected as (
        select c.id, c.spent_cents from campaigns c where ${sql.join(where, sql` and `)}
      ), per as (
        select s.id as campaign_id, s.spent_cents,
          coalesce(f.creators_applied, 0) as creators_applied, coalesce(f.creators_approved, 0) as creators_approved,
          coalesce(f.submissions_in_review, 0) as submissions_in_review,
          coalesce(f.submissions_approved, 0) as submissions_approved,
          coalesce(p.posts, 0) as posts, coalesce(p.views, 0) as views, coalesce(p.likes, 0) as likes,
          coalesce(p.comments, 0) as comments, coalesce(p.shares, 0) as shares, coalesce(p.saves, 0) as saves
        from selected s
          left join campaign_totals f on f.campaign_id = s.id
          left join (select t.campaign_id, ${sums('t')} from post_totals t
            where t.campaign_id in (select id from selected) group by t.campaign_id) p on p.campaign_id = s.id
      )
      select count(*)::bigint as campaigns, ${sum('per')}, ${sql.raw(isoTimestampText('now()'))} as as_of,
        ${
          named
            ? sql`(select coalesce(json_agg(per order by array_position(${named}::uuid[], per.campaign_id)), '[]'::json) from per)`
            : sql`null::json`
        } as by_campaign
      from per`,
  );
  if (!row) throw new Error('the sums over campaigns answered no row');
  const answer: CampaignsMetrics = {
    campaigns: Number(row.campaigns),
    ...figuresOf(row),
    as_of: row.as_of,
  };
  if (named) {
    const rows =
      typeof row.by_campaign === 'string'
        ? (JSON.parse(row.by_campaign) as Exclude<CampaignsRow['by_campaign'], string>)
        : row.by_campaign;
    answer.by_campaign = (rows ?? []).map((r) => ({ campaign_id: r.campaign_id, ...figuresOf(r) }));
  }
  return answer;
}
