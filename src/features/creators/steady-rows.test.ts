import { describe, expect, it } from 'vitest';
import type { CampaignCreator } from '#contract/creators';
import { steadyRows } from './steady-rows';

const creator = (n: number, overrides: Partial<CampaignCreator> = {}): CampaignCreator => ({
  creator_id: `cr_${n}`,
  username: `creator${n}`,
  status: 'applied',
  applied_at: new Date(Date.UTC(2026, 6, 1, 10, n)).toISOString(),
  decided_at: null,
  content: { submitted: 0, in_review: 0, approved: 0, rejected: 0 },
  posts: 0,
  metrics: { views: 0, likes: 0, comments: 0, shares: 0, saves: 0 },
  spend_cents: 0,
  properties: [],
  targeting_fit: { matches: true, unmet: [] },
  ...overrides,
});
const ids = (list: CampaignCreator[]) => list.map((c) => c.creator_id);

describe('steadyRows', () => {
  const pinned = [creator(5), creator(4), creator(3)];

  it('keeps the pinned order and shows each row’s latest data', () => {
    const latest = [creator(5), creator(4, { username: 'renamed' }), creator(3)];
    const { rows, arrivals } = steadyRows(pinned, latest);
    expect(ids(rows)).toEqual(['cr_5', 'cr_4', 'cr_3']);
    expect(rows[1]!.username).toBe('renamed');
    expect(arrivals).toEqual([]);
  });

  it('keeps a row that left the list (decided) in its place, as last seen, and names it', () => {
    const { rows, left } = steadyRows(pinned, [creator(5), creator(3)]);
    expect(ids(rows)).toEqual(['cr_5', 'cr_4', 'cr_3']);
    expect(rows[1]).toBe(pinned[1]);
    expect([...left]).toEqual(['cr_4']);
  });

  it('counts newer creators as arrivals without inserting them', () => {
    const { rows, arrivals } = steadyRows(pinned, [creator(7), creator(6), creator(5), creator(3)]);
    expect(ids(rows)).toEqual(['cr_5', 'cr_4', 'cr_3']);
    expect(ids(arrivals)).toEqual(['cr_7', 'cr_6']);
  });

  it('appends older creators of a further page at the bottom', () => {
    const { rows, arrivals } = steadyRows(pinned, [...pinned, creator(2), creator(1)]);
    expect(ids(rows)).toEqual(['cr_5', 'cr_4', 'cr_3', 'cr_2', 'cr_1']);
    expect(arrivals).toEqual([]);
  });

  it('with nothing pinned, everything is an arrival', () => {
    expect(ids(steadyRows([], [creator(1)]).arrivals)).toEqual(['cr_1']);
  });
});
