import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { stubFetch } from '../../test/http';
import { applyLiveEvent, COALESCE_MS, parseLiveEvent, useLiveEvents } from './use-live-events';

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';
const BRAND = '11111111-1111-4111-8111-111111111111';

function clientWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  return client;
}

const event = (type: string, campaignId = CAMPAIGN) =>
  JSON.stringify({
    type,
    id: 'x',
    campaign_id: campaignId,
    brand_id: BRAND,
    occurred_at: '2026-07-01T00:00:00Z',
  });

const KEYS = [
  ['brand', BRAND, 'review', 'waiting', CAMPAIGN],
  ['brand', BRAND, 'review', 'campaign', CAMPAIGN],
  ['brand', BRAND, 'creators', CAMPAIGN, 'list', 'applied'],
  ['brand', BRAND, 'posts', CAMPAIGN, 'list', {}],
  ['brand', BRAND, 'campaigns', 'detail', CAMPAIGN],
  ['brand', BRAND, 'review', 'waiting', OTHER],
  ['brand', BRAND, 'review', 'campaigns'],
  ['me'],
];

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);

describe('live events', () => {
  it('refetches, for a submission, the queue, creators and campaign of that campaign only', () => {
    const client = clientWith(KEYS);
    applyLiveEvent(client, event('submission.created'));
    expect(invalidated(client)).toEqual([
      ['brand', BRAND, 'review', 'waiting', CAMPAIGN],
      ['brand', BRAND, 'creators', CAMPAIGN, 'list', 'applied'],
      ['brand', BRAND, 'campaigns', 'detail', CAMPAIGN],
    ]);
  });

  it('leaves the review queue (and the waiting count) alone for metrics and creator updates', () => {
    const client = clientWith(KEYS);
    applyLiveEvent(client, event('post.updated'));
    applyLiveEvent(client, event('creator.updated'));
    expect(invalidated(client)).toEqual([
      ['brand', BRAND, 'creators', CAMPAIGN, 'list', 'applied'],
      ['brand', BRAND, 'posts', CAMPAIGN, 'list', {}],
      ['brand', BRAND, 'campaigns', 'detail', CAMPAIGN],
    ]);
  });

  it('refreshes the lists of campaigns and the tasks when a campaign changes', () => {
    const client = clientWith(KEYS);
    applyLiveEvent(client, event('campaign.updated'));
    expect(invalidated(client)).toEqual([
      ['brand', BRAND, 'review', 'campaign', CAMPAIGN],
      ['brand', BRAND, 'campaigns', 'detail', CAMPAIGN],
      ['brand', BRAND, 'review', 'campaigns'],
    ]);
  });

  it('refreshes the metrics report of a campaign on its activity, and its timeline on posts only', () => {
    const report = ['brand', BRAND, 'metrics', CAMPAIGN, 'report', 'task'];
    const timeline = ['brand', BRAND, 'metrics', CAMPAIGN, 'posts'];
    const other = ['brand', BRAND, 'metrics', OTHER, 'report', 'none'];
    const client = clientWith([report, timeline, other]);
    applyLiveEvent(client, event('submission.updated'));
    expect(invalidated(client)).toEqual([report]);
    applyLiveEvent(client, event('post.updated'));
    expect(invalidated(client)).toEqual([report, timeline]);
  });

  it('refreshes the codes of the brand an unassigned code belongs to, for code events only', () => {
    const codes = ['brand', BRAND, 'codes', 'list', 'group-1', {}];
    const otherBrand = ['brand', '22222222-2222-4222-8222-222222222222', 'codes', 'groups'];
    const client = clientWith([codes, otherBrand]);
    applyLiveEvent(client, event('post.created'));
    expect(invalidated(client)).toEqual([]);
    applyLiveEvent(
      client,
      JSON.stringify({
        ...JSON.parse(event('code.updated')),
        id: 'GLOW-SPARE1',
        campaign_id: null,
      }),
    );
    expect(invalidated(client)).toEqual([codes]);
  });

  it('ignores malformed data', () => {
    const client = clientWith([['brand', BRAND, 'review', 'campaigns']]);
    applyLiveEvent(client, 'not json');
    applyLiveEvent(client, '{"type":"nope"}');
    expect(parseLiveEvent('{"type":"campaign.updated"}')).toBeNull();
    expect(invalidated(client)).toEqual([]);
  });

  it('refetches each query once for a burst of events from the stream', async () => {
    configureApiClient({ credentials: () => ({ apiKey: 'cck_test', baseUrl: null }) });
    let send: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    stubFetch(() => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    const client = new QueryClient();
    let fetches = 0;
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result, unmount } = renderHook(
      () => {
        const live = useLiveEvents();
        const waiting = useQuery({
          queryKey: ['brand', BRAND, 'review', 'waiting', CAMPAIGN],
          queryFn: () => ++fetches,
        });
        return { live, waiting };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.live.connected).toBe(true));
    await waitFor(() => expect(result.current.waiting.data).toBe(1));

    // A submission arrives, then is revised twice, in two reads of the stream; metrics move too.
    send(
      `id: 1\ndata: ${event('submission.created')}\n\nid: 2\ndata: ${event('post.updated')}\n\n`,
    );
    send(
      `id: 3\ndata: ${event('submission.updated')}\n\nid: 4\ndata: ${event('submission.updated')}\n\n`,
    );
    await waitFor(() => expect(result.current.waiting.data).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 3));
    expect(fetches).toBe(2);
    unmount();
    configureApiClient({ credentials: () => null });
  });
});
