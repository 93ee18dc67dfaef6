import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Submission, SubmissionPage } from '#contract/submissions';
import { queryRows } from '../../db/client.ts';
import { approvedCreator, submit } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { fileContext, type AgencyWithKey } from '../../test/harness.ts';
import { memberWithSession } from '../../test/people.ts';

// docs/review-bar.md#sign-off: for an agency-managed brand with settings.brand_approval_required, the
// agency reviews first and the brand signs off; the brand has the last word.

const ctx = await fileContext();
let agency: AgencyWithKey;
let brandKey: { key: string; prefix: string };
beforeAll(async () => {
  agency = await ctx.ops.agencyWithKey(1);
  const key = await ctx.ops.createKey({ kind: 'brand', brand_id: agency.brands[0]!.id });
  brandKey = { key: key.key, prefix: key.prefix };
});

const call = (key: string, method: string, path: string, body?: unknown) =>
  ctx.request(method, `/2026-07${path}`, { key, ...(body !== undefined ? { body } : {}) });
const asAgency = (method: string, path: string, body?: unknown) =>
  call(agency.key.key, method, path, body);
const asBrand = (method: string, path: string, body?: unknown) =>
  call(brandKey.key, method, path, body);

async function world(
  settings: { brand_approval_required: boolean } = { brand_approval_required: true },
) {
  const campaign = await campaignIn(ctx, agency.key.key, 'active', {
    brand_id: agency.brands[0]!.id,
    settings,
  });
  const creator = await approvedCreator(ctx, campaign, agency.key.key);
  const taskId = campaign.tasks![0]!.id;
  const submission = await submit(ctx, campaign.id, creator.id, taskId);
  return {
    campaign,
    creator,
    taskId,
    submission,
    base: `/campaigns/${campaign.id}/submissions/${submission.id}`,
  };
}

const inReviewCount = async (campaignId: string) =>
  (
    expectStatus(await asBrand('GET', `/campaigns/${campaignId}/metrics`), 200) as {
      funnel: { submissions_in_review: number };
    }
  ).funnel.submissions_in_review;

describe('brand sign-off after the agency (docs/review-bar.md#sign-off)', () => {
  it('names the agency member who approved (a session is not a key), also after they sign out, and in a late decision’s refusal', async () => {
    const { base } = await world();
    const maya = await memberWithSession(
      ctx,
      { agency_id: agency.agency.id },
      'reviewer',
      'Maya Chen',
    );
    const handed = Submission.parse(
      expectStatus(await call(maya.token, 'POST', `${base}/approve`), 200),
    );
    expect(handed.agency_approved_by).toBe(`Maya Chen (${agency.agency.name} reviewer)`);
    expectStatus(await call(maya.token, 'DELETE', '/sessions/current'), 200);
    const read = Submission.parse(expectStatus(await asBrand('GET', base), 200));
    expect(read.agency_approved_by).toBe(`Maya Chen (${agency.agency.name} reviewer)`);

    const ben = await memberWithSession(
      ctx,
      { brand_id: agency.brands[0]!.id },
      'manager',
      'Ben Carter',
    );
    expectStatus(await call(ben.token, 'POST', `${base}/approve`), 200);
    const late = await asBrand('POST', `${base}/approve`);
    expectError(late, 409, 'already_reviewed');
    expect(late.json.message).toContain('by Ben Carter (manager)');
  });

  it('a new submission waits for the agency; the agency approval hands it to the brand; the brand approval is final', async () => {
    const { submission, base, campaign } = await world();
    expect(submission).toMatchObject({
      status: 'in_review',
      awaiting: 'agency',
      agency_approved_at: null,
      agency_approved_by: null,
    });
    expect(await inReviewCount(campaign.id)).toBe(1);

    const handed = Submission.parse(expectStatus(await asAgency('POST', `${base}/approve`), 200));
    expect(handed).toMatchObject({
      status: 'in_review',
      awaiting: 'brand',
      reviewed_at: null,
      agency_approved_by: agency.key.prefix,
    });
    expect(handed.agency_approved_at).not.toBeNull();
    // The funnel counts it in review until the brand signs off.
    expect(await inReviewCount(campaign.id)).toBe(1);

    const approved = Submission.parse(expectStatus(await asBrand('POST', `${base}/approve`), 200));
    expect(approved).toMatchObject({
      status: 'approved',
      awaiting: null,
      agency_approved_at: handed.agency_approved_at,
    });
    expect(approved.reviewed_at).not.toBeNull();
    expect(await inReviewCount(campaign.id)).toBe(0);
  });

  it('answers 409 already_reviewed when the agency approves what waits for the brand, saying so', async () => {
    const { base } = await world();
    expectStatus(await asAgency('POST', `${base}/approve`), 200);
    const again = await asAgency('POST', `${base}/approve`);
    expectError(again, 409, 'already_reviewed', 'awaiting');
    expect(again.json.message).toContain("waits for the brand's sign-off");
    expect(again.json.message).toContain(agency.key.prefix);
    expect(Submission.parse(expectStatus(await asBrand('GET', base), 200)).awaiting).toBe('brand');
  });

  it("the brand's approval is final while the submission still waits for the agency", async () => {
    const { base } = await world();
    const approved = Submission.parse(expectStatus(await asBrand('POST', `${base}/approve`), 200));
    expect(approved).toMatchObject({
      status: 'approved',
      awaiting: null,
      agency_approved_at: null,
    });
    expectError(await asAgency('POST', `${base}/approve`), 409, 'already_reviewed', 'status');
  });

  it.each([
    ['the agency', 'agency', false],
    ['the agency', 'agency', true],
    ['the brand', 'brand', false],
    ['the brand', 'brand', true],
  ] as const)(
    'a rejection by %s (%s key, after the agency approved: %s) is final',
    async (_who, side, afterAgency) => {
      const { base } = await world();
      if (afterAgency) expectStatus(await asAgency('POST', `${base}/approve`), 200);
      const reject = side === 'agency' ? asAgency : asBrand;
      const rejected = Submission.parse(
        expectStatus(await reject('POST', `${base}/reject`, { feedback: 'Show the label' }), 200),
      );
      expect(rejected).toMatchObject({
        status: 'rejected',
        awaiting: null,
        feedback: 'Show the label',
      });
      expectError(await asBrand('POST', `${base}/approve`), 409, 'already_reviewed', 'status');
    },
  );

  it('a revision starts again waiting for the agency, with the earlier agency approval cleared', async () => {
    const { base, submission } = await world();
    expectStatus(await asAgency('POST', `${base}/approve`), 200);
    expectStatus(await asBrand('POST', `${base}/reject`), 200);
    const revised = Submission.parse(
      expectStatus(
        await ops(ctx, 'POST', `/ops/submissions/${submission.id}/revise`, {
          media_url: 'https://cdn.example.com/v2.mp4',
        }),
        200,
      ),
    );
    expect(revised).toMatchObject({
      status: 'in_review',
      awaiting: 'agency',
      agency_approved_at: null,
      revision_count: 1,
    });
  });

  it('without the setting, or for a brand no agency manages, review is one step', async () => {
    const off = await world({ brand_approval_required: false });
    expect(off.submission.awaiting).toBeNull();
    expect(
      Submission.parse(expectStatus(await asAgency('POST', `${off.base}/approve`), 200)).status,
    ).toBe('approved');

    const solo = await ctx.ops.brandWithKey();
    const campaign = await campaignIn(ctx, solo.key.key, 'active', {
      settings: { brand_approval_required: true },
    });
    const creator = await approvedCreator(ctx, campaign, solo.key.key);
    const s = await submit(ctx, campaign.id, creator.id, campaign.tasks![0]!.id);
    expect(s.awaiting).toBeNull();
    const approved = Submission.parse(
      expectStatus(
        await call(solo.key.key, 'POST', `/campaigns/${campaign.id}/submissions/${s.id}/approve`),
        200,
      ),
    );
    expect(approved.status).toBe('approved');
  });

  it('GET submissions?awaiting= lists what waits for each side; a bad value answers 400 naming awaiting', async () => {
    const { campaign, base, taskId } = await world();
    const second = await submit(
      ctx,
      campaign.id,
      (await approvedCreator(ctx, campaign, agency.key.key)).id,
      taskId,
    );
    expectStatus(await asAgency('POST', `${base}/approve`), 200);
    const list = async (who: string) =>
      SubmissionPage.parse(
        expectStatus(
          await asAgency('GET', `/campaigns/${campaign.id}/submissions?awaiting=${who}`),
          200,
        ),
      ).data.map((s) => s.id);
    expect(await list('brand')).toEqual([base.split('/').at(-1)]);
    expect(await list('agency')).toEqual([second.id]);
    const bad = await asAgency('GET', `/campaigns/${campaign.id}/submissions?awaiting=creator`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('awaiting');
  });

  it('each step emits submission.updated', async () => {
    const { submission, base } = await world();
    const count = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from events where resource_id = ${submission.id} and type = 'submission.updated'`,
          )
        )[0]!.n,
      );
    const before = await count();
    expectStatus(await asAgency('POST', `${base}/approve`), 200);
    expect(await count()).toBe(before + 1);
    expectStatus(await asBrand('POST', `${base}/approve`), 200);
    expect(await count()).toBe(before + 2);
  });
});
