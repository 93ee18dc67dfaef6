import { getPost, postList } from '../../domain/posts.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { answerCampaignList, type ListRouteDeps } from '../../http/paging.ts';
import { listRoute, getRoute } from './posts.routes.ts';

export function postRoutes(deps: ListRouteDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await answerCampaignList(c, deps, postList), 200))
    .openapi(getRoute, async (c) => {
      const { campaign_id, post_id } = c.req.valid('param');
      return c.json(await getPost(db, campaign_id, post_id, getAuth(c).brandIds), 200);
    });
}
