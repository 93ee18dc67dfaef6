import { todayUtc } from '#contract/campaign-rules';
import { PostPage, type Post } from '#contract/posts';
import { api } from '#lib/api-client';
import { fileSlug } from '#lib/csv';
import type { CsvExportJob } from '#lib/csv-export';
import { postQuery, type PostFilters } from './post-filters';

export const POSTS_CSV_HEADER = [
  'post_id',
  'creator_id',
  'creator_username',
  'task_id',
  'task',
  'platform',
  'is_story',
  'status',
  'posted_at',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'metrics_updated_at',
  'url',
] as const;

/** One post as a CSV row, in the order of `POSTS_CSV_HEADER`; times stay ISO 8601 (UTC). */
export function postCsvRow(post: Post, taskTitles: ReadonlyMap<string, string>) {
  return [
    post.id,
    post.creator_id,
    post.creator_username,
    post.task_id,
    taskTitles.get(post.task_id) ?? '',
    post.platform,
    post.is_story,
    post.status,
    post.posted_at,
    post.metrics.views,
    post.metrics.likes,
    post.metrics.comments,
    post.metrics.shares,
    post.metrics.saves,
    post.metrics_updated_at,
    post.url,
  ];
}

/** Every post of the campaign that the screen's filters select, 100 a page. */
export function postsExportJob(
  campaign: { id: string; name: string },
  filters: PostFilters,
  tasks: readonly { id: string; title: string }[],
): CsvExportJob<Post> {
  const taskTitles = new Map(tasks.map((t) => [t.id, t.title]));
  const today = todayUtc();
  return {
    filename: `posts-${fileSlug(campaign.name)}-${today}.csv`,
    header: POSTS_CSV_HEADER,
    fetchPage: (cursor, signal) =>
      api.GET('/campaigns/{campaign_id}/posts', PostPage, {
        params: {
          path: { campaign_id: campaign.id },
          query: { ...postQuery(filters), limit: 100, starting_after: cursor ?? undefined },
        },
        signal,
      }),
    toRow: (post) => postCsvRow(post, taskTitles),
  };
}
