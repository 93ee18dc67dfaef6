import { sql, type SQL } from 'drizzle-orm';
import { PLATFORM_LABELS, Platform, type GroupBy } from '#contract/enums';
import {
  effectiveCpmCents,
  engagementRate,
  type MetricsGroup,
  type MetricsReport,
} from '#contract/metrics';
import type { EngagementMetrics } from '#contract/posts';
import { readRows, type Db } from '../db/client.ts';
import { notFound } from '../errors.ts';
import type { BrandScope } from './campaigns.ts';
import { isoTimestampText } from './sql.ts';

// GET /campaigns/{id}/metrics (interface 2.9) from running totals only, in one statement (one
// snapshot, so funnel, performance and spend agree with each other):
// - funnel: campaign_totals (creators and submission counts, kept by a trigger on
//   campaign_creators, whose rows carry each creator's running totals; see creators.ts);
// - performance and groups: post_totals (live posts and their metrics per task and platform, kept
//   by a trigger on posts in the transaction of every post change; migration metrics_codes), a
//   handful of rows whatever the number of posts;
// - spend: campaigns.spent_cents, moved with each payout and each paid code use.

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

function groupsQuery(campaignId: string, groupBy: GroupBy | undefined): SQL {
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

/** The campaign's metrics report; 404 when the campaign does not exist or the scope may not see it. */
export async function campaignMetrics(
  db: Db,
  campaignId: string,
  scope: BrandScope,
  groupBy?: GroupBy,
): Promise<MetricsReport> {
  if (scope !== null && scope.length === 0) throw notFound('Campaign');
  const brandFilter =
    scope === null
      ? sql``
      : sql` and c.brand_id in (${sql.join(
          scope.map((b) => sql`${b}::uuid`),
          sql`, `,
        )})`;
  // One statement, prepared on PostgreSQL: its plan costs more than running it (decision 0077).
  const [row] = await readRows<ReportRow>(
    db,
    sql`select coalesce(f.creators_applied, 0) as creators_applied, coalesce(f.creators_approved, 0) as creators_approved,
        coalesce(f.submissions_in_review, 0) as submissions_in_review, coalesce(f.submissions_approved, 0) as submissions_approved,
        p.*, c.spent_cents, ${sql.raw(isoTimestampText('now()'))} as as_of, ${groupsQuery(campaignId, groupBy)} as groups
      from campaigns c
        left join campaign_totals f on f.campaign_id = c.id,
        (select ${sums('t')} from post_totals t where t.campaign_id = ${campaignId}::uuid) p
      where c.id = ${campaignId}::uuid${brandFilter}`,
  );
  if (!row) throw notFound('Campaign');
  const performance = metricsOf(row);
  const spent = Number(row.spent_cents);
  const report: MetricsReport = {
    campaign_id: campaignId,
    funnel: {
      creators_applied: Number(row.creators_applied),
      creators_approved: Number(row.creators_approved),
      submissions_in_review: Number(row.submissions_in_review),
      submissions_approved: Number(row.submissions_approved),
      posts: Number(row.posts),
    },
    performance: { ...performance, engagement_rate: engagementRate(performance) },
    spend: { spent_cents: spent, effective_cpm_cents: effectiveCpmCents(spent, performance.views) },
    as_of: row.as_of,
  };
  if (groupBy) {
    const groups =
      typeof row.groups === 'string' ? (JSON.parse(row.groups) as GroupRow[]) : (row.groups ?? []);
    report.groups = toGroups(groups, groupBy);
  }
  return report;
}
