import type { Db } from '../../db/client.ts';
import { getCampaignRow } from '../../domain/campaigns.ts';
import type { CursorScope } from '../../domain/cursor.ts';
import { getPost, listPosts, postKeyset, toPost } from '../../domain/posts.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerList } from '../../http/paging.ts';
import { listRoute, getRoute } from './posts.routes.ts';

export interface PostRouteDeps {
  db: Db;
  cursorSecret: () => Promise<Uint8Array>;
}

export function postRoutes(deps: PostRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { campaign_id } = c.req.valid('param');
      const q = c.req.valid('query');
      await getCampaignRow(db, campaign_id, getAuth(c).brandIds);
      const scope: CursorScope = {
        list: `posts:${campaign_id}`,
        filters: {
          status: q.status ?? null,
          creator_id: q.creator_id ?? null,
          task_id: q.task_id ?? null,
          platform: q.platform ?? null,
          posted_after: q.posted_after ?? null,
          posted_before: q.posted_before ?? null,
        },
      };
      return c.json(
        await answerList(deps.cursorSecret, q, {
          scope,
          keyset: postKeyset,
          read: (page) =>
            listPosts(db, campaign_id, {
              status: q.status,
              creatorId: q.creator_id,
              taskId: q.task_id,
              platform: q.platform,
              postedAfter: q.posted_after,
              postedBefore: q.posted_before,
              ...page,
            }),
          show: toPost,
        }),
        200,
      );
    })
    .openapi(getRoute, async (c) => {
      const { campaign_id, post_id } = c.req.valid('param');
      return c.json(await getPost(db, campaign_id, post_id, getAuth(c).brandIds), 200);
    });
}
