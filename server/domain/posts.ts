import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { OpsMetricsUpdate, OpsPostCreate } from '#contract/ops';
import type { Platform } from '#contract/enums';
import type { Post, PostListQuery } from '#contract/posts';
import type { Db, Tx } from '../db/client.ts';
import { creators, posts, submissions, tasks } from '../db/schema.ts';
import { invalidTransition, notFound, validationFailed } from '../errors.ts';
import { getCampaignRow } from './campaigns.ts';
import { bumpTotals } from './creators.ts';
import { campaignItemList, cursorFilters, timeThenId, type ListFilter } from './paging.ts';
import { isoTimestamp } from './sql.ts';
import { lockSubmission } from './submissions.ts';
import type { BrandScope } from './brand-scope.ts';

// Posts: published content of approved submissions, its engagement metrics (running totals that
// never go down) and take-downs. Each change moves the creator's totals in the same transaction.

const METRICS = ['views', 'likes', 'comments', 'shares', 'saves'] as const;

const postSelection = {
  id: posts.id,
  campaignId: posts.campaignId,
  creatorId: posts.creatorId,
  username: creators.username,
  taskId: posts.taskId,
  submissionId: posts.submissionId,
  platform: posts.platform,
  url: posts.url,
  isStory: posts.isStory,
  status: posts.status,
  postedAt: isoTimestamp(posts.postedAt),
  views: posts.views,
  likes: posts.likes,
  comments: posts.comments,
  shares: posts.shares,
  saves: posts.saves,
  metricsUpdatedAt: isoTimestamp(posts.metricsUpdatedAt),
};

type PostRow = Awaited<ReturnType<typeof postQuery>>[number];

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    creator_id: row.creatorId,
    creator_username: row.username,
    task_id: row.taskId,
    submission_id: row.submissionId,
    platform: row.platform as Platform,
    url: row.url,
    is_story: row.isStory,
    status: row.status,
    posted_at: row.postedAt,
    metrics: {
      views: Number(row.views),
      likes: Number(row.likes),
      comments: Number(row.comments),
      shares: Number(row.shares),
      saves: Number(row.saves),
    },
    metrics_updated_at: row.metricsUpdatedAt,
  };
}

const postQuery = (db: Db, where: SQL | undefined) =>
  db
    .select(postSelection)
    .from(posts)
    .innerJoin(creators, eq(creators.id, posts.creatorId))
    .where(where);

async function postRow(db: Db, id: string) {
  const [row] = await postQuery(db, eq(posts.id, id));
  if (!row) throw notFound('Post');
  return row;
}

/** GET …/posts's filters; after: (posted_at, id) of the previous page's last row. */
export type PostListFilter = ListFilter<PostListQuery, { postedAt: string; id: string }>;

/** Newest posted_at first, then id (descending). */
export const postKeyset = timeThenId('postedAt', 'id');

/**
 * GET /campaigns/{campaign_id}/posts: posts in postKeyset order; deleted posts included unless
 * status says. `nulls last` matches posts_campaign_posted_idx (the columns are not null, but the
 * planner only uses an index whose null order is the query's): without it every page read and
 * sorted every post.
 */
export const postList = campaignItemList({
  scope: (campaignId, q: PostListQuery) => ({
    list: `posts:${campaignId}`,
    filters: cursorFilters(q, [
      'status',
      'creator_id',
      'task_id',
      'platform',
      'posted_after',
      'posted_before',
    ]),
  }),
  keyset: postKeyset,
  select: postQuery,
  campaignId: posts.campaignId,
  filters: (filter: PostListFilter) => [
    filter.status ? eq(posts.status, filter.status) : undefined,
    filter.creator_id ? eq(posts.creatorId, filter.creator_id) : undefined,
    filter.task_id ? eq(posts.taskId, filter.task_id) : undefined,
    filter.platform ? eq(posts.platform, filter.platform) : undefined,
    filter.posted_after ? gte(posts.postedAt, sql`${filter.posted_after}::timestamptz`) : undefined,
    filter.posted_before
      ? lt(posts.postedAt, sql`${filter.posted_before}::timestamptz`)
      : undefined,
  ],
  startAfter: (after) =>
    sql`(${posts.postedAt}, ${posts.id}) < (${after.postedAt}::timestamptz, ${after.id}::uuid)`,
  order: [sql`${posts.postedAt} desc nulls last, ${posts.id} desc nulls last`],
  show: toPost,
});

export async function getPost(
  db: Db,
  campaignId: string,
  id: string,
  scope: BrandScope,
): Promise<Post> {
  await getCampaignRow(db, campaignId, scope);
  const row = await postRow(db, id);
  if (row.campaignId !== campaignId) throw notFound('Post');
  return toPost(row);
}

/** POST /ops/submissions/{id}/post: only an approved submission, once; on one of its task's platforms. */
export async function createPost(tx: Tx, submissionId: string, body: OpsPostCreate): Promise<Post> {
  const submission = await lockSubmission(tx, submissionId);
  if (submission.status !== 'approved') {
    throw invalidTransition(
      'status',
      `the submission is ${submission.status}; only approved content can be posted`,
    );
  }
  const [existing] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.submissionId, submissionId));
  if (existing) {
    throw invalidTransition('status', `the submission is already posted (post ${existing.id})`);
  }
  const [task] = await tx
    .select({ platforms: tasks.platforms })
    .from(tasks)
    .where(eq(tasks.id, submission.taskId));
  if (task && !task.platforms.includes(body.platform)) {
    throw validationFailed('platform', `the task is for ${task.platforms.join(', ')}`);
  }
  const [row] = await tx
    .insert(posts)
    .values({
      submissionId,
      campaignId: submission.campaignId,
      taskId: submission.taskId,
      creatorId: submission.creatorId,
      platform: body.platform,
      url: body.url,
      isStory: body.is_story ?? false,
      ...(body.posted_at ? { postedAt: sql`${body.posted_at}::timestamptz` } : {}),
    })
    .returning({ id: posts.id });
  if (!row) throw new Error('insert into posts returned no row');
  await bumpTotals(tx, submission.campaignId, submission.creatorId, { livePosts: 1 });
  return toPost(await postRow(tx, row.id));
}

async function lockPost(tx: Tx, id: string) {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  if (!row) throw notFound('Post');
  return row;
}

/** PATCH /ops/posts/{id}/metrics: new totals, none lower than stored (422 naming it). */
export async function updateMetrics(tx: Tx, id: string, body: OpsMetricsUpdate): Promise<Post> {
  const current = await lockPost(tx, id);
  if (current.status !== 'live') {
    throw invalidTransition('status', 'the post is deleted; its metrics are final');
  }
  for (const m of METRICS) {
    if (body[m] < current[m]) {
      throw validationFailed(
        m,
        `${body[m]} is lower than the stored total ${current[m]}; totals never go down`,
      );
    }
  }
  await tx
    .update(posts)
    .set({ ...body, metricsUpdatedAt: sql`now()` })
    .where(eq(posts.id, id));
  await bumpTotals(
    tx,
    current.campaignId,
    current.creatorId,
    Object.fromEntries(METRICS.map((m) => [m, body[m] - current[m]])),
  );
  return toPost(await postRow(tx, id));
}

/** POST /ops/posts/{id}/take-down: live -> deleted; an approved submission becomes post_deleted. */
export async function takeDownPost(tx: Tx, id: string): Promise<Post> {
  const current = await lockPost(tx, id);
  if (current.status !== 'live') {
    throw invalidTransition('status', 'the post is already deleted');
  }
  await tx.update(posts).set({ status: 'deleted' }).where(eq(posts.id, id));
  const moved = await tx
    .update(submissions)
    .set({ status: 'post_deleted', updatedAt: sql`now()` })
    .where(and(eq(submissions.id, current.submissionId), eq(submissions.status, 'approved')))
    .returning({ id: submissions.id });
  await bumpTotals(tx, current.campaignId, current.creatorId, {
    livePosts: -1,
    approvedCount: moved.length > 0 ? -1 : 0,
  });
  return toPost(await postRow(tx, id));
}
