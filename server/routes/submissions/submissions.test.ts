import { beforeAll, describe, expect, it } from 'vitest';
import { Submission, SubmissionPage } from '#contract/submissions';
import { GENERIC_CHANGES_REQUESTED } from '../../domain/submissions.ts';
import { activeWorld, submit } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops, task } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand, api } = await brandWorld();
const other = await ctx.ops.brandWithKey();

async function inReview() {
  const world = await activeWorld(ctx, brand.key.key, 1);
  const submission = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
  return {
    ...world,
    submission,
    base: `/campaigns/${world.campaign.id}/submissions/${submission.id}`,
  };
}

describe('POST /campaigns/{id}/submissions/{id}/approve', () => {
  it('approves a submission in review and sets reviewed_at', async () => {
    const { base } = await inReview();
    const approved = Submission.parse(expectStatus(await api('POST', `${base}/approve`), 200));
    expect(approved.status).toBe('approved');
    expect(approved.reviewed_at).not.toBeNull();
    expect(Submission.parse(expectStatus(await api('GET', base), 200))).toEqual(approved);
  });

  it('answers 409 already_reviewed naming the current state, when and by which key', async () => {
    const { base } = await inReview();
    const first = Submission.parse(expectStatus(await api('POST', `${base}/approve`), 200));
    for (const action of ['approve', 'reject']) {
      const res = await api('POST', `${base}/${action}`);
      expectError(res, 409, 'already_reviewed', 'status');
      expect(res.json.message).toContain('approved');
      expect(res.json.message).toContain(first.reviewed_at);
      expect(res.json.message).toContain(brand.key.prefix);
    }
  });

  it('answers 404 not_found for a submission of another brand, and for an unknown one', async () => {
    const { base, campaign } = await inReview();
    expectError(await api('POST', `${base}/approve`, undefined, other.key.key), 404, 'not_found');
    expectError(await api('GET', base, undefined, other.key.key), 404, 'not_found');
    expectError(
      await api(
        'POST',
        `/campaigns/${campaign.id}/submissions/00000000-0000-4000-8000-000000000000/approve`,
      ),
      404,
      'not_found',
    );
  });

  it('answers 404 for a submission addressed through another campaign of the same brand', async () => {
    const { submission } = await inReview();
    const elsewhere = await campaignIn(ctx, brand.key.key, 'active');
    expectError(
      await api('POST', `/campaigns/${elsewhere.id}/submissions/${submission.id}/approve`),
      404,
      'not_found',
    );
  });

  it('answers 403 missing_scope without submissions:write', async () => {
    const { base } = await inReview();
    const readOnly = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.brand.id,
      scopes: ['campaigns:read'],
    });
    expectError(
      await api('POST', `${base}/approve`, undefined, readOnly.key),
      403,
      'missing_scope',
    );
    expectError(await api('POST', `${base}/reject`, undefined, readOnly.key), 403, 'missing_scope');
    expectStatus(await api('GET', base, undefined, readOnly.key), 200);
  });

  it('answers 400 for a submission id that is not a UUID', async () => {
    const { campaign } = await inReview();
    const res = await api('POST', `/campaigns/${campaign.id}/submissions/nope/approve`);
    expect(res.status).toBe(400);
  });
});

describe('POST /campaigns/{id}/submissions/{id}/reject', () => {
  it('stores the feedback and sets reviewed_at', async () => {
    const { base } = await inReview();
    const rejected = Submission.parse(
      expectStatus(
        await api('POST', `${base}/reject`, { feedback: 'Show the label in the first second.' }),
        200,
      ),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      feedback: 'Show the label in the first second.',
    });
    expect(rejected.reviewed_at).not.toBeNull();
  });

  it('stores a generic changes-requested note when the body is omitted', async () => {
    const { base } = await inReview();
    const rejected = Submission.parse(expectStatus(await api('POST', `${base}/reject`), 200));
    expect(rejected.feedback).toBe(GENERIC_CHANGES_REQUESTED);
    const empty = await inReview();
    const res = Submission.parse(expectStatus(await api('POST', `${empty.base}/reject`, {}), 200));
    expect(res.feedback).toBe(GENERIC_CHANGES_REQUESTED);
  });

  it('answers 422 validation_failed naming feedback for an empty or unknown field', async () => {
    const { base } = await inReview();
    expectError(
      await api('POST', `${base}/reject`, { feedback: '  ' }),
      422,
      'validation_failed',
      'feedback',
    );
    expectError(await api('POST', `${base}/reject`, { note: 'x' }), 422, 'validation_failed');
  });

  it('answers 409 already_reviewed for a rejected submission', async () => {
    const { base } = await inReview();
    expectStatus(await api('POST', `${base}/reject`), 200);
    const res = await api('POST', `${base}/approve`);
    expectError(res, 409, 'already_reviewed');
    expect(res.json.message).toContain('rejected');
  });

  it('answers 409 already_reviewed for failed and post_deleted submissions', async () => {
    const { base, submission } = await inReview();
    expectStatus(
      await ops(ctx, 'POST', `/ops/submissions/${submission.id}/fail`, { reason: 'Corrupt file' }),
      200,
    );
    expectError(await api('POST', `${base}/approve`), 409, 'already_reviewed');
    const second = await inReview();
    expectStatus(await api('POST', `${second.base}/approve`), 200);
    const post = expectStatus(
      await ops(ctx, 'POST', `/ops/submissions/${second.submission.id}/post`, {
        platform: 'tiktok',
        url: 'https://tiktok.com/@a/1',
      }),
      201,
    );
    expectStatus(await ops(ctx, 'POST', `/ops/posts/${post.id}/take-down`), 200);
    const res = await api('POST', `${second.base}/reject`);
    expectError(res, 409, 'already_reviewed');
    expect(res.json.message).toContain('post_deleted');
  });
});

describe('GET /campaigns/{id}/submissions', () => {
  let campaignId: string;
  let all: Submission[];
  let taskA: string;
  let taskB: string;
  let creatorIds: string[];
  beforeAll(async () => {
    const world = await activeWorld(ctx, brand.key.key, 3, {
      tasks: [task({ title: 'A' }), task({ title: 'B' })],
    });
    campaignId = world.campaign.id;
    taskA = world.campaign.tasks![0]!.id;
    taskB = world.campaign.tasks![1]!.id;
    creatorIds = world.creators.map((c) => c.id);
    all = [];
    for (const [i, creatorId] of creatorIds.entries()) {
      all.push(await submit(ctx, campaignId, creatorId, taskA));
      all.push(await submit(ctx, campaignId, creatorId, i === 0 ? taskA : taskB));
    }
    expectStatus(
      await api('POST', `/campaigns/${campaignId}/submissions/${all[0]!.id}/approve`),
      200,
    );
    expectStatus(
      await api('POST', `/campaigns/${campaignId}/submissions/${all[1]!.id}/reject`),
      200,
    );
  });

  const list = async (query = '') =>
    SubmissionPage.parse(
      expectStatus(await api('GET', `/campaigns/${campaignId}/submissions${query}`), 200),
    );

  it('lists oldest submitted first, then id', async () => {
    const page = await list();
    expect(page.data.map((s) => s.id)).toEqual(all.map((s) => s.id));
    const keys = page.data.map((s) => [s.submitted_at!, s.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
  });

  it('filters by status (repeatable), task and creator', async () => {
    expect((await list('?status=in_review')).data).toHaveLength(4);
    expect((await list('?status=approved&status=rejected')).data.map((s) => s.id)).toEqual([
      all[0]!.id,
      all[1]!.id,
    ]);
    expect((await list(`?task_id=${taskB}`)).data.every((s) => s.task_id === taskB)).toBe(true);
    expect((await list(`?task_id=${taskB}`)).data).toHaveLength(2);
    expect((await list(`?creator_id=${creatorIds[1]}`)).data.map((s) => s.id)).toEqual([
      all[2]!.id,
      all[3]!.id,
    ]);
    expect(
      (await list(`?creator_id=${creatorIds[1]}&task_id=${taskB}&status=in_review`)).data,
    ).toHaveLength(1);
  });

  it('pages with a stable cursor while new submissions arrive', async () => {
    const first = await list('?limit=2');
    expect(first.has_more).toBe(true);
    const extra = await submit(ctx, campaignId, creatorIds[2]!, taskB);
    const seen = [...first.data];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(`?limit=2&starting_after=${encodeURIComponent(cursor)}`);
      seen.push(...page.data);
      cursor = page.next_cursor;
    }
    expect(seen.map((s) => s.id)).toEqual([...all, extra].map((s) => s.id));
    all.push(extra);
  });

  it('answers 400 invalid_request for a bad cursor, or one made for other filters', async () => {
    expectError(
      await api('GET', `/campaigns/${campaignId}/submissions?starting_after=abc`),
      400,
      'invalid_request',
      'starting_after',
    );
    const page = await list('?limit=1');
    expectError(
      await api(
        'GET',
        `/campaigns/${campaignId}/submissions?status=approved&starting_after=${encodeURIComponent(page.next_cursor!)}`,
      ),
      400,
      'invalid_request',
    );
  });

  it('answers 400 for an unknown status and 404 for another brand', async () => {
    expect((await api('GET', `/campaigns/${campaignId}/submissions?status=done`)).status).toBe(400);
    expectError(
      await api('GET', `/campaigns/${campaignId}/submissions`, undefined, other.key.key),
      404,
      'not_found',
    );
  });

  it('is visible to an agency key managing the brand', async () => {
    const agency = await ctx.ops.createAgency([brand.brand.id]);
    const key = await ctx.ops.createKey({ kind: 'agency', agency_id: agency.id });
    const page = SubmissionPage.parse(
      expectStatus(
        await api('GET', `/campaigns/${campaignId}/submissions`, undefined, key.key),
        200,
      ),
    );
    expect(page.data.length).toBeGreaterThan(0);
  });
});
