import { z } from 'zod';
import { CreatorId, DateTime, HttpUrl, Uuid, pageOf, listQuery } from './common.ts';
import { Platform, PostStatus } from './enums.ts';

const Count = z.number().int().min(0);

/** Engagement counts of a post, or totals across posts. */
export const EngagementMetrics = z
  .object({ views: Count, likes: Count, comments: Count, shares: Count, saves: Count })
  .meta({
    id: 'EngagementMetrics',
    description:
      'Engagement counts of a post, or totals across posts: views, likes, comments, shares and saves.',
  });
export type EngagementMetrics = z.infer<typeof EngagementMetrics>;

/** Metrics of nothing yet: every count 0. */
export const ZERO_METRICS: Readonly<EngagementMetrics> = {
  views: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  saves: 0,
};

/** Published content. */
export const Post = z
  .object({
    id: Uuid,
    creator_id: z.string(),
    creator_username: z.string(),
    task_id: Uuid,
    submission_id: Uuid,
    platform: Platform,
    url: HttpUrl,
    is_story: z.boolean(),
    status: PostStatus,
    posted_at: DateTime,
    metrics: EngagementMetrics,
    metrics_updated_at: DateTime,
  })
  .meta({
    id: 'Post',
    description:
      'Approved content published on a platform, with its engagement metrics as last reported.',
  });
export type Post = z.infer<typeof Post>;

/** `GET /campaigns/{id}/posts`, newest `posted_at` first. */
export const PostListQuery = listQuery({
  status: PostStatus.optional().meta({
    description: 'default: all posts, deleted ones included',
  }),
  creator_id: CreatorId.optional(),
  task_id: Uuid.optional(),
  platform: Platform.optional(),
  posted_after: DateTime.optional().meta({ description: 'published at or after this time' }),
  posted_before: DateTime.optional().meta({ description: 'published before this time' }),
});
export type PostListQuery = z.infer<typeof PostListQuery>;

export const PostPage = pageOf(Post).meta({
  id: 'PostPage',
  description:
    'A page of posts, newest posted_at first, in the page envelope {data, has_more, next_cursor}.',
});
export type PostPage = z.infer<typeof PostPage>;
