import { beforeAll, describe, expect, it } from 'vitest';
import { CampaignPage, type Campaign } from '#contract/campaigns';
import { campaignIn, createCampaign, expectError, expectStatus } from '../../test/campaigns.ts';
import { fileContext, type AgencyWithKey, type BrandWithKey } from '../../test/harness.ts';

// GET /campaigns?q= (a name search) and ?id= (named campaigns): docs/api.md#campaign-list,
// decision 0122.

const ctx = await fileContext();

async function list(key: string, query: string): Promise<CampaignPage> {
  const res = await ctx.request('GET', `/2026-07/campaigns?${query}`, { key });
  return CampaignPage.parse(expectStatus(res, 200));
}

const names = (page: CampaignPage) => page.data.map((c) => c.name);

/** The names of every page of a search, `limit` a page, following next_cursor. */
async function walk(key: string, query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const after: string = cursor ? `&starting_after=${encodeURIComponent(cursor)}` : '';
    const res = await list(key, `${query}&limit=${limit}${after}`);
    expect(res.data.length).toBeLessThanOrEqual(limit);
    seen.push(...names(res));
    if (!res.has_more) return seen;
    cursor = res.next_cursor;
  }
  throw new Error('too many pages');
}

describe('GET /campaigns?q= (name search)', () => {
  let brand: BrandWithKey;
  const made: Campaign[] = [];
  // Oldest first; the list answers newest first.
  const NAMES = [
    'Summer Glow launch',
    'Winter glow serum',
    'GLOWING skin week',
    'Back to school',
    '50% off weekend',
    '500 club',
    'snake_case promo',
    'snakeXcase promo',
    'Path C:\\temp',
    'Path C:temp',
  ];
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    for (const name of NAMES) made.push(await createCampaign(ctx, brand.key.key, { name }));
  });

  it('finds the names that contain the text, ignoring case, newest first', async () => {
    expect(names(await list(brand.key.key, 'q=glow'))).toEqual([
      'GLOWING skin week',
      'Winter glow serum',
      'Summer Glow launch',
    ]);
    expect(names(await list(brand.key.key, 'q=SCHOOL'))).toEqual(['Back to school']);
  });

  it('trims the text before searching', async () => {
    expect(names(await list(brand.key.key, `q=${encodeURIComponent('  skin week ')}`))).toEqual([
      'GLOWING skin week',
    ]);
  });

  it.each([
    ['%', '50%', ['50% off weekend']],
    ['_', 'snake_case', ['snake_case promo']],
    ['\\', 'C:\\temp', ['Path C:\\temp']],
  ])('reads %s as itself, not as a wildcard', async (_char, q, expected) => {
    expect(names(await list(brand.key.key, `q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('answers an empty page when no name matches', async () => {
    expect(await list(brand.key.key, 'q=nothing-like-this')).toEqual({
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });

  it('pages through a search without skipping or repeating', async () => {
    for (const limit of [1, 2])
      expect(await walk(brand.key.key, 'q=glow', limit)).toEqual([
        'GLOWING skin week',
        'Winter glow serum',
        'Summer Glow launch',
      ]);
    expect(await walk(brand.key.key, 'q=p', 3)).toEqual(
      NAMES.filter((n) => n.toLowerCase().includes('p')).reverse(),
    );
  });

  it('binds a cursor to its search: another q refuses it', async () => {
    const first = await list(brand.key.key, 'q=glow&limit=1');
    const cursor = encodeURIComponent(first.next_cursor!);
    expectError(
      await ctx.request('GET', `/2026-07/campaigns?q=promo&limit=1&starting_after=${cursor}`, {
        key: brand.key.key,
      }),
      400,
      'invalid_request',
      'starting_after',
    );
    // The same search, trimmed the same, continues.
    expect(
      names(await list(brand.key.key, `q=${encodeURIComponent(' glow')}&starting_after=${cursor}`)),
    ).toEqual(['Winter glow serum', 'Summer Glow launch']);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['longer than 100 characters', 'x'.repeat(101)],
  ])('answers 400 invalid_request naming q when it is %s', async (_what, q) => {
    expectError(
      await ctx.request('GET', `/2026-07/campaigns?q=${encodeURIComponent(q)}`, {
        key: brand.key.key,
      }),
      400,
      'invalid_request',
      'q',
    );
  });

  it('accepts 100 characters', async () => {
    expect((await list(brand.key.key, `q=${'x'.repeat(100)}`)).data).toEqual([]);
  });
});

describe('GET /campaigns?q= with the other filters', () => {
  let brand: BrandWithKey;
  let activeGlow: Campaign;
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    await campaignIn(ctx, brand.key.key, 'draft', { name: 'Glow draft' });
    activeGlow = await campaignIn(ctx, brand.key.key, 'active', { name: 'Glow live' });
    await campaignIn(ctx, brand.key.key, 'active', { name: 'Other live' });
  });

  it('combines with status', async () => {
    const page = await list(brand.key.key, 'q=glow&status=active&status=paused');
    expect(page.data.map((c) => c.id)).toEqual([activeGlow.id]);
  });

  it('combines with created_after and created_before', async () => {
    const at = encodeURIComponent(activeGlow.created_at);
    expect(names(await list(brand.key.key, `q=glow&created_after=${at}`))).toEqual(['Glow live']);
    expect(names(await list(brand.key.key, `q=glow&created_before=${at}`))).toEqual(['Glow draft']);
  });
});

describe('GET /campaigns?q= for an agency key', () => {
  let agency: AgencyWithKey;
  let other: BrandWithKey;
  beforeAll(async () => {
    agency = await ctx.ops.agencyWithKey(2);
    other = await ctx.ops.brandWithKey();
    for (const [name, brand] of [
      ['Glow A1', 0],
      ['Plain A2', 0],
      ['Glow B1', 1],
      ['Glow A3', 0],
      ['Plain B2', 1],
      ['Glow B3', 1],
    ] as const) {
      const res = await ctx.request('POST', '/2026-07/campaigns', {
        key: agency.key.key,
        body: { name, brand_id: agency.brands[brand]!.id },
      });
      expectStatus(res, 201);
    }
    await createCampaign(ctx, other.key.key, { name: 'Glow elsewhere' });
  });

  it('searches every brand the agency manages, and pages across them in one order', async () => {
    const expected = ['Glow B3', 'Glow A3', 'Glow B1', 'Glow A1'];
    expect(names(await list(agency.key.key, 'q=glow'))).toEqual(expected);
    for (const limit of [1, 3])
      expect(await walk(agency.key.key, 'q=glow', limit)).toEqual(expected);
  });

  it('narrows to one brand with brand_id', async () => {
    expect(names(await list(agency.key.key, `q=glow&brand_id=${agency.brands[1]!.id}`))).toEqual([
      'Glow B3',
      'Glow B1',
    ]);
  });

  it('never finds a campaign of a brand the key does not act for', async () => {
    expect(names(await list(agency.key.key, 'q=elsewhere'))).toEqual([]);
    expect(names(await list(other.key.key, 'q=glow'))).toEqual(['Glow elsewhere']);
  });
});

describe('GET /campaigns?id= (named campaigns)', () => {
  let brand: BrandWithKey;
  let other: BrandWithKey;
  const made: Campaign[] = [];
  let foreign: Campaign;
  beforeAll(async () => {
    brand = await ctx.ops.brandWithKey();
    other = await ctx.ops.brandWithKey();
    for (let i = 0; i < 4; i++) made.push(await createCampaign(ctx, brand.key.key));
    foreign = await createCampaign(ctx, other.key.key);
  });

  it('answers the named campaigns, newest first, in any order named', async () => {
    const [a, , c, d] = made;
    const page = await list(brand.key.key, `id=${a!.id}&id=${d!.id}&id=${c!.id}`);
    expect(page.data.map((x) => x.id)).toEqual([d!.id, c!.id, a!.id]);
  });

  it('matches nothing for a campaign of another brand, and combines with q', async () => {
    expect((await list(brand.key.key, `id=${foreign.id}`)).data).toEqual([]);
    const named = made[1]!;
    expect((await list(brand.key.key, `id=${named.id}&q=no-such-name`)).data).toEqual([]);
    expect(
      (await list(brand.key.key, `id=${named.id}&q=${encodeURIComponent(named.name)}`)).data.map(
        (x) => x.id,
      ),
    ).toEqual([named.id]);
  });

  it('answers 400 naming id for a value that is not a UUID, or more than 100', async () => {
    expectError(
      await ctx.request('GET', '/2026-07/campaigns?id=glow', { key: brand.key.key }),
      400,
      'invalid_request',
      'id[0]',
    );
    const many = Array.from({ length: 101 }, () => `id=${made[0]!.id}`).join('&');
    expectError(
      await ctx.request('GET', `/2026-07/campaigns?${many}`, { key: brand.key.key }),
      400,
      'invalid_request',
      'id',
    );
  });
});
