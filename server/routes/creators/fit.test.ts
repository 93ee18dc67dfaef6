import { describe, expect, it } from 'vitest';
import { CampaignCreator, CreatorPage } from '#contract/creators';
import type { Targeting } from '#contract/targeting';
import { apply } from '../../test/activity.ts';
import { campaignIn, expectError, expectStatus, ops } from '../../test/campaigns.ts';
import { brandWorld, uniqueName } from '../../test/harness.ts';

// docs/api.md#creator-fit: the creator's targeting properties and whether they fit the campaign,
// on every campaign creator record, and the `fits` filter of the list.

const { ctx, brand, api } = await brandWorld();

type Props = Record<string, string | number>;

async function creatorWith(properties: Props) {
  const username = uniqueName('fit').replace(/[^A-Za-z0-9_.]/g, '_');
  const res = await ops(ctx, 'POST', '/ops/creators', { username, properties });
  return expectStatus(res, 201) as { id: string; username: string };
}

/** A waitlisted active campaign with `targeting`, and one applicant per properties object. */
async function campaignWith(targeting: Targeting | null, applicants: Props[]) {
  const campaign = await campaignIn(ctx, brand.key.key, 'active', {
    targeting,
    settings: { creator_approval_required: true },
  });
  const people = [];
  for (const properties of applicants) {
    const creator = await creatorWith(properties);
    people.push(await apply(ctx, campaign.id, creator.id));
  }
  return { campaign, people };
}

const group = (
  operator: 'AND' | 'OR',
  ...conditions: Targeting['groups'][number]['conditions']
) => ({
  operator,
  conditions,
});
const cond = (property: string, operator: 'IN' | 'NOT_IN', ...values: string[]) => ({
  property,
  operator,
  values,
});
const only = (...groups: Targeting['groups']): Targeting => ({ root_operator: 'AND', groups });

describe('properties of a campaign creator', () => {
  it('lists the creator’s values in the properties list’s order, options by label and numbers formatted', async () => {
    const { people } = await campaignWith(null, [
      {
        prop_followers: 125000,
        prop_country: 'c_us',
        prop_engagement_rate: 4.25,
        prop_age: 27,
        prop_niche: 'n_skincare',
      },
    ]);
    expect(people[0]!.properties).toEqual([
      { property_id: 'prop_country', name: 'Country', value: 'c_us', label: 'United States' },
      { property_id: 'prop_age', name: 'Age (years)', value: 27, label: '27' },
      { property_id: 'prop_followers', name: 'Follower count', value: 125000, label: '125,000' },
      {
        property_id: 'prop_niche',
        name: 'Niche / category',
        value: 'n_skincare',
        label: 'Skincare',
      },
      {
        property_id: 'prop_engagement_rate',
        name: 'Engagement rate (%)',
        value: 4.25,
        label: '4.25',
      },
    ]);
  });

  it('is empty for a creator without properties; an option value outside the list keeps its value as label', async () => {
    const { people } = await campaignWith(null, [{}, { prop_country: 'c_atlantis' }]);
    expect(people[0]!.properties).toEqual([]);
    expect(people[1]!.properties).toEqual([
      { property_id: 'prop_country', name: 'Country', value: 'c_atlantis', label: 'c_atlantis' },
    ]);
  });

  it('is the same on the list, the single read, approve and reject', async () => {
    const { campaign, people } = await campaignWith(
      only(group('AND', cond('prop_country', 'IN', 'c_us'))),
      [{ prop_country: 'c_us' }, { prop_country: 'c_de' }],
    );
    const [us, de] = people as [CampaignCreator, CampaignCreator];
    const base = `/campaigns/${campaign.id}/creators`;
    const read = CampaignCreator.parse(
      expectStatus(await api('GET', `${base}/${us.creator_id}`), 200),
    );
    expect(read).toEqual(us);
    const approved = CampaignCreator.parse(
      expectStatus(await api('POST', `${base}/${us.creator_id}/approve`), 200),
    );
    expect({ properties: approved.properties, fit: approved.targeting_fit }).toEqual({
      properties: us.properties,
      fit: { matches: true, unmet: [] },
    });
    const rejected = CampaignCreator.parse(
      expectStatus(await api('POST', `${base}/${de.creator_id}/reject`), 200),
    );
    expect(rejected.targeting_fit).toEqual({
      matches: false,
      unmet: ['Country is not United States'],
    });
    const page = CreatorPage.parse(expectStatus(await api('GET', base), 200));
    expect(page.data.map((c) => c.targeting_fit.matches).sort()).toEqual([false, true]);
  });
});

describe('targeting_fit', () => {
  it('matches everyone when the campaign has no targeting, or only groups without conditions', async () => {
    const open = await campaignWith(null, [{}, { prop_country: 'c_fr' }]);
    const empty = await campaignWith({ root_operator: 'OR', groups: [group('AND'), group('OR')] }, [
      {},
    ]);
    for (const c of [...open.people, ...empty.people])
      expect(c.targeting_fit).toEqual({ matches: true, unmet: [] });
  });

  it.each<{
    what: string;
    operator: 'IN' | 'NOT_IN';
    values: string[];
    met: string;
    unmet: string;
    sentence: string;
  }>([
    {
      what: 'IN an option: met by one of the values; otherwise one sentence naming the labels',
      operator: 'IN',
      values: ['c_us', 'c_in'],
      met: 'c_in',
      unmet: 'c_de',
      sentence: 'Country is not United States or India',
    },
    {
      what: 'NOT_IN an option: met by any other value; the excluded value is named',
      operator: 'NOT_IN',
      values: ['c_de', 'c_fr'],
      met: 'c_us',
      unmet: 'c_de',
      sentence: 'Country is Germany, which is excluded',
    },
  ])('$what', async ({ operator, values, met, unmet, sentence }) => {
    const { people } = await campaignWith(
      only(group('AND', cond('prop_country', operator, ...values))),
      [{ prop_country: met }, { prop_country: unmet }],
    );
    expect(people.map((c) => c.targeting_fit)).toEqual([
      { matches: true, unmet: [] },
      { matches: false, unmet: [sentence] },
    ]);
  });

  it('a number range includes both ends; IN and NOT_IN say the value and the range', async () => {
    const inRange = await campaignWith(only(group('AND', cond('prop_age', 'IN', '18-35'))), [
      { prop_age: 18 },
      { prop_age: 35 },
      { prop_age: 17 },
      { prop_age: 35.5 },
    ]);
    expect(inRange.people.map((c) => c.targeting_fit)).toEqual([
      { matches: true, unmet: [] },
      { matches: true, unmet: [] },
      { matches: false, unmet: ['Age (years) is 17, not between 18 and 35'] },
      { matches: false, unmet: ['Age (years) is 35.5, not between 18 and 35'] },
    ]);
    const outside = await campaignWith(
      only(group('AND', cond('prop_followers', 'NOT_IN', '0-9999'))),
      [{ prop_followers: 10000 }, { prop_followers: 2500 }],
    );
    expect(outside.people.map((c) => c.targeting_fit)).toEqual([
      { matches: true, unmet: [] },
      { matches: false, unmet: ['Follower count is 2,500, inside the excluded range 0 to 9,999'] },
    ]);
  });

  it('unknown: a condition on a property the creator has no (number) value for is not met, IN or NOT_IN', async () => {
    const { people } = await campaignWith(
      only(group('AND', cond('prop_country', 'NOT_IN', 'c_de'), cond('prop_age', 'IN', '18-35'))),
      [{}, { prop_country: 'c_us', prop_age: 'unknown' }, { prop_country: 'c_us', prop_age: 20 }],
    );
    expect(people.map((c) => c.targeting_fit)).toEqual([
      { matches: false, unmet: ['Country is not known', 'Age (years) is not known'] },
      { matches: false, unmet: ['Age (years) is not known'] },
      { matches: true, unmet: [] },
    ]);
  });

  it('a group combines its conditions with its operator; unmet lists only what keeps the creator out', async () => {
    // Root AND of: (country US OR language English) AND (age 18-35 AND followers 10,000+).
    const targeting = only(
      group('OR', cond('prop_country', 'IN', 'c_us'), cond('prop_language', 'IN', 'l_en')),
      group(
        'AND',
        cond('prop_age', 'IN', '18-35'),
        cond('prop_followers', 'IN', '10000-100000000'),
      ),
    );
    const { people } = await campaignWith(targeting, [
      { prop_country: 'c_gb', prop_language: 'l_en', prop_age: 30, prop_followers: 50000 },
      { prop_country: 'c_gb', prop_language: 'l_en', prop_age: 40, prop_followers: 50000 },
      { prop_country: 'c_de', prop_language: 'l_de', prop_age: 30, prop_followers: 500 },
    ]);
    expect(people.map((c) => c.targeting_fit)).toEqual([
      // The OR group is met by language alone: its unmet country condition is not listed.
      { matches: true, unmet: [] },
      { matches: false, unmet: ['Age (years) is 40, not between 18 and 35'] },
      {
        matches: false,
        unmet: [
          'Country is not United States',
          'Language is not English',
          'Follower count is 500, not between 10,000 and 100,000,000',
        ],
      },
    ]);
  });

  it('root OR: one met group is enough; with none, every group’s unmet conditions are listed', async () => {
    const targeting: Targeting = {
      root_operator: 'OR',
      groups: [
        group('AND', cond('prop_country', 'IN', 'c_us'), cond('prop_gender', 'IN', 'g_female')),
        group('AND', cond('prop_niche', 'IN', 'n_skincare')),
      ],
    };
    const { people } = await campaignWith(targeting, [
      { prop_country: 'c_fr', prop_gender: 'g_male', prop_niche: 'n_skincare' },
      { prop_country: 'c_us', prop_gender: 'g_male', prop_niche: 'n_gaming' },
    ]);
    expect(people.map((c) => c.targeting_fit)).toEqual([
      { matches: true, unmet: [] },
      { matches: false, unmet: ['Gender is not Female', 'Niche / category is not Skincare'] },
    ]);
  });

  it('a long list of values is shortened: three labels and how many others', async () => {
    const targeting = only(
      group('AND', cond('prop_country', 'IN', 'c_us', 'c_in', 'c_gb', 'c_ca', 'c_au')),
      group('AND', cond('prop_language', 'IN', 'l_en', 'l_es', 'l_fr', 'l_de')),
      group('AND', cond('prop_platform', 'IN', 'p_tiktok', 'p_instagram', 'p_youtube')),
    );
    const { people } = await campaignWith(targeting, [
      { prop_country: 'c_de', prop_language: 'l_ja', prop_platform: 'p_snapchat' },
    ]);
    expect(people[0]!.targeting_fit.unmet).toEqual([
      'Country is not United States, India, United Kingdom or 2 others',
      'Language is not English, Spanish, French or 1 other',
      'Platform is not TikTok, Instagram or YouTube',
    ]);
  });
});

describe('GET /campaigns/{id}/creators?fits=', () => {
  async function world() {
    const { campaign, people } = await campaignWith(
      only(group('AND', cond('prop_country', 'IN', 'c_us'))),
      [
        { prop_country: 'c_us' },
        { prop_country: 'c_de' },
        { prop_country: 'c_us' },
        {},
        { prop_country: 'c_us' },
      ],
    );
    const [us1, de, us2, unknown, us3] = people as CampaignCreator[];
    // us2 approved, de rejected: the filter combines with status.
    const base = `/campaigns/${campaign.id}/creators`;
    expectStatus(await api('POST', `${base}/${us2!.creator_id}/approve`), 200);
    expectStatus(await api('POST', `${base}/${de!.creator_id}/reject`), 200);
    return { base, us1: us1!, de: de!, us2: us2!, unknown: unknown!, us3: us3! };
  }
  const ids = async (path: string) =>
    CreatorPage.parse(expectStatus(await api('GET', path), 200)).data.map((c) => c.creator_id);

  it('keeps the creators who fit (true) or do not (false), newest first, alone or with a status', async () => {
    const w = await world();
    expect(await ids(`${w.base}?fits=true`)).toEqual([
      w.us3.creator_id,
      w.us2.creator_id,
      w.us1.creator_id,
    ]);
    expect(await ids(`${w.base}?fits=false`)).toEqual([w.unknown.creator_id, w.de.creator_id]);
    expect(await ids(`${w.base}?fits=true&status=applied`)).toEqual([
      w.us3.creator_id,
      w.us1.creator_id,
    ]);
    expect(await ids(`${w.base}?fits=false&status=applied`)).toEqual([w.unknown.creator_id]);
    expect(await ids(`${w.base}?fits=true&status=approved`)).toEqual([w.us2.creator_id]);
    expect(await ids(`${w.base}?fits=false&status=approved`)).toEqual([]);
    expect(await ids(`${w.base}?status=rejected&fits=false`)).toEqual([w.de.creator_id]);
    expect((await ids(w.base)).length).toBe(5);
  });

  it('pages through one side; a cursor of one filter is refused under another', async () => {
    const w = await world();
    const first = CreatorPage.parse(
      expectStatus(await api('GET', `${w.base}?fits=true&limit=2`), 200),
    );
    expect(first.data.map((c) => c.creator_id)).toEqual([w.us3.creator_id, w.us2.creator_id]);
    expect(first.has_more).toBe(true);
    const second = CreatorPage.parse(
      expectStatus(
        await api('GET', `${w.base}?fits=true&limit=2&starting_after=${first.next_cursor}`),
        200,
      ),
    );
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.data.map((c) => c.creator_id)).toEqual([w.us1.creator_id]);
    expectError(
      await api('GET', `${w.base}?fits=false&limit=2&starting_after=${first.next_cursor}`),
      400,
      'invalid_request',
    );
    expectError(
      await api('GET', `${w.base}?limit=2&starting_after=${first.next_cursor}`),
      400,
      'invalid_request',
    );
  });

  it('on a campaign without targeting, everyone fits', async () => {
    const { campaign, people } = await campaignWith(null, [{}, { prop_country: 'c_de' }]);
    const base = `/campaigns/${campaign.id}/creators`;
    expect((await ids(`${base}?fits=true`)).sort()).toEqual(people.map((c) => c.creator_id).sort());
    expect(await ids(`${base}?fits=false`)).toEqual([]);
  });

  it('answers 400 naming fits for a value other than true or false', async () => {
    const { campaign } = await campaignWith(null, []);
    for (const bad of ['yes', '1', 'TRUE', '']) {
      const res = await api('GET', `/campaigns/${campaign.id}/creators?fits=${bad}`);
      expectError(res, 400, 'invalid_request', 'fits');
      expect(res.json.message).toContain('true or false');
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes properties, targeting_fit and the fits filter from the contract', async () => {
    const doc = expectStatus(await ctx.request('GET', '/2026-07/openapi.json'), 200) as {
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }
      >;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    const list = doc.paths['/campaigns/{campaign_id}/creators']!.get;
    expect(list.parameters.find((p) => p.name === 'fits')?.schema.enum).toEqual(['true', 'false']);
    expect(doc.components.schemas.CampaignCreator!.required).toEqual(
      expect.arrayContaining(['properties', 'targeting_fit']),
    );
    expect(doc.components.schemas.TargetingFit!.required).toEqual(['matches', 'unmet']);
    expect(doc.components.schemas.CreatorPropertyValue!.required).toEqual([
      'property_id',
      'name',
      'value',
      'label',
    ]);
  });
});
