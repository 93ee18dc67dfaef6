// The worlds the benchmarks measure. A few rows are made through /ops (the service's own write
// path) and multiplied in SQL: creating 100,000 campaigns or posts over HTTP would take tens of
// minutes here, and making them is not what is measured. The SQL writes every column the service
// writes, and the running totals it keeps (campaign_creators; post_totals by its trigger).
import { call } from './service.ts';
import { config } from './config.ts';

export type Query = (text: string, params?: unknown[]) => Promise<unknown>;

export interface Brand {
  brandId: string;
  key: string;
  keyId: string;
}

/** A campaign as a brand writes one: texts, a product, links, an example video. */
export function campaignBody(brandId: string | undefined, i: number) {
  const n = String(i).padStart(5, '0');
  return {
    ...(brandId ? { brand_id: brandId } : {}),
    name: `Spring launch ${n}`,
    description: `Show how you use our spring collection in your daily routine. Campaign ${n} of the benchmark brand, with a short brief and a couple of links.`,
    instructions:
      'Film in daylight, mention the discount code in the caption, keep it under 60 seconds.',
    product: {
      name: `Product ${n}`,
      url: `https://shop.example.com/p/${n}`,
      image_url: `https://cdn.example.com/p/${n}.jpg`,
    },
    links: [
      {
        url: `https://shop.example.com/p/${n}`,
        service: 'shopify',
        description: 'Product page',
        affiliate_code: `SPRING${n}`,
      },
      { url: 'https://example.com/brand-guidelines.pdf', description: 'Brand guidelines' },
    ],
    video_examples: ['https://videos.example.com/reference-1.mp4'],
    ...(i % 3 === 0
      ? { content_deadline_date: '2027-03-01', post_deadline_date: '2027-03-15' }
      : {}),
  };
}

/** A brand and a brand key with every scope. */
export async function createBrand(base: string, name = 'Bench brand'): Promise<Brand> {
  const brand = await call<{ id: string }>(base, 'POST', '/ops/brands', config.opsToken, { name });
  const key = await call<{ id: string; key: string }>(base, 'POST', '/ops/keys', config.opsToken, {
    kind: 'brand',
    brand_id: brand.id,
  });
  return { brandId: brand.id, key: key.key, keyId: key.id };
}

/** `count` campaigns of the brand created through /ops, 4 at a time. */
export async function createSample(base: string, brandId: string, count: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await call(base, 'POST', '/ops/campaigns', config.opsToken, campaignBody(brandId, i));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/**
 * Copies the brand's sample campaigns ("Spring launch …", not copies) until the brand has `total`
 * of them, each copy a minute older than the last, then refreshes the planner's statistics.
 */
export async function multiply(query: Query, brandId: string, total: number) {
  const counts = (await query(
    `select count(*) filter (where name not like '%(copy %')::int as sample, count(*)::int as have
     from campaigns where brand_id = $1 and name like 'Spring launch %'`,
    [brandId],
  )) as { rows: { sample: number; have: number }[] };
  const { sample, have } = counts.rows[0]!;
  const need = total - have;
  if (need <= 0 || sample === 0) return;
  const firstCopy = Math.floor((have - sample) / sample) + 1;
  await query(
    `insert into campaigns
     select (copy).* from (
       select jsonb_populate_record(c, jsonb_build_object(
         'id', gen_random_uuid(),
         'name', c.name || ' (copy ' || g || ')',
         'created_at', c.created_at - g * interval '1 minute',
         'updated_at', c.created_at - g * interval '1 minute')) as copy
       from campaigns c cross join generate_series($2::int, $3::int) as g
       where c.brand_id = $1 and c.name like 'Spring launch %' and c.name not like '%(copy %'
       order by g, c.created_at desc
       limit $4) as copies`,
    [brandId, firstCopy, firstCopy + Math.ceil(need / sample) - 1, need],
  );
  await query('vacuum analyze');
}

export interface HotCampaign {
  id: string;
  taskIds: string[];
}

/**
 * An active campaign with two tasks (TikTok and Instagram), made and published through the API and
 * approved through /ops: the campaign whose submissions, posts and metrics are measured.
 */
export async function createHotCampaign(
  base: string,
  brand: Brand,
  name = 'Hot campaign',
): Promise<HotCampaign> {
  const task = (title: string, order: number) => ({
    title,
    instructions: 'Show the product in the first three seconds; mention the discount code.',
    platforms: ['tiktok', 'instagram'],
    formats: ['feed_video'],
    display_order: order,
  });
  const campaign = await call<{ id: string; tasks: { id: string }[] }>(
    base,
    'POST',
    '/ops/campaigns',
    config.opsToken,
    {
      ...campaignBody(brand.brandId, 99_999),
      name,
      tasks: [task('Unboxing video', 0), task('Daily routine video', 1)],
    },
  );
  await call(base, 'POST', `/2026-07/campaigns/${campaign.id}/publish`, brand.key);
  await call(base, 'POST', `/ops/campaigns/${campaign.id}/review`, config.opsToken, {
    decision: 'approved',
  });
  return { id: campaign.id, taskIds: campaign.tasks.map((t) => t.id) };
}

export interface Activity {
  /** Creators approved on the campaign (reused when they exist). */
  creators: number;
  /** New submissions waiting in review. */
  inReview?: number;
  /** New approved submissions, each with a live post with metrics. */
  posts?: number;
}

/** The checks of media inspected and passed (docs/review-bar.md#inspection): a reviewer may decide on it at once. */
const INSPECTED = JSON.stringify([
  { name: 'playable', outcome: 'pass', detail: 'Plays: H.264 video, 1080×1920, 30 s' },
]);

/**
 * Adds creators, submissions in review and posts to the campaign in bulk SQL, then recomputes the
 * creators' running totals on it from the rows (as the service keeps them one change at a time).
 * `tag` keeps the rows of several calls apart.
 */
export async function addActivity(
  query: Query,
  campaign: HotCampaign,
  tag: string,
  activity: Activity,
) {
  const tasks = campaign.taskIds;
  const n = activity.creators;
  await query(
    `insert into creators (id, username, properties)
     select 'cr_bench' || $2 || '_' || i, 'bench_' || $2 || '_' || i, '{}'::jsonb from generate_series(1, $1::int) i
     on conflict do nothing`,
    [n, tag],
  );
  await query(
    `insert into campaign_creators (campaign_id, creator_id, status, applied_at, decided_at)
     select $1, 'cr_bench' || $3 || '_' || i, 'approved', now() - interval '30 days' + i * interval '1 second', now() - interval '29 days'
     from generate_series(1, $2::int) i
     on conflict do nothing`,
    [campaign.id, n, tag],
  );
  const submission = (status: string) =>
    `insert into submissions (campaign_id, task_id, creator_id, status, media_type, media_url, thumbnail_url,
                              checks, submitted_at, reviewed_at, created_at, updated_at)
     select $1, ($2::uuid[])[1 + i % cardinality($2::uuid[])], 'cr_bench' || $3 || '_' || (1 + i % $4::int),
            '${status}', 'video', 'https://videos.example.com/bench/' || $3 || '/' || i || '.mp4',
            'https://videos.example.com/bench/' || $3 || '/' || i || '.jpg',
            '${INSPECTED}'::jsonb,
            now() - interval '20 days' + i * interval '1 millisecond',
            ${status === 'in_review' ? 'null' : "now() - interval '10 days'"},
            now() - interval '20 days', now() - interval '20 days'
     from generate_series(1, $5::int) i`;
  if (activity.inReview)
    await query(submission('in_review'), [campaign.id, tasks, tag, n, activity.inReview]);
  if (activity.posts) {
    await query(
      `with s as (${submission('approved')} returning id, task_id, creator_id)
       insert into posts (submission_id, campaign_id, task_id, creator_id, platform, url, is_story, status, posted_at,
                          views, likes, comments, shares, saves, metrics_updated_at)
       select s.id, $1, s.task_id, s.creator_id, (array['tiktok', 'instagram'])[1 + k % 2],
              'https://www.tiktok.com/@bench/video/' || s.id, false, 'live', now() - interval '9 days' + k * interval '1 millisecond',
              1000 + k % 5000, 100 + k % 500, 10 + k % 50, k % 20, k % 30, now()
       from (select s.*, row_number() over () as k from s) s`,
      [campaign.id, tasks, tag, n, activity.posts],
    );
  }
  await query(
    `update campaign_creators cc set
       submitted_count = t.submitted, in_review_count = t.in_review, approved_count = t.approved,
       rejected_count = t.rejected, live_posts = t.live_posts, views = t.views, likes = t.likes,
       comments = t.comments, shares = t.shares, saves = t.saves, updated_at = now()
     from (
       select cc2.creator_id,
              (select count(*) from submissions s where s.campaign_id = $1 and s.creator_id = cc2.creator_id) as submitted,
              (select count(*) from submissions s where s.campaign_id = $1 and s.creator_id = cc2.creator_id and s.status = 'in_review') as in_review,
              (select count(*) from submissions s where s.campaign_id = $1 and s.creator_id = cc2.creator_id and s.status = 'approved') as approved,
              (select count(*) from submissions s where s.campaign_id = $1 and s.creator_id = cc2.creator_id and s.status = 'rejected') as rejected,
              coalesce(p.live_posts, 0) as live_posts, coalesce(p.views, 0) as views, coalesce(p.likes, 0) as likes,
              coalesce(p.comments, 0) as comments, coalesce(p.shares, 0) as shares, coalesce(p.saves, 0) as saves
       from campaign_creators cc2
       left join (
         select creator_id, count(*) as live_posts, sum(views) as views, sum(likes) as likes,
                sum(comments) as comments, sum(shares) as shares, sum(saves) as saves
         from posts where campaign_id = $1 and status = 'live' group by creator_id
       ) p on p.creator_id = cc2.creator_id
       where cc2.campaign_id = $1
     ) t
     where cc.campaign_id = $1 and cc.creator_id = t.creator_id`,
    [campaign.id],
  );
  await query('vacuum analyze');
}

/** Ids of the campaign's submissions waiting in review, oldest first. */
export async function inReviewIds(query: Query, campaignId: string): Promise<string[]> {
  const result = (await query(
    `select id from submissions where campaign_id = $1 and status = 'in_review' order by submitted_at, id`,
    [campaignId],
  )) as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

interface ListPage {
  data: { id: string; created_at: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

/** The list's cursor after `offset` campaigns (walked in pages of 100), and that position. */
export async function campaignCursorAfter(base: string, key: string, offset: number) {
  let cursor: string | null = null;
  let last: { id: string; created_at: string } | undefined;
  for (let seen = 0; seen < offset;) {
    const limit = Math.min(100, offset - seen);
    const q = `limit=${limit}${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`;
    const page: ListPage = await call<ListPage>(base, 'GET', `/2026-07/campaigns?${q}`, key);
    seen += page.data.length;
    last = page.data.at(-1);
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  if (!cursor || !last) throw new Error('the list has fewer campaigns than expected');
  return { cursor, after: { key: last.created_at, id: last.id } };
}
