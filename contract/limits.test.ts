import { describe, expect, it } from 'vitest';
import { CampaignCreate } from './campaigns.ts';
import { CAMPAIGN_LIMITS, TARGETING_LIMITS } from './limits.ts';
import { Targeting } from './targeting.ts';

const refusedAt = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? null : result.error!.issues.map((i) => i.path.join('.'));

describe('the limits are what the schemas enforce', () => {
  const condition = { property: 'prop_country', operator: 'IN', values: ['US'] };
  const group = { operator: 'AND', conditions: [condition] };

  it('bounds a targeting rule', () => {
    const rule = (groups: unknown[]) => Targeting.safeParse({ root_operator: 'AND', groups });
    expect(refusedAt(rule(Array(TARGETING_LIMITS.groups).fill(group)))).toBeNull();
    expect(refusedAt(rule(Array(TARGETING_LIMITS.groups + 1).fill(group)))).toEqual(['groups']);
    const conditions = (n: number) => rule([{ ...group, conditions: Array(n).fill(condition) }]);
    expect(refusedAt(conditions(TARGETING_LIMITS.conditionsPerGroup))).toBeNull();
    expect(refusedAt(conditions(TARGETING_LIMITS.conditionsPerGroup + 1))).toEqual([
      'groups.0.conditions',
    ]);
    expect(
      refusedAt(rule([{ ...group, name: 'x'.repeat(TARGETING_LIMITS.groupName + 1) }])),
    ).toEqual(['groups.0.name']);
  });

  it('bounds a campaign’s lists', () => {
    const body = (extra: object) =>
      CampaignCreate.safeParse({ name: 'Limits', product: { name: 'P' }, ...extra });
    expect(refusedAt(body({ links: [] }))).toBeNull();
    const url = 'https://example.com/v';
    expect(
      refusedAt(body({ video_examples: Array(CAMPAIGN_LIMITS.videoExamples + 1).fill(url) })),
    ).toEqual(['video_examples']);
    expect(refusedAt(body({ links: Array(CAMPAIGN_LIMITS.links + 1).fill({ url }) }))).toEqual([
      'links',
    ]);
  });
});
