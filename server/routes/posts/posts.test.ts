import { beforeAll, describe, expect, it } from 'vitest';
import { Post, PostPage } from '#contract/posts';
import { activeWorld, post, submit } from '../../test/activity.ts';
import { expectError, expectStatus, ops, task } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand } = await brandWorld();
const other = await ctx.ops.brandWithKey();
let campaignId: string;
let posts: Post[];
let creatorIds: string[];
let taskIds: string[];

beforeAll(async () => {
  const world = await activeWorld(ctx, brand.key.key, 2, {
    tasks: [
      task({ title: 'TikTok', platforms: ['tiktok'] }),
      task({ title: 'Both', platforms: ['tiktok', 'instagram'] }),
    ],
  });
  campaignId = world.campaign.id;
  creatorIds = world.creators.map((c) => c.id);
  taskIds = world.campaign.tasks!.map((t) => t.id);
  posts = [];
  // Posted on days 1..6 of July: creator i%2, task and platform varying.
  for (let i = 0; i < 6; i++) {
    const taskId = taskIds[i % 3 === 0 ? 0 : 1]!;
    const s = await submit(ctx, campaignId, creatorIds[i % 2]!, taskId);
    expectStatus(
      await ctx.request('POST', `/2026-07/campaigns/${campaignId}/submissions/${s.id}/approve`, {
        key: brand.key.key,
      }),
      200,
    );
    posts.push(
      await post(ctx, s.id, {
        platform: i === 2 || i === 4 ? 'instagram' : 'tiktok',
        posted_at: `2026-07-0${i + 1}T12:00:00Z`,
      }),
    );
  }
  expectStatus(await ops(ctx, 'POST', `/ops/posts/${posts[1]!.id}/take-down`), 200);
});

const list = async (query = '') =>
  PostPage.parse(
    expectStatus(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/posts${query}`, {
        key: brand.key.key,
      }),
      200,
    ),
  );
const ids = (page: { data: Post[] }) => page.data.map((p) => p.id);
const newestFirst = (filter: (p: Post, i: number) => boolean) =>
  posts
    .filter(filter)
    .map((p) => p.id)
    .reverse();

describe('GET /campaigns/{id}/posts', () => {
  it('lists newest posted first, deleted posts included by default', async () => {
    const page = await list();
    expect(ids(page)).toEqual(newestFirst(() => true));
    expect(page.data.find((p) => p.id === posts[1]!.id)!.status).toBe('deleted');
  });

  it('filters by status, creator, task and platform', async () => {
    expect(ids(await list('?status=deleted'))).toEqual([posts[1]!.id]);
    expect(ids(await list('?status=live'))).toEqual(newestFirst((_, i) => i !== 1));
    expect(ids(await list(`?creator_id=${creatorIds[0]}`))).toEqual(
      newestFirst((_, i) => i % 2 === 0),
    );
    expect(ids(await list(`?task_id=${taskIds[0]}`))).toEqual(newestFirst((_, i) => i % 3 === 0));
    expect(ids(await list('?platform=instagram'))).toEqual(
      newestFirst((_, i) => i === 2 || i === 4),
    );
    expect(ids(await list(`?platform=instagram&creator_id=${creatorIds[0]}`))).toEqual(
      newestFirst((_, i) => i === 2 || i === 4),
    );
  });

  it('filters by posted_after (inclusive) and posted_before (exclusive)', async () => {
    expect(ids(await list('?posted_after=2026-07-03T12:00:00Z'))).toEqual(
      newestFirst((_, i) => i >= 2),
    );
    expect(ids(await list('?posted_before=2026-07-03T12:00:00Z'))).toEqual(
      newestFirst((_, i) => i < 2),
    );
    expect(
      ids(
        await list('?posted_after=2026-07-02T00:00:00Z&posted_before=2026-07-04T00:00:00%2B00:00'),
      ),
    ).toEqual(newestFirst((_, i) => i === 1 || i === 2));
    expect(
      (
        await ctx.request('GET', `/2026-07/campaigns/${campaignId}/posts?posted_after=yesterday`, {
          key: brand.key.key,
        })
      ).status,
    ).toBe(400);
  });

  it('pages with a cursor bound to its filters', async () => {
    const seen: string[] = [];
    let page = await list('?limit=4&status=live');
    seen.push(...ids(page));
    expect(page.has_more).toBe(true);
    const cursor = page.next_cursor!;
    page = await list(`?limit=4&status=live&starting_after=${encodeURIComponent(cursor)}`);
    seen.push(...ids(page));
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    expect(seen).toEqual(newestFirst((_, i) => i !== 1));
    expectError(
      await ctx.request(
        'GET',
        `/2026-07/campaigns/${campaignId}/posts?limit=4&starting_after=${encodeURIComponent(cursor)}`,
        { key: brand.key.key },
      ),
      400,
      'invalid_request',
      'starting_after',
    );
  });

  it('shows metrics and metrics_updated_at', async () => {
    const metrics = { views: 10, likes: 3, comments: 2, shares: 1, saves: 0 };
    expectStatus(await ops(ctx, 'PATCH', `/ops/posts/${posts[5]!.id}/metrics`, metrics), 200);
    const p = (await list()).data[0]!;
    expect(p.id).toBe(posts[5]!.id);
    expect(p.metrics).toEqual(metrics);
    expect(p.metrics_updated_at >= posts[5]!.metrics_updated_at).toBe(true);
    const one = Post.parse(
      expectStatus(
        await ctx.request('GET', `/2026-07/campaigns/${campaignId}/posts/${p.id}`, {
          key: brand.key.key,
        }),
        200,
      ),
    );
    expect(one).toEqual(p);
  });

  it('answers 404 for another brand', async () => {
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/posts`, { key: other.key.key }),
      404,
      'not_found',
    );
    expectError(
      await ctx.request('GET', `/2026-07/campaigns/${campaignId}/posts/${posts[0]!.id}`, {
        key: other.key.key,
      }),
      404,
      'not_found',
    );
  });
});
