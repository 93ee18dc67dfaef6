import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './use-live-events';

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';
const BRAND = '11111111-1111-4111-8111-111111111111';

function clientWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  return client;
}

const event = (type: string) =>
  JSON.stringify({
    type,
    id: 'x',
    campaign_id: CAMPAIGN,
    brand_id: BRAND,
    occurred_at: '2026-07-01T00:00:00Z',
  });

describe('live events', () => {
  it('refetches the queries of the event’s campaign only', () => {
    const client = clientWith([
      ['brand', BRAND, 'review', 'waiting', CAMPAIGN],
      ['brand', BRAND, 'creators', CAMPAIGN, 'list', 'applied'],
      ['brand', BRAND, 'posts', CAMPAIGN, 'list', {}],
      ['brand', BRAND, 'review', 'waiting', OTHER],
      ['brand', BRAND, 'review', 'campaigns'],
      ['me'],
    ]);
    applyLiveEvent(client, event('submission.created'));
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
    expect(stale).toEqual([
      ['brand', BRAND, 'review', 'waiting', CAMPAIGN],
      ['brand', BRAND, 'creators', CAMPAIGN, 'list', 'applied'],
      ['brand', BRAND, 'posts', CAMPAIGN, 'list', {}],
    ]);
  });

  it('refreshes the lists of campaigns when a campaign changes, and ignores malformed data', () => {
    const client = clientWith([['brand', BRAND, 'review', 'campaigns']]);
    applyLiveEvent(client, 'not json');
    applyLiveEvent(client, '{"type":"nope"}');
    expect(client.getQueryCache().getAll()[0]!.state.isInvalidated).toBe(false);
    applyLiveEvent(client, event('campaign.updated'));
    expect(client.getQueryCache().getAll()[0]!.state.isInvalidated).toBe(true);
  });
});
