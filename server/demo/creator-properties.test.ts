import { describe, expect, it } from 'vitest';
import { CampaignPage } from '#contract/campaigns';
import { CreatorPage } from '#contract/creators';
import { seededDemo } from '../test/demo.ts';

const { get } = await seededDemo();

describe('the demo creators', () => {
  it('carry targeting properties, and the targeted campaigns have creators on both sides of the fit', async () => {
    const campaigns = CampaignPage.parse(await get('/campaigns?status=active&limit=100')).data;
    let both = 0;
    for (const campaign of campaigns) {
      const creators = CreatorPage.parse(
        await get(`/campaigns/${campaign.id}/creators?limit=100`),
      ).data;
      for (const c of creators)
        expect(c.properties.map((p) => p.property_id)).toContain('prop_country');
      const fits = new Set(creators.map((c) => c.targeting_fit.matches));
      if (campaign.targeting === null) expect([...fits]).toEqual([true]);
      else if (fits.size === 2) both += 1;
    }
    expect(both).toBeGreaterThan(0);
  });
});
