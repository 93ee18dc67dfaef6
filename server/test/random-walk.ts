import type { TaskCreate } from '#contract/tasks';
import { PostPage, type EngagementMetrics, type Post } from '#contract/posts';
import { SubmissionPage } from '#contract/submissions';
import { apply, newCreator } from './activity.ts';
import { campaignIn, expectStatus } from './campaigns.ts';
import type { TestContext } from './harness.ts';

// Support of the random-walk tests (creator totals, metrics): a seeded generator, so a failing
// walk replays from its seed, and reads of whole lists to compare running totals with.

export const METRICS = ['views', 'likes', 'comments', 'shares', 'saves'] as const;

/** Each engagement figure summed over `posts`. */
export const sumMetrics = (posts: readonly Post[]): EngagementMetrics =>
  Object.fromEntries(
    METRICS.map((m) => [m, posts.reduce((n, p) => n + p.metrics[m], 0)]),
  ) as EngagementMetrics;

/** A seeded random number in [0, 1) (mulberry32), and a random element of a list. */
function seededRandom(seed: number) {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(random() * xs.length)];
  return { random, pick };
}

/** Every item of a list under /2026-07, following next_cursor in pages of 100. */
export async function allPages<T>(
  ctx: TestContext,
  key: string,
  path: string,
  parse: (x: unknown) => { data: T[]; next_cursor: string | null },
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await ctx.request(
      'GET',
      `/2026-07${path}${sep}limit=100${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    const page = parse(expectStatus(res, 200));
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

/**
 * The start of a walk from `seed`: an active campaign requiring approval, `applicants` new
 * creators applied to it, the first `approved` of them approved; `buyer` calls the campaign's
 * routes with `key`, and `state` reads what a step chooses its next move from.
 */
export async function startWalk(
  ctx: TestContext,
  key: string,
  seed: number,
  { tasks, applicants, approved }: { tasks: TaskCreate[]; applicants: number; approved: number },
) {
  const { random, pick } = seededRandom(seed);
  const campaign = await campaignIn(ctx, key, 'active', {
    settings: { creator_approval_required: true },
    tasks,
  });
  const creators: string[] = [];
  for (let i = 0; i < applicants; i++) {
    const c = await newCreator(ctx);
    await apply(ctx, campaign.id, c.id);
    creators.push(c.id);
  }
  const buyer = (method: string, path: string, body?: unknown) =>
    ctx.request(method, `/2026-07/campaigns/${campaign.id}${path}`, {
      key,
      ...(body ? { body } : {}),
    });
  for (const creatorId of creators.slice(0, approved))
    expectStatus(await buyer('POST', `/creators/${creatorId}/approve`), 200);
  /** The campaign's submissions and live posts. */
  const state = async () => {
    const subs = await allPages(ctx, key, `/campaigns/${campaign.id}/submissions`, (x) =>
      SubmissionPage.parse(x),
    );
    const livePosts = await allPages(ctx, key, `/campaigns/${campaign.id}/posts?status=live`, (x) =>
      PostPage.parse(x),
    );
    const of = (status: string) => subs.filter((s) => s.status === status);
    return { subs, livePosts, of };
  };
  return { random, pick, campaign, creators, buyer, state };
}
