import { afterEach, describe, expect, it } from 'vitest';
import { CampaignPage } from '#contract/campaigns';
import { realService } from '#testing/service';
import { api, configureApiClient } from './api-client';
import { eachPage, fetchAllPages, infinitePageOptions, nextCursor } from './paging';

const service = realService();

afterEach(() => configureApiClient({ credentials: () => null }));

async function brandWithCampaigns(names: string[]) {
  const team = await service.world.brandTeam();
  for (const name of names) await service.world.campaign(team, 'draft', { name });
  configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: null }) });
  return (cursor: string | null) =>
    api.GET('/campaigns', CampaignPage, {
      params: { query: { brand_id: team.brand.id, limit: 2, starting_after: cursor ?? undefined } },
    });
}

describe('paging', () => {
  it('fetches every page of a list, one request a page, following next_cursor', async () => {
    const fetchPage = await brandWithCampaigns(['A', 'B', 'C', 'D', 'E']);
    const rows = await fetchAllPages(fetchPage);
    expect(rows.map((c) => c.name).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(service.requests.filter((r) => r.path === '/campaigns')).toHaveLength(3);
  });

  it('gives each page in turn, and stops after the last', async () => {
    const fetchPage = await brandWithCampaigns(['A', 'B']);
    const sizes: number[] = [];
    for await (const page of eachPage(fetchPage)) sizes.push(page.data.length);
    expect(sizes).toEqual([2]);
    expect(service.requests.filter((r) => r.path === '/campaigns')).toHaveLength(1);
  });

  it('gives infinite queries no next page once has_more is false', () => {
    expect(infinitePageOptions.initialPageParam).toBeNull();
    expect(nextCursor({ has_more: true, next_cursor: 'abc' })).toBe('abc');
    expect(nextCursor({ has_more: false, next_cursor: 'abc' })).toBeNull();
    expect(nextCursor({ has_more: false, next_cursor: null })).toBeNull();
  });
});
