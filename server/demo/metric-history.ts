import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Hours after a post goes up by which about 63% of its final metrics have come in. */
const GROWTH_HOURS = 18;

/**
 * The demo world's history of figures (docs/api.md#metrics-history). The seed makes its posts and
 * payouts in one transaction, so the triggers record them all in this hour; a seeded world would
 * then chart as one step. This rebuilds the history of the brands' campaigns as it would have come
 * in: each live post's metrics growing hour by hour from the hour it was posted (fast first, then
 * levelling off), and each campaign's spend paid in equal parts at its posts' hours (in this hour
 * when it has none). Exact sums: every figure still adds up to the campaign's totals.
 */
export async function seedMetricHistory(tx: Tx, brandIds: readonly string[]): Promise<void> {
  if (brandIds.length === 0) return;
  const brands = sql.join(
    brandIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const hourOf = (t: string) =>
    sql.raw(`date_trunc('hour', ${t} at time zone 'UTC') at time zone 'UTC'`);
  await tx.execute(
    sql`delete from campaign_metric_hours h using campaigns c where c.id = h.campaign_id and c.brand_id in (${brands})`,
  );
  const metrics = ['views', 'likes', 'comments', 'shares', 'saves'];
  const step = (m: string) =>
    sql.raw(
      `sum(round(g.${m} * ${share('k')}) - round(g.${m} * ${share('k - 1')}))::bigint as ${m}`,
    );
  await tx.execute(sql`
    insert into campaign_metric_hours (campaign_id, hour, views, likes, comments, shares, saves)
    select g.campaign_id, g.first_hour + k * interval '1 hour' as hour, ${sql.join(metrics.map(step), sql`, `)}
    from (
      select p.campaign_id, p.views, p.likes, p.comments, p.shares, p.saves, ${hourOf('p.posted_at')} as first_hour,
        greatest(0, floor(extract(epoch from (${hourOf('now()')} - ${hourOf('p.posted_at')})) / 3600))::int as span
      from posts p join campaigns c on c.id = p.campaign_id
      where c.brand_id in (${brands}) and p.status = 'live') g,
      generate_series(0, g.span) k
    group by 1, 2`);
  await tx.execute(sql`
    insert into campaign_metric_hours as h (campaign_id, hour, spent_cents)
    select x.campaign_id, x.hour, sum(x.amount)::bigint
    from (
      select c.id as campaign_id, coalesce(${hourOf('p.posted_at')}, ${hourOf('now()')}) as hour,
        case when p.id is null then c.spent_cents
          else c.spent_cents / count(*) over w
            + case when row_number() over w = count(*) over w then c.spent_cents % count(*) over w else 0 end
        end as amount
      from campaigns c left join posts p on p.campaign_id = c.id
      where c.brand_id in (${brands}) and c.spent_cents <> 0
      window w as (partition by c.id order by p.posted_at, p.id rows between unbounded preceding and unbounded following)) x
    group by 1, 2
    on conflict (campaign_id, hour) do update set spent_cents = h.spent_cents + excluded.spent_cents`);
}

/** SQL for the share of a post's final metrics reached `k` hours after its first hour. */
function share(k: string): string {
  return `(case when ${k} < 0 then 0 when g.span = 0 then 1 else (1 - exp(-(${k})::float / ${GROWTH_HOURS})) / (1 - exp(-g.span::float / ${GROWTH_HOURS})) end)`;
}
