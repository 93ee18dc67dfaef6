import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { LiveEvent } from '#contract/events';
import { useEffect, useState } from 'react';
import { runEventStream } from '../../lib/event-stream';

/** While the stream is down, the screens of creator activity refresh this often instead. */
export const POLL_MS = 30_000;

const LIVE_AREAS = new Set(['review', 'creators', 'posts', 'campaigns']);

/** Queries a change of this campaign may affect: any brand-scoped key naming the campaign. */
export function affectedBy(event: LiveEvent) {
  return (query: Query) => {
    const key = query.queryKey;
    if (key[0] !== 'brand' || !LIVE_AREAS.has(String(key[2]))) return false;
    if (event.campaign_id && key.includes(event.campaign_id)) return true;
    // A campaign's status or name shows in the lists of campaigns (review's and the list's).
    return (
      event.type === 'campaign.updated' &&
      ((key[2] === 'review' && key[3] === 'campaigns') ||
        (key[2] === 'campaigns' && key[3] === 'list'))
    );
  };
}

/** Refetches what an event may have changed (the event only says what, never how). */
export function applyLiveEvent(queryClient: QueryClient, data: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  const event = LiveEvent.safeParse(parsed);
  if (!event.success) return;
  void queryClient.invalidateQueries({ predicate: affectedBy(event.data) });
}

/**
 * One event-stream connection for the signed-in shell. Answers whether it is connected; while
 * it is not, queries of the live areas are refreshed every `POLL_MS` instead.
 */
export function useLiveEvents(): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void runEventStream({
      path: '/events',
      signal: controller.signal,
      onEvent: (event) => applyLiveEvent(queryClient, event.data),
      onStatus: setConnected,
    });
    return () => controller.abort();
  }, [queryClient]);

  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'brand' &&
          ['review', 'creators', 'posts'].includes(String(query.queryKey[2])),
        refetchType: 'active',
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [connected, queryClient]);

  return { connected };
}
