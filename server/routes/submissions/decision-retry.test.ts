import { describe, expect, it } from 'vitest';
import { Submission } from '#contract/submissions';
import { activeWorld, submit } from '../../test/activity.ts';
import { expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

// A decision retried after its answer was lost (docs/decisions/0102): with an Idempotency-Key the
// retry answers the original 200, not 409 already_reviewed; the decision is applied once, to the
// revision it was made on.

const { ctx, brand } = await brandWorld();

async function inReview() {
  const world = await activeWorld(ctx, brand.key.key, 1);
  const submission = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
  return {
    submission,
    path: `/2026-07/campaigns/${world.campaign.id}/submissions/${submission.id}`,
  };
}

const decide = (path: string, action: string, idem?: string, body?: unknown, key = brand.key.key) =>
  ctx.request('POST', `${path}/${action}`, {
    key,
    ...(idem ? { headers: { 'Idempotency-Key': idem } } : {}),
    ...(body !== undefined ? { body } : {}),
  });

describe('approve and reject with an Idempotency-Key', () => {
  it('a retried approval answers the original 200 (Idempotent-Replay: true), byte for byte', async () => {
    const { path } = await inReview();
    const first = await decide(path, 'approve', 'click-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replay')).toBe('false');
    const retry = await decide(path, 'approve', 'click-1');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replay')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(Submission.parse(retry.json).status).toBe('approved');
    // Without the key, or with another one, a second decision is still refused.
    expectError(await decide(path, 'approve'), 409, 'already_reviewed');
    expectError(await decide(path, 'approve', 'click-2'), 409, 'already_reviewed');
  });

  it('a retried rejection replays the decision of its revision and does not reject the next one', async () => {
    const { path, submission } = await inReview();
    const body = { feedback: 'Show the label' };
    expectStatus(await decide(path, 'reject', 'reject-1', body), 200);
    const revised = Submission.parse(
      expectStatus(
        await ops(ctx, 'POST', `/ops/submissions/${submission.id}/revise`, {
          media_url: 'https://cdn.example.com/clip-2.mp4',
        }),
        200,
      ),
    );
    expect(revised.status).toBe('in_review');
    const retry = await decide(path, 'reject', 'reject-1', body);
    expect(retry.status).toBe(200);
    expect(Submission.parse(retry.json)).toMatchObject({ status: 'rejected', revision_count: 0 });
    const now = Submission.parse(
      expectStatus(await ctx.request('GET', path, { key: brand.key.key }), 200),
    );
    expect(now).toMatchObject({ status: 'in_review', revision_count: 1 });
  });

  it('the same key with another body answers 409 idempotency_conflict; a refused decision stores nothing', async () => {
    const { path } = await inReview();
    expectStatus(await decide(path, 'reject', 'k', { feedback: 'A' }), 200);
    expectError(await decide(path, 'reject', 'k', { feedback: 'B' }), 409, 'idempotency_conflict');
    // 409 already_reviewed is not stored: the key stays free for a corrected request.
    const second = await inReview();
    expectStatus(await decide(second.path, 'approve'), 200);
    expectError(await decide(second.path, 'reject', 'late'), 409, 'already_reviewed');
    const third = await inReview();
    expectStatus(await decide(third.path, 'reject', 'late'), 200);
  });

  it("keys are the credential's own: another key of the brand with the same Idempotency-Key decides anew", async () => {
    const { path } = await inReview();
    const other = await ctx.ops.createKey({ kind: 'brand', brand_id: brand.brand.id });
    expectStatus(await decide(path, 'approve', 'shared'), 200);
    expectError(
      await decide(path, 'approve', 'shared', undefined, other.key),
      409,
      'already_reviewed',
    );
  });
});
