import { beforeAll, describe, expect, it } from 'vitest';
import { CampaignCreator, CreatorPage } from '#contract/creators';
import { ZERO_METRICS } from '#contract/posts';
import { apply, newCreator } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';

const { ctx, brand, api } = await brandWorld();
const other = await ctx.ops.brandWithKey();

const waitlist = () =>
  campaignIn(ctx, brand.key.key, 'active', { settings: { creator_approval_required: true } });

async function applied() {
  const campaign = await waitlist();
  const creator = await newCreator(ctx);
  const participation = await apply(ctx, campaign.id, creator.id);
  return {
    campaign,
    creator,
    participation,
    base: `/campaigns/${campaign.id}/creators/${creator.id}`,
  };
}

describe('POST /campaigns/{id}/creators/{id}/approve', () => {
  it('approves an applied creator and sets decided_at', async () => {
    const { base, participation } = await applied();
    expect(participation).toMatchObject({
      status: 'applied',
      decided_at: null,
      posts: 0,
      spend_cents: 0,
    });
    expect(participation.content).toEqual({ submitted: 0, in_review: 0, approved: 0, rejected: 0 });
    expect(participation.metrics).toEqual(ZERO_METRICS);
    const approved = CampaignCreator.parse(expectStatus(await api('POST', `${base}/approve`), 200));
    expect(approved.status).toBe('approved');
    expect(approved.decided_at).not.toBeNull();
    expect(CampaignCreator.parse(expectStatus(await api('GET', base), 200))).toEqual(approved);
  });

  it('answers 409 already_decided naming the state and when, for approved and rejected creators', async () => {
    const { base } = await applied();
    const approved = CampaignCreator.parse(expectStatus(await api('POST', `${base}/approve`), 200));
    for (const action of ['approve', 'reject']) {
      const res = await api('POST', `${base}/${action}`);
      expectError(res, 409, 'already_decided', 'status');
      expect(res.json.message).toContain(`approved at ${approved.decided_at}`);
      expect(res.json.message).toContain(brand.key.prefix);
    }
    const second = await applied();
    expectStatus(await api('POST', `${second.base}/reject`), 200);
    expectError(await api('POST', `${second.base}/approve`), 409, 'already_decided');
  });

  it('answers 409 already_decided for a creator approved on arrival', async () => {
    const campaign = await campaignIn(ctx, brand.key.key, 'active');
    const creator = await newCreator(ctx);
    expect((await apply(ctx, campaign.id, creator.id)).status).toBe('approved');
    expectError(
      await api('POST', `/campaigns/${campaign.id}/creators/${creator.id}/approve`),
      409,
      'already_decided',
    );
  });

  it('answers 404 for another brand, an unknown creator, or a creator of another campaign', async () => {
    const { base, campaign, creator } = await applied();
    expectError(await api('POST', `${base}/approve`, undefined, other.key.key), 404, 'not_found');
    expectError(await api('GET', base, undefined, other.key.key), 404, 'not_found');
    expectError(
      await api('POST', `/campaigns/${campaign.id}/creators/cr_nobody/approve`),
      404,
      'not_found',
    );
    const elsewhere = await waitlist();
    expectError(
      await api('GET', `/campaigns/${elsewhere.id}/creators/${creator.id}`),
      404,
      'not_found',
    );
  });

  it('answers 403 missing_scope without creators:write', async () => {
    const { base } = await applied();
    const key = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.brand.id,
      scopes: ['campaigns:read', 'submissions:write'],
    });
    expectError(await api('POST', `${base}/approve`, undefined, key.key), 403, 'missing_scope');
    expectError(await api('POST', `${base}/reject`, undefined, key.key), 403, 'missing_scope');
  });
});

describe('POST /campaigns/{id}/creators/{id}/reject', () => {
  it('rejects with or without a reason', async () => {
    const a = await applied();
    const rejected = CampaignCreator.parse(
      expectStatus(await api('POST', `${a.base}/reject`, { reason: 'Audience too small' }), 200),
    );
    expect(rejected.status).toBe('rejected');
    expect(rejected.decided_at).not.toBeNull();
    const b = await applied();
    expect(
      CampaignCreator.parse(expectStatus(await api('POST', `${b.base}/reject`), 200)).status,
    ).toBe('rejected');
  });

  it('answers 422 naming reason for an empty reason', async () => {
    const a = await applied();
    expectError(
      await api('POST', `${a.base}/reject`, { reason: '' }),
      422,
      'validation_failed',
      'reason',
    );
  });
});

describe('GET /campaigns/{id}/creators', () => {
  let campaignId: string;
  let ids: string[];
  beforeAll(async () => {
    const campaign = await waitlist();
    campaignId = campaign.id;
    ids = [];
    for (let i = 0; i < 5; i++) {
      const creator = await newCreator(ctx);
      await apply(ctx, campaignId, creator.id);
      ids.push(creator.id);
    }
    expectStatus(await api('POST', `/campaigns/${campaignId}/creators/${ids[0]}/approve`), 200);
    expectStatus(await api('POST', `/campaigns/${campaignId}/creators/${ids[1]}/reject`), 200);
  });

  const list = async (query = '') =>
    CreatorPage.parse(
      expectStatus(await api('GET', `/campaigns/${campaignId}/creators${query}`), 200),
    );

  it('lists newest applied first', async () => {
    const page = await list();
    expect(page.data.map((c) => c.creator_id)).toEqual([...ids].reverse());
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('filters by status', async () => {
    expect((await list('?status=approved')).data.map((c) => c.creator_id)).toEqual([ids[0]]);
    expect((await list('?status=rejected')).data.map((c) => c.creator_id)).toEqual([ids[1]]);
    expect((await list('?status=applied')).data).toHaveLength(3);
    expect((await api('GET', `/campaigns/${campaignId}/creators?status=maybe`)).status).toBe(400);
  });

  it('pages with a cursor that neither skips nor repeats while creators apply', async () => {
    const first = await list('?limit=2');
    const late = await newCreator(ctx);
    await apply(ctx, campaignId, late.id);
    const seen = first.data.map((c) => c.creator_id);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(`?limit=2&starting_after=${encodeURIComponent(cursor)}`);
      seen.push(...page.data.map((c) => c.creator_id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...ids].reverse());
    expectError(
      await api('GET', `/campaigns/${campaignId}/creators?starting_after=x.y`),
      400,
      'invalid_request',
    );
  });

  it('answers 404 for another brand and 400 for a limit out of range', async () => {
    expectError(
      await api('GET', `/campaigns/${campaignId}/creators`, undefined, other.key.key),
      404,
      'not_found',
    );
    expect((await api('GET', `/campaigns/${campaignId}/creators?limit=101`)).status).toBe(400);
  });
});
