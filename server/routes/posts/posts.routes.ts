import { z } from '@hono/zod-openapi';
import { Uuid } from '#contract/common';
import { CampaignParams } from '#contract/params';
import { Post, PostListQuery, PostPage } from '#contract/posts';
import { apiRoutes, jsonContent } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

const posts = apiRoutes({ tags: ['Posts'], read: 'campaigns:read' });

const PostParams = z.object({ campaign_id: Uuid, post_id: Uuid });

export const listRoute = posts.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/posts',
  operationId: 'listPosts',
  summary: "List a campaign's posts",
  description:
    'Newest posted_at first, then id. Deleted posts are included unless status says otherwise.',
  request: { params: CampaignParams, query: PostListQuery },
  responses: { 200: jsonContent(PostPage, 'A page of posts', examples.postsPage) },
});

export const getRoute = posts.read({
  method: 'get',
  path: '/campaigns/{campaign_id}/posts/{post_id}',
  operationId: 'getPost',
  summary: 'Get a post',
  description: 'A post of the campaign, deleted or not, with its latest metrics.',
  request: { params: PostParams },
  responses: { 200: jsonContent(Post, 'The post', examples.post) },
});
