import { createRoute, z } from '@hono/zod-openapi';
import { Uuid } from '#contract/common';
import { CampaignParams } from '#contract/params';
import { Post, PostListQuery, PostPage } from '#contract/posts';
import { errorResponses, jsonContent, withScope } from '../../http/openapi.ts';

const tags = ['Posts'];
const read = withScope('campaigns:read');

const PostParams = z.object({ campaign_id: Uuid, post_id: Uuid });

export const listRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/posts',
  operationId: 'listPosts',
  tags,
  summary: "List a campaign's posts",
  description:
    'Newest posted_at first, then id. Deleted posts are included unless status says otherwise.',
  ...read,
  request: { params: CampaignParams, query: PostListQuery },
  responses: {
    200: jsonContent(PostPage, 'A page of posts'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const getRoute = createRoute({
  method: 'get',
  path: '/campaigns/{campaign_id}/posts/{post_id}',
  operationId: 'getPost',
  tags,
  summary: 'Get a post',
  description: 'A post of the campaign, deleted or not, with its latest metrics.',
  ...read,
  request: { params: PostParams },
  responses: { 200: jsonContent(Post, 'The post'), ...errorResponses(400, 401, 403, 404, 429) },
});
