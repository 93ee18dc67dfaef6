// The world of an agency client at scale (issue 28): one brand managed by an agency, with members
// who sign in with known passwords and a brand key, `campaigns` active campaigns with two tasks
// each, `waiting` submissions in review spread unevenly (a few campaigns hold thousands, most a
// handful), creators approved on each campaign, approved submissions with live posts and their
// metrics, and a code group of discount codes. The bench's agency part (bench/parts/agency.ts)
// and the Playwright journey e2e/agency-scale.spec.ts build it; the method is decision 0126.
//
// What has a write path of its own is made through it (brand, agency, keys, invitations accepted
// with a password, one campaign created, published and approved); the bulk is copied in SQL with
// generate_series, in seconds on either driver. Every insert goes through the triggers, so the
// running totals they keep (the review queue per campaign and brand, post totals, campaign
// funnels: docs/architecture.md#triggers) are theirs; the totals the service keeps itself
// (each participation's counts and metrics, a group's number of codes) are recomputed from the
// rows, and the queue's totals are checked against the rows before the world is handed over.
import { config } from './config.ts';
import { call } from './service.ts';
import type { Target } from './target.ts';
import { createHotCampaign, type Query } from './world.ts';

export interface AgencyWorldSize {
  /** Active campaigns of the brand (at least 2). */
  campaigns: number;
  /** Submissions waiting in review, across them. */
  waiting: number;
  /** Creators in the pool the campaigns draw from (default: a tenth of `waiting`, at least 200). */
  creators?: number;
  /** Live posts of each campaign besides one per 20 waiting (default 5). */
  postsPerCampaign?: number;
  /** Discount codes of the brand's code group (default 300). */
  codes?: number;
}

export interface AgencyMember {
  email: string;
  password: string;
  name: string;
}

export interface AgencyWorld {
  agencyId: string;
  brandId: string;
  brandName: string;
  /** A brand key with every scope (for setting things up over the API). */
  brandKey: string;
  agencyKey: string;
  /** The agency's reviewer and admin, who sign in with e-mail and password. */
  reviewer: AgencyMember;
  admin: AgencyMember;
  campaigns: number;
  /** Submissions in review across the brand, as the rows say (and the running totals agree). */
  waiting: number;
  /** The campaign with the most waiting. */
  biggest: { id: string; name: string; waiting: number };
  /** The campaign with the fewest waiting: it holds the oldest waiting submission. */
  smallest: { id: string; name: string; waiting: number; taskId: string };
  /** The oldest waiting submission of the brand (by submitted_at, then id). */
  oldest: { id: string; campaignId: string; creatorUsername: string };
  posts: number;
  creators: number;
  codes: number;
}

/** The password of the world's members: long and uncommon, as the sign-up rules want. */
export const AGENCY_WORLD_PASSWORD = 'agency-scale-bench-2026!';

/** The sample media the service serves (public/samples), for submissions that play. */
const CLIPS = ['clip-1.mp4', 'clip-2.mp4', 'clip-3.mp4'];

/**
 * How many of `waiting` each of `campaigns` campaigns gets: a share falling with rank as
 * 1 / rank^1.3 (at 300 campaigns and 30,000 waiting: about 9,000, 3,700, 2,100 … then a handful
 * each in the long tail), at least one each, summing to `waiting`.
 */
export function waitingShares(campaigns: number, waiting: number): number[] {
  const weights = Array.from({ length: campaigns }, (_, i) => 1 / (i + 1) ** 1.3);
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.max(1, Math.floor((waiting * w) / total)));
  // Rounding: the first campaigns take what is missing (or give back what is too much).
  let rest = waiting - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest !== 0; i = (i + 1) % campaigns) {
    const step = rest > 0 ? 1 : shares[i]! > 1 ? -1 : 0;
    shares[i]! += step;
    rest -= step;
  }
  return shares;
}

interface Tenancy {
  agencyId: string;
  brandId: string;
  brandName: string;
  brandKey: string;
  agencyKey: string;
  reviewer: AgencyMember;
  admin: AgencyMember;
  templateId: string;
}

/** An agency member invited through /ops and signed up through the invitation, as a person is. */
async function member(
  base: string,
  agencyId: string,
  role: 'reviewer' | 'admin',
  tag: string,
): Promise<AgencyMember> {
  const email = `${role}.${tag}@agency-scale.test`;
  const name = role === 'reviewer' ? 'Riley Reviewer' : 'Ada Admin';
  const invitation = await call<{ invitation_url: string }>(
    base,
    'POST',
    '/ops/invitations',
    config.opsToken,
    { email, role, agency_id: agencyId },
  );
  const token = new URL(invitation.invitation_url).hash.replace(/^#token=/, '');
  const res = await fetch(`${base}/2026-07/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password: AGENCY_WORLD_PASSWORD }),
  });
  if (!res.ok) throw new Error(`accepting ${email}'s invitation answered ${res.status}`);
  return { email, password: AGENCY_WORLD_PASSWORD, name };
}

/** Brand, agency, keys, members and the first campaign, through the service's own write paths. */
async function createTenancy(base: string, tag: string): Promise<Tenancy> {
  const ops = config.opsToken;
  const brandName = 'Northpeak Outdoors';
  const brand = await call<{ id: string }>(base, 'POST', '/ops/brands', ops, { name: brandName });
  const agency = await call<{ id: string }>(base, 'POST', '/ops/agencies', ops, {
    name: 'Summit Creative Agency',
    brand_ids: [brand.id],
  });
  const brandKey = await call<{ id: string; key: string }>(base, 'POST', '/ops/keys', ops, {
    kind: 'brand',
    brand_id: brand.id,
  });
  const agencyKey = await call<{ key: string }>(base, 'POST', '/ops/keys', ops, {
    kind: 'agency',
    agency_id: agency.id,
  });
  const reviewer = await member(base, agency.id, 'reviewer', tag);
  const admin = await member(base, agency.id, 'admin', tag);
  const template = await createHotCampaign(
    base,
    { brandId: brand.id, key: brandKey.key, keyId: brandKey.id },
    'Campaign 001',
  );
  return {
    agencyId: agency.id,
    brandId: brand.id,
    brandName,
    brandKey: brandKey.key,
    agencyKey: agencyKey.key,
    reviewer,
    admin,
    templateId: template.id,
  };
}

const rowsOf = async <T>(query: Query, text: string, params?: unknown[]) =>
  ((await query(text, params)) as { rows: T[] }).rows;

/** The bulk of the world, in SQL on the database of the brand made by `createTenancy`. */
async function fill(
  query: Query,
  t: Tenancy,
  size: Required<AgencyWorldSize>,
  mediaBase: string,
  tag: string,
) {
  const C = size.campaigns;
  // 1. Copies of the first campaign (an hour older each) with copies of its two tasks.
  await query(
    `insert into campaigns select (copy).* from (
       select jsonb_populate_record(c, jsonb_build_object(
         'id', gen_random_uuid(), 'name', 'Campaign ' || lpad(g::text, 3, '0'),
         'created_at', c.created_at - (g - 1) * interval '1 hour',
         'updated_at', c.created_at - (g - 1) * interval '1 hour')) as copy
       from campaigns c cross join generate_series(2, $2::int) g where c.id = $1) as copies`,
    [t.templateId, C],
  );
  await query(
    `insert into tasks select (copy).* from (
       select jsonb_populate_record(t, jsonb_build_object('id', gen_random_uuid(), 'campaign_id', c.id,
         'created_at', c.created_at, 'updated_at', c.created_at)) as copy
       from campaigns c join tasks t on t.campaign_id = $2
       where c.brand_id = $1 and c.id <> $2) as copies`,
    [t.brandId, t.templateId],
  );
  // Newest first, as the lists show them. The biggest share goes to the 8th newest and the
  // smallest to the 2nd newest, so neither "the first campaign listed" nor "the newest" is the
  // one a screen should open on by luck.
  const ids = (
    await rowsOf<{ id: string }>(
      query,
      'select id from campaigns where brand_id = $1 order by created_at desc, id desc',
      [t.brandId],
    )
  ).map((r) => r.id);
  const shares = waitingShares(C, size.waiting);
  // Campaign i gets share number ((i - 7) * 97) mod C: a permutation when 97 does not divide C.
  const rank = (i: number) => (C % 97 === 0 ? i : (((((i - 7) % C) + C) % C) * 97) % C);
  const waiting = ids.map((_, i) => shares[rank(i)]!);
  if (C > 1) {
    // The smallest share on the 2nd newest: swap it in place.
    const small = waiting.indexOf(Math.min(...waiting));
    [waiting[1], waiting[small]] = [waiting[small]!, waiting[1]!];
  }
  const posts = waiting.map((w) => size.postsPerCampaign + Math.floor(w / 20));
  const P = size.creators;
  const participants = waiting.map((w, i) =>
    Math.min(P, Math.max(5, Math.ceil((w + posts[i]!) / 3))),
  );
  const starts = ids.map((_, i) => (i * 37) % P);
  const smallIndex = C > 1 ? 1 : 0;

  // 2. Creators, and their approved participations (each campaign a window of the pool).
  await query(
    `insert into creators (id, username, properties, created_at)
     select 'cr_' || $2 || '_' || g, $2 || '_creator_' || lpad(g::text, 5, '0'),
            jsonb_build_object('country', (array['US', 'GB', 'DE', 'FR', 'IN'])[1 + g % 5]),
            now() - interval '60 days'
     from generate_series(1, $1::int) g`,
    [P, tag],
  );
  const unnest = `unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[]) with ordinality
                  as c(id, waiting, posts, people, start, i)`;
  const arrays = [ids, waiting, posts, participants, starts];
  const creatorOf = (k: string) =>
    `'cr_' || $6 || '_' || (1 + (c.start + (${k}) % c.people) % $7::int)`;
  await query(
    `insert into campaign_creators (campaign_id, creator_id, status, applied_at, decided_at)
     select c.id, ${creatorOf('k')}, 'approved',
            now() - interval '45 days' + k * interval '1 second', now() - interval '44 days'
     from ${unnest} cross join lateral generate_series(0, c.people - 1) k`,
    [...arrays, tag, P],
  );

  // 3. The waiting submissions, inspected and passed (a reviewer may decide on them at once),
  // submitted over the last 30 days; the smallest campaign's first one a day older than all.
  const checks = JSON.stringify([
    { name: 'playable', outcome: 'pass', detail: 'Plays: H.264 video, 1080×1920, 30 s' },
  ]);
  const media = JSON.stringify({
    content_type: 'video/mp4',
    size_bytes: 2_400_000,
    width: 1080,
    height: 1920,
    duration_s: 30,
  });
  const submission = (status: 'in_review' | 'approved', count: string) =>
    `insert into submissions (campaign_id, task_id, creator_id, status, media_type, media_url,
                              thumbnail_url, media, checks, submitted_at, reviewed_at, created_at, updated_at)
     select c.id, tk.ids[1 + k % 2], ${creatorOf('k')}, '${status}', 'video',
            $8 || '/samples/' || ($9::text[])[1 + k % 3], $8 || '/samples/thumb-' || (1 + k % 3) || '.svg',
            $10::jsonb, $11::jsonb, sub.at,
            ${status === 'in_review' ? 'null' : "sub.at + interval '1 hour'"}, sub.at, sub.at
     from ${unnest}
     cross join lateral (select array_agg(id order by display_order) as ids from tasks where campaign_id = c.id) tk
     cross join lateral generate_series(0, ${count} - 1) k
     cross join lateral (select case when c.i = $12 and k = 0 and '${status}' = 'in_review'
                                     then now() - interval '31 days'
                                     else now() - random() * interval '30 days' end as at) sub`;
  await query(submission('in_review', 'c.waiting'), [
    ...arrays,
    tag,
    P,
    mediaBase,
    CLIPS,
    media,
    checks,
    smallIndex + 1,
  ]);

  // 4. Approved submissions, each with a live post and its metrics (post_totals by its trigger).
  await query(
    `with s as (${submission('approved', 'c.posts')} returning id, campaign_id, task_id, creator_id)
     insert into posts (submission_id, campaign_id, task_id, creator_id, platform, url, is_story,
                        status, posted_at, views, likes, comments, shares, saves, metrics_updated_at)
     select s.id, s.campaign_id, s.task_id, s.creator_id, (array['tiktok', 'instagram'])[1 + n % 2],
            'https://www.tiktok.com/@' || $6 || '/video/' || s.id, false, 'live',
            now() - interval '20 days' + n * interval '1 minute',
            1000 + n * 7919 % 50000, 100 + n * 31 % 5000, 10 + n % 400, n % 120, n % 90, now()
     from (select s.*, row_number() over () as n from s) s`,
    [...arrays, tag, P, mediaBase, CLIPS, media, checks, -1],
  );

  // 5. The totals the service keeps on each participation, from the rows.
  await query(
    `update campaign_creators cc set
       submitted_count = t.submitted, in_review_count = t.in_review, approved_count = t.approved,
       rejected_count = t.rejected, live_posts = t.live_posts, views = t.views, likes = t.likes,
       comments = t.comments, shares = t.shares, saves = t.saves, updated_at = now()
     from (
       select x.campaign_id, x.creator_id,
              coalesce(s.submitted, 0) as submitted, coalesce(s.in_review, 0) as in_review,
              coalesce(s.approved, 0) as approved, coalesce(s.rejected, 0) as rejected,
              coalesce(p.live_posts, 0) as live_posts, coalesce(p.views, 0) as views,
              coalesce(p.likes, 0) as likes, coalesce(p.comments, 0) as comments,
              coalesce(p.shares, 0) as shares, coalesce(p.saves, 0) as saves
       from campaign_creators x
       join campaigns c on c.id = x.campaign_id and c.brand_id = $1
       left join (
         select campaign_id, creator_id, count(*) as submitted,
                count(*) filter (where status = 'in_review') as in_review,
                count(*) filter (where status = 'approved') as approved,
                count(*) filter (where status = 'rejected') as rejected
         from submissions where brand_id = $1 group by campaign_id, creator_id
       ) s on s.campaign_id = x.campaign_id and s.creator_id = x.creator_id
       left join (
         select p.campaign_id, p.creator_id, count(*) as live_posts, sum(views) as views,
                sum(likes) as likes, sum(comments) as comments, sum(shares) as shares, sum(saves) as saves
         from posts p join campaigns c on c.id = p.campaign_id and c.brand_id = $1
         where p.status = 'live' group by p.campaign_id, p.creator_id
       ) p on p.campaign_id = x.campaign_id and p.creator_id = x.creator_id
     ) t
     where cc.campaign_id = t.campaign_id and cc.creator_id = t.creator_id`,
    [t.brandId],
  );

  // 6. A code group; half its codes assigned to creators of the biggest campaign.
  const biggestIndex = waiting.indexOf(Math.max(...waiting));
  const [group] = await rowsOf<{ id: string }>(
    query,
    `insert into code_groups (brand_id, name, user_description, commission_cents, codes_count)
     values ($1, 'Summer codes', '15% off the summer range', 150, $2) returning id`,
    [t.brandId, size.codes],
  );
  await query(
    `insert into discount_codes (code, group_id, brand_id, user_description, assigned_campaign_id, assigned_creator_id)
     select upper($3) || lpad(g::text, 5, '0'), $1, $2, '15% off the summer range',
            case when g % 2 = 0 then cc.campaign_id end, case when g % 2 = 0 then cc.creator_id end
     from generate_series(1, $4::int) g
     left join lateral (
       select campaign_id, creator_id from campaign_creators where campaign_id = $5
       order by creator_id offset (g / 2) % $6::int limit 1
     ) cc on true`,
    [group!.id, t.brandId, tag, size.codes, ids[biggestIndex], participants[biggestIndex]],
  );
  await query('vacuum analyze');
  return { ids, waiting, posts, smallIndex, biggestIndex };
}

/** What the world holds, from its rows; throws when the queue's running totals disagree. */
async function describe(query: Query, t: Tenancy, built: Awaited<ReturnType<typeof fill>>) {
  const [counts] = await rowsOf<{ rows: number; totals: number; by_campaign: number }>(
    query,
    `select (select count(*)::int from submissions where brand_id = $1 and status = 'in_review') as rows,
            (select in_review::int from submission_queue_brands where brand_id = $1) as totals,
            (select count(*)::int from submission_queue_campaigns q
               where q.brand_id = $1 and q.in_review <> (select count(*) from submissions s
                 where s.campaign_id = q.campaign_id and s.status = 'in_review')) as by_campaign`,
    [t.brandId],
  );
  if (!counts || counts.rows !== counts.totals || counts.by_campaign !== 0)
    throw new Error(
      `the review queue's running totals disagree with the rows: ${JSON.stringify(counts)}`,
    );
  const [oldest] = await rowsOf<{ id: string; campaign_id: string; username: string }>(
    query,
    `select s.id, s.campaign_id, c.username from submissions s join creators c on c.id = s.creator_id
     where s.brand_id = $1 and s.status = 'in_review' order by s.submitted_at, s.id limit 1`,
    [t.brandId],
  );
  const named = async (id: string) =>
    (
      await rowsOf<{ name: string; task: string }>(
        query,
        `select c.name, (select id from tasks where campaign_id = c.id order by display_order limit 1) as task
       from campaigns c where c.id = $1`,
        [id],
      )
    )[0]!;
  const big = built.ids[built.biggestIndex]!;
  const small = built.ids[built.smallIndex]!;
  const [other] = await rowsOf<{ creators: number; codes: number }>(
    query,
    `select (select count(distinct creator_id)::int from campaign_creators cc join campaigns c on c.id = cc.campaign_id where c.brand_id = $1) as creators,
            (select count(*)::int from discount_codes where brand_id = $1) as codes`,
    [t.brandId],
  );
  return {
    waiting: counts.rows,
    biggest: {
      id: big,
      name: (await named(big)).name,
      waiting: built.waiting[built.biggestIndex]!,
    },
    smallest: {
      id: small,
      name: (await named(small)).name,
      waiting: built.waiting[built.smallIndex]!,
      taskId: (await named(small)).task,
    },
    oldest: { id: oldest!.id, campaignId: oldest!.campaign_id, creatorUsername: oldest!.username },
    posts: built.posts.reduce((a, b) => a + b, 0),
    creators: other!.creators,
    codes: other!.codes,
  };
}

/**
 * Builds the agency world on the target's database: tenancy over HTTP, the bulk in SQL (on PGlite
 * with the service stopped meanwhile, as `Target.direct` does). `mediaBase` is where the sample
 * media are served (the service itself when it serves the dashboard).
 */
export async function buildAgencyWorld(
  target: Target,
  size: AgencyWorldSize,
  options: { mediaBase?: string; tag?: string } = {},
): Promise<AgencyWorld> {
  if (size.campaigns < 2) throw new Error('an agency world has at least 2 campaigns');
  if (size.waiting < size.campaigns)
    throw new Error('an agency world has at least one waiting submission per campaign');
  const tag = options.tag ?? 'agency';
  const full: Required<AgencyWorldSize> = {
    creators: Math.max(200, Math.ceil(size.waiting / 10)),
    postsPerCampaign: 5,
    codes: 300,
    ...size,
  };
  const tenancy = await createTenancy(target.service().base, tag);
  const mediaBase = options.mediaBase ?? target.service().base;
  const facts = await target.direct(async (d) => {
    const built = await fill(d.query, tenancy, full, mediaBase, tag);
    return describe(d.query, tenancy, built);
  });
  const { templateId: _template, ...rest } = tenancy;
  return { ...rest, campaigns: full.campaigns, ...facts };
}
