import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '#contract/campaigns';
import type { OpsCreator } from '#contract/ops';
import {
  QueueCounts,
  QueuedSubmissionPage,
  Submission,
  type QueuedSubmission,
} from '#contract/submissions';
import { queryRows, type Db } from '../../db/client.ts';
import { queueCounts, queuePageQuery, type QueueFilter } from '../../domain/queue.ts';
import { approvedCreator, submit } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { fileContext, type AgencyWithKey, type BrandWithKey } from '../../test/harness.ts';
import { allPages } from '../../test/random-walk.ts';

// GET /submissions and GET /submissions/counts (docs/api.md#review-queue): the queue of every
// campaign a key acts for, its filters, tenancy and pages; counts equal to a naive count after
// random changes; and a page or a count reads the same rows however large the world.

const ctx = await fileContext();
let agency: AgencyWithKey;
let brandKey: BrandWithKey['key'];
let other: BrandWithKey;

interface World {
  signOff: Campaign;
  plain: Campaign;
  secondBrand: Campaign;
  otherBrand: Campaign;
  creators: OpsCreator[];
}
let world: World;

const call = (key: string, path: string) => ctx.request('GET', `/2026-07${path}`, { key });
const list = (key: string, query = '') =>
  allPages(ctx, key, `/submissions${query ? `?${query}` : ''}`, (x) =>
    QueuedSubmissionPage.parse(x),
  );
const counts = async (key: string, query = '') =>
  QueueCounts.parse(expectStatus(await call(key, `/submissions/counts?${query}`), 200));

const decide = (key: string, s: { campaign_id: string; id: string }, action: string) =>
  ctx.request('POST', `/2026-07/campaigns/${s.campaign_id}/submissions/${s.id}/${action}`, {
    key,
  });

beforeAll(async () => {
  agency = await ctx.ops.agencyWithKey(2);
  brandKey = await ctx.ops.createKey({ kind: 'brand', brand_id: agency.brands[0]!.id });
  other = await ctx.ops.brandWithKey();
  const [a, b] = agency.brands;
  const signOff = await campaignIn(ctx, agency.key.key, 'active', {
    brand_id: a!.id,
    settings: { brand_approval_required: true },
  });
  const plain = await campaignIn(ctx, agency.key.key, 'active', { brand_id: a!.id });
  const secondBrand = await campaignIn(ctx, agency.key.key, 'active', { brand_id: b!.id });
  const otherBrand = await campaignIn(ctx, other.key.key, 'active');
  const creators: OpsCreator[] = [];
  for (let i = 0; i < 2; i++) creators.push(await approvedCreator(ctx, signOff, agency.key.key));
  for (const c of [plain, secondBrand]) {
    for (const creator of creators) {
      expectStatus(
        await ops(ctx, 'POST', `/ops/campaigns/${c.id}/applications`, { creator_id: creator.id }),
        201,
      );
    }
  }
  // Approve applications that wait (campaigns requiring approval).
  for (const c of [plain, secondBrand]) {
    for (const creator of creators) {
      await ctx.request('POST', `/2026-07/campaigns/${c.id}/creators/${creator.id}/approve`, {
        key: agency.key.key,
      });
    }
  }
  const otherCreator = await approvedCreator(ctx, otherBrand, other.key.key);
  world = { signOff, plain, secondBrand, otherBrand, creators };
  // Two submissions per creator and campaign, then a mix of states.
  const made: Submission[] = [];
  for (const c of [signOff, plain, secondBrand]) {
    for (const creator of creators) {
      for (let i = 0; i < 2; i++) made.push(await submit(ctx, c.id, creator.id, c.tasks![0]!.id));
    }
  }
  await submit(ctx, otherBrand.id, otherCreator.id, otherBrand.tasks![0]!.id);
  const withCampaign = (s: Submission, c: Campaign) => ({ campaign_id: c.id, id: s.id });
  // signOff: one waiting for the brand, one approved by the brand.
  expectStatus(await decide(agency.key.key, withCampaign(made[0]!, signOff), 'approve'), 200);
  expectStatus(await decide(brandKey.key, withCampaign(made[1]!, signOff), 'approve'), 200);
  // plain: one rejected, one failed.
  expectStatus(await decide(agency.key.key, withCampaign(made[4]!, plain), 'reject'), 200);
  expectStatus(
    await ops(ctx, 'POST', `/ops/submissions/${made[5]!.id}/fail`, { reason: 'unplayable' }),
    200,
  );
});

describe('GET /submissions', () => {
  it("lists every campaign's submissions of the key's brands, oldest first, naming campaign and brand", async () => {
    const all = await list(agency.key.key);
    expect(all).toHaveLength(12);
    const order = [...all].sort(
      (a, b) => a.submitted_at!.localeCompare(b.submitted_at!) || a.id.localeCompare(b.id),
    );
    expect(all.map((s) => s.id)).toEqual(order.map((s) => s.id));
    const names = new Map(
      [world.signOff, world.plain, world.secondBrand].map((c) => [c.id, c] as const),
    );
    for (const s of all) {
      const campaign = names.get(s.campaign_id)!;
      expect(s.campaign_name).toBe(campaign.name);
      expect(s.brand_id).toBe(campaign.brand_id);
    }
    // The same submission as the campaign's own list shows it.
    const one = all[0]!;
    const single = Submission.parse(
      expectStatus(
        await call(agency.key.key, `/campaigns/${one.campaign_id}/submissions/${one.id}`),
        200,
      ),
    );
    expect(one).toEqual({
      ...single,
      campaign_id: one.campaign_id,
      campaign_name: one.campaign_name,
      brand_id: one.brand_id,
    });
  });

  it("never shows another brand's submissions: a brand key sees its brand, an agency narrows with brand_id", async () => {
    const mine = await list(brandKey.key);
    expect(new Set(mine.map((s) => s.brand_id))).toEqual(new Set([agency.brands[0]!.id]));
    expect(mine).toHaveLength(8);
    const theirs = await list(other.key.key);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.campaign_id).toBe(world.otherBrand.id);
    const second = await list(agency.key.key, `brand_id=${agency.brands[1]!.id}`);
    expect(second.map((s) => s.campaign_id)).toEqual(
      Array(4).fill(world.secondBrand.id) as string[],
    );
    // Another brand's campaign named in campaign_id: nothing, not its submissions.
    expect(await list(agency.key.key, `campaign_id=${world.otherBrand.id}`)).toEqual([]);
    expect(await list(brandKey.key, `campaign_id=${world.secondBrand.id}`)).toEqual([]);
  });

  it('answers 403 brand_not_managed for a brand the key does not act for', async () => {
    for (const key of [agency.key.key, brandKey.key]) {
      for (const path of ['/submissions', '/submissions/counts']) {
        expectError(
          await call(key, `${path}?brand_id=${other.brand.id}`),
          403,
          'brand_not_managed',
          'brand_id',
        );
      }
    }
    expectError(
      await call(brandKey.key, `/submissions?brand_id=${agency.brands[1]!.id}`),
      403,
      'brand_not_managed',
    );
  });

  it('applies every filter as the naive filter of the whole list would', async () => {
    const all = await list(agency.key.key);
    const [c0, c1] = world.creators;
    const middle = [...all].sort((a, b) => a.submitted_at!.localeCompare(b.submitted_at!))[5]!
      .submitted_at!;
    const cases: [string, (s: QueuedSubmission) => boolean][] = [
      ['status=in_review', (s) => s.status === 'in_review'],
      ['status=failed&status=rejected', (s) => s.status === 'failed' || s.status === 'rejected'],
      ['awaiting=brand', (s) => s.status === 'in_review' && s.awaiting === 'brand'],
      ['awaiting=agency', (s) => s.status === 'in_review' && s.awaiting === 'agency'],
      ['awaiting=agency&status=approved', () => false],
      ['awaiting=none', (s) => s.status === 'in_review' && s.awaiting === null],
      ['awaiting=agency&awaiting=none', (s) => s.status === 'in_review' && s.awaiting !== 'brand'],
      [
        'awaiting=brand&awaiting=none&status=in_review&status=failed',
        (s) => s.status === 'in_review' && s.awaiting !== 'agency',
      ],
      [`campaign_id=${world.plain.id}`, (s) => s.campaign_id === world.plain.id],
      [
        `campaign_id=${world.plain.id}&campaign_id=${world.secondBrand.id}&status=in_review`,
        (s) =>
          (s.campaign_id === world.plain.id || s.campaign_id === world.secondBrand.id) &&
          s.status === 'in_review',
      ],
      [`task_id=${world.signOff.tasks![0]!.id}`, (s) => s.campaign_id === world.signOff.id],
      [
        `task_id=${world.signOff.tasks![0]!.id}&awaiting=agency`,
        (s) => s.campaign_id === world.signOff.id && s.awaiting === 'agency',
      ],
      [`creator_id=${c0!.id}`, (s) => s.creator_id === c0!.id],
      [
        `creator_id=${c1!.id}&status=in_review&brand_id=${agency.brands[1]!.id}`,
        (s) =>
          s.creator_id === c1!.id &&
          s.status === 'in_review' &&
          s.brand_id === agency.brands[1]!.id,
      ],
      [
        `submitted_after=${encodeURIComponent(middle)}`,
        (s) => s.submitted_at!.localeCompare(middle) >= 0,
      ],
      [
        `submitted_before=${encodeURIComponent(middle)}&status=in_review`,
        (s) => s.submitted_at!.localeCompare(middle) < 0 && s.status === 'in_review',
      ],
    ];
    // Each whose-turn value matches something here, so its case can fail.
    for (const turn of ['agency', 'brand', null])
      expect(
        all.some((s) => s.status === 'in_review' && s.awaiting === turn),
        String(turn),
      ).toBe(true);
    for (const [query, keep] of cases) {
      const expected = all.filter(keep).map((s) => s.id);
      expect(
        (await list(agency.key.key, query)).map((s) => s.id),
        query,
      ).toEqual(expected);
      const c = await counts(agency.key.key, query);
      expect(c, query).toEqual(naiveCounts(all.filter(keep)));
    }
  });

  it('pages in order with cursors bound to the filters', async () => {
    const all = await list(agency.key.key);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        agency.key.key,
        `/submissions?limit=5${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`,
      );
      const page = QueuedSubmissionPage.parse(expectStatus(res, 200));
      expect(page.data.length).toBeLessThanOrEqual(5);
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(all.map((s) => s.id));
    const first = QueuedSubmissionPage.parse(
      expectStatus(await call(agency.key.key, '/submissions?limit=2'), 200),
    );
    expectError(
      await call(
        agency.key.key,
        `/submissions?limit=2&status=failed&starting_after=${encodeURIComponent(first.next_cursor!)}`,
      ),
      400,
      'invalid_request',
    );
  });

  it('takes any creator_id as text (quotes, commas, braces): nothing matches, nothing breaks', async () => {
    const odd = encodeURIComponent('cr_"a,b}\\{c');
    expect(await list(agency.key.key, `creator_id=${odd}`)).toEqual([]);
    expect((await counts(agency.key.key, `creator_id=${odd}`)).in_review).toBe(0);
  });

  it('answers 403 missing_scope without campaigns:read', async () => {
    const key = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: agency.brands[0]!.id,
      scopes: ['submissions:write'],
    });
    expectError(await call(key.key, '/submissions'), 403, 'missing_scope');
    expectError(await call(key.key, '/submissions/counts'), 403, 'missing_scope');
  });
});

/** The counts of `subs` (the submissions a filter keeps), counted one by one. */
function naiveCounts(subs: readonly QueuedSubmission[]): QueueCounts {
  const waiting = subs.filter((s) => s.status === 'in_review' || s.status === 'failed');
  const byCampaign = new Map<string, { campaign_id: string; in_review: number; failed: number }>();
  for (const s of waiting) {
    const row = byCampaign.get(s.campaign_id) ?? {
      campaign_id: s.campaign_id,
      in_review: 0,
      failed: 0,
    };
    if (s.status === 'in_review') row.in_review++;
    else row.failed++;
    byCampaign.set(s.campaign_id, row);
  }
  return {
    in_review: waiting.filter((s) => s.status === 'in_review').length,
    awaiting_agency: waiting.filter((s) => s.status === 'in_review' && s.awaiting === 'agency')
      .length,
    awaiting_brand: waiting.filter((s) => s.status === 'in_review' && s.awaiting === 'brand')
      .length,
    failed: waiting.filter((s) => s.status === 'failed').length,
    by_campaign: [...byCampaign.values()].sort((a, b) =>
      a.campaign_id < b.campaign_id ? -1 : a.campaign_id > b.campaign_id ? 1 : 0,
    ),
    by_campaign_has_more: false,
  };
}

describe('GET /submissions/counts', () => {
  it('equals a naive count of the whole list after random submissions, decisions, revisions and failures', async () => {
    const campaigns = [world.signOff, world.plain, world.secondBrand];
    const step = fc.record({
      action: fc.constantFrom('submit', 'approve', 'approve', 'reject', 'revise', 'fail'),
      campaign: fc.nat(campaigns.length - 1),
      creator: fc.nat(world.creators.length - 1),
      pick: fc.nat(1000),
      asBrand: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const campaign = campaigns[s.campaign]!;
          const all = await list(agency.key.key, `campaign_id=${campaign.id}`);
          const key =
            s.asBrand && campaign.brand_id === agency.brands[0]!.id ? brandKey.key : agency.key.key;
          if (s.action === 'submit') {
            const creator = world.creators[s.creator]!;
            await ops(ctx, 'POST', `/ops/campaigns/${campaign.id}/submissions`, {
              creator_id: creator.id,
              task_id: campaign.tasks![0]!.id,
              media_type: 'video',
              media_url: 'https://cdn.example.com/clip.mp4',
            });
            continue;
          }
          const want = {
            approve: 'in_review',
            reject: 'in_review',
            revise: 'rejected',
            fail: 'approved',
          }[s.action];
          const candidates = all.filter((x) => x.status === want);
          const target = candidates[s.pick % Math.max(1, candidates.length)];
          if (!target) continue;
          if (s.action === 'approve' || s.action === 'reject') await decide(key, target, s.action);
          else if (s.action === 'revise') {
            await ops(ctx, 'POST', `/ops/submissions/${target.id}/revise`, {
              media_url: 'https://cdn.example.com/clip2.mp4',
            });
          } else {
            await ops(ctx, 'POST', `/ops/submissions/${target.id}/fail`, { reason: 'gone' });
          }
        }
        const all = await list(agency.key.key);
        expect(await counts(agency.key.key)).toEqual(naiveCounts(all));
        expect(await counts(brandKey.key)).toEqual(
          naiveCounts(all.filter((s) => s.brand_id === agency.brands[0]!.id)),
        );
        expect(await counts(agency.key.key, 'awaiting=brand')).toEqual(
          naiveCounts(all.filter((s) => s.status === 'in_review' && s.awaiting === 'brand')),
        );
        expect(await counts(agency.key.key, 'awaiting=agency&awaiting=none')).toEqual(
          naiveCounts(all.filter((s) => s.status === 'in_review' && s.awaiting !== 'brand')),
        );
        expect(await counts(brandKey.key, 'awaiting=none')).toEqual(
          naiveCounts(
            all.filter(
              (s) =>
                s.brand_id === agency.brands[0]!.id &&
                s.status === 'in_review' &&
                s.awaiting === null,
            ),
          ),
        );
        // And the running totals equal a count of the table itself.
        const [table] = await queryRows<{ in_review: number; failed: number }>(
          ctx.db,
          sql`select (count(*) filter (where status = 'in_review'))::int as in_review,
              (count(*) filter (where status = 'failed'))::int as failed
              from submissions where brand_id = any(${`{${agency.brands.map((b) => b.id).join(',')}}`}::uuid[])`,
        );
        const c = await counts(agency.key.key);
        expect({ in_review: c.in_review, failed: c.failed }).toEqual(table);
      }),
      { numRuns: 8, seed: 28 },
    );
  });
});

// ---------------------------------------------------------------- cost

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Rows each relation's scans returned in `plan`, summed over loops. */
function rowsRead(plan: PlanNode, out = new Map<string, number>()): Map<string, number> {
  if (plan['Relation Name']) {
    const n = (plan['Actual Rows'] ?? 0) * (plan['Actual Loops'] ?? 1);
    out.set(plan['Relation Name'], (out.get(plan['Relation Name']) ?? 0) + n);
  }
  for (const child of plan.Plans ?? []) rowsRead(child, out);
  return out;
}

async function explain(db: Db, query: SQL): Promise<Map<string, number>> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`explain (analyze, format json) ${query}`,
  );
  const value = Object.values(row!)[0];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return rowsRead(plan[0]!.Plan);
}

/** Adds `campaigns` active copies of `template` to its brand, with `waiting` submissions in review. */
async function grow(template: Campaign, creatorId: string, campaigns: number, waiting: number) {
  await queryRows(
    ctx.db,
    sql`with copies as (
        insert into campaigns (brand_id, name, status, visibility, product, settings, accepting_submissions)
        select brand_id, name || ' copy ' || g, status, visibility, product, settings, accepting_submissions
        from campaigns, generate_series(1, ${campaigns}::int) g where id = ${template.id}::uuid
        returning id),
      numbered as (select id, row_number() over () as n from copies)
      insert into submissions (campaign_id, brand_id, task_id, creator_id, status, media_type, media_url, checks, submitted_at)
      select c.id, ${template.brand_id}::uuid, ${template.tasks![0]!.id}::uuid, ${creatorId}, 'in_review', 'video',
        'https://cdn.example.com/clip.mp4', '[]'::jsonb,
        now() - interval '1 day' + (g * interval '1 second')
      from generate_series(1, ${waiting}::int) g
      join numbered c on c.n = 1 + g % ${campaigns}::int`,
  );
}

describe('cost: a page and the counts read the same rows however large the queue', () => {
  it('reads at most a page per status of submissions, and no submission for the counts', async () => {
    const brand = await ctx.ops.brandWithKey();
    const template = await campaignIn(ctx, brand.key.key, 'active');
    const creator = await approvedCreator(ctx, template, brand.key.key);
    await submit(ctx, template.id, creator.id, template.tasks![0]!.id);
    const filters: QueueFilter[] = [
      { brands: [brand.brand.id] },
      { brands: [brand.brand.id], statuses: ['in_review'] },
      { brands: [brand.brand.id], awaiting: ['agency'] },
      { brands: [brand.brand.id], awaiting: ['agency', 'none'] },
    ];
    const measure = async () => {
      const pages: number[] = [];
      for (const f of filters) {
        const read = await explain(ctx.db, queuePageQuery(ctx.db, { ...f, limit: 50 })!.getSQL());
        pages.push(read.get('submissions') ?? 0);
      }
      const countReads = new Map<string, number>();
      await queueCounts(ctx.db, { brands: [brand.brand.id] }, async (db, query) => {
        for (const [k, v] of await explain(db, query))
          countReads.set(k, (countReads.get(k) ?? 0) + v);
        return queryRows(db, query);
      });
      return { pages, countReads };
    };
    const small = await measure();
    await grow(template, creator.id, 60, 3000);
    const large = await measure();
    // Up to a page (51 rows) per status read in keyset order, plus the page's own 51 rows.
    for (const n of large.pages) expect(n).toBeLessThanOrEqual(5 * 51 + 51);
    expect(large.pages[1]).toBeLessThanOrEqual(2 * 51);
    expect(large.countReads.get('submissions')).toBeUndefined();
    expect(small.countReads.get('submissions')).toBeUndefined();
    // The counts read one totals row per brand and the campaigns with something waiting (at most 101).
    expect(large.countReads.get('submission_queue_brands')).toBe(1);
    expect(large.countReads.get('submission_queue_campaigns')).toBeLessThanOrEqual(101);
    const c = await counts(brand.key.key);
    expect(c.in_review).toBe(3001);
    expect(c.by_campaign).toHaveLength(61);
    expect(c.by_campaign_has_more).toBe(false);
    const page = QueuedSubmissionPage.parse(
      expectStatus(await call(brand.key.key, '/submissions?status=in_review&limit=50'), 200),
    );
    expect(page.data).toHaveLength(50);
    expect(page.has_more).toBe(true);
  });
});
