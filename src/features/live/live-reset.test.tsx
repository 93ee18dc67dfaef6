import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { realService } from '#testing/service';
import { configureApiClient } from '#lib/api-client';
import { useLiveEvents } from './use-live-events';

const service = realService();
// A reset refetches every query, whatever the features declare: none declared here.
const noInvalidations = [] as const;

afterEach(() => configureApiClient({ credentials: () => null }));

describe('a stream that cannot be replayed', () => {
  it('refetches every query when the service starts the stream with a reset', async () => {
    const team = await service.world.brandTeam();
    configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: null }) });
    // The dashboard resumes from a position the service no longer replays (here one it never
    // sent): the real service answers that request.
    const fetches = { queue: 0, unrelated: 0 };
    // Resolved by the second of the two first fetches (an event, not a poll).
    let bothFetched!: () => void;
    const bothHoldData = new Promise<void>((resolve) => (bothFetched = resolve));
    const fetched = (which: keyof typeof fetches) => {
      const n = ++fetches[which];
      if (fetches.queue > 0 && fetches.unrelated > 0) bothFetched();
      return n;
    };
    service.intercept(async (request) => {
      if (request.path !== '/events') return undefined;
      // Only once both queries hold data, so the refetch can only come from the reset.
      await bothHoldData;
      return service.app().request('/2026-07/events', {
        headers: { Authorization: `Bearer ${team.key}`, 'Last-Event-ID': '0' },
      });
    });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result, unmount } = renderHook(
      () => ({
        live: useLiveEvents(noInvalidations),
        queue: useQuery({
          queryKey: ['brand', team.brand.id, 'review', 'waiting', 'x'],
          queryFn: () => fetched('queue'),
        }),
        other: useQuery({ queryKey: ['me'], queryFn: () => fetched('unrelated') }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.live.connected).toBe(true));
    await waitFor(() => {
      expect(result.current.queue.data).toBe(2);
      expect(result.current.other.data).toBe(2);
    });
    unmount();
  });
});
