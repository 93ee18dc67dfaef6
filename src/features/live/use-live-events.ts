import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { LiveEvent } from '#contract/events';
import { useEffect, useState } from 'react';
import { runEventStream } from '../../lib/event-stream';

/** While the stream is down, the screens of creator activity refresh this often instead. */
export const POLL_MS = 30_000;

const LIVE_AREAS = new Set(['review', 'creators', 'posts', 'campaigns', 'metrics', 'codes']);

/** Events of one burst (one read of the stream, or reads this close) refetch once. */
export const COALESCE_MS = 100;

/**
 * Whether an event of this type can change what a query of this area shows. The review queue
 * (and the navigation's waiting count, which shares its queries) refetches a campaign's list only
 * for its submissions, not for the far more frequent metrics and creator updates; creators show
 * content counts, posts and metrics; posts show posts.
 */
function touches(key: readonly unknown[], type: LiveEvent['type']): boolean {
  switch (key[2]) {
    case 'review':
      return key[3] === 'waiting' ? type.startsWith('submission.') : type === 'campaign.updated';
    case 'creators':
      return (
        type.startsWith('creator.') || type.startsWith('submission.') || type.startsWith('post.')
      );
    case 'posts':
      return type.startsWith('post.');
    case 'metrics':
      // The report sums creators, submissions, posts and spend (codes pay commissions); the
      // timeline reads the posts only.
      return key[4] === 'posts' ? type.startsWith('post.') : type !== 'campaign.updated';
    case 'codes':
      // A code's holder (their username) does not change with the code.
      return type === 'code.updated' && key[3] !== 'holder';
    default:
      return true;
  }
}

/** Queries a change of this campaign may affect: brand-scoped keys naming the campaign. */
export function affectedBy(event: LiveEvent) {
  return (query: Query) => {
    const key = query.queryKey;
    if (key[0] !== 'brand' || !LIVE_AREAS.has(String(key[2]))) return false;
    if (event.campaign_id && key.includes(event.campaign_id)) return touches(key, event.type);
    // Codes are listed by group, not by campaign, and an unassigned code has no campaign.
    if (key[2] === 'codes') return key[1] === event.brand_id && touches(key, event.type);
    // A campaign's status or name shows in the lists of campaigns (review's and the list's).
    return (
      event.type === 'campaign.updated' &&
      ((key[2] === 'review' && key[3] === 'campaigns') ||
        (key[2] === 'campaigns' && key[3] === 'list'))
    );
  };
}

/** The event in a stream message's data, or null when it is not one. */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    return LiveEvent.safeParse(JSON.parse(data)).data ?? null;
  } catch {
    return null;
  }
}

/** Refetches what some events may have changed (events say what, never how), once per query. */
export function applyLiveEvents(queryClient: QueryClient, events: readonly LiveEvent[]): void {
  if (events.length === 0) return;
  const predicates = events.map(affectedBy);
  void queryClient.invalidateQueries({ predicate: (query) => predicates.some((p) => p(query)) });
}

/** Refetches what one event may have changed. */
export function applyLiveEvent(queryClient: QueryClient, data: string): void {
  const event = parseLiveEvent(data);
  if (event) applyLiveEvents(queryClient, [event]);
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
    let burst: LiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const events = burst;
      burst = [];
      applyLiveEvents(queryClient, events);
    };
    void runEventStream({
      path: '/events',
      signal: controller.signal,
      onEvent: (message) => {
        const event = parseLiveEvent(message.data);
        if (!event) return;
        burst.push(event);
        timer ??= setTimeout(flush, COALESCE_MS);
      },
      onStatus: setConnected,
    });
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
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
