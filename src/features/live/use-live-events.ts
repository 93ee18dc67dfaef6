import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { LiveEvent } from '#contract/events';
import { useEffect, useState } from 'react';
import { runEventStream } from '#lib/event-stream';
import { liveOwnerOf, type LiveInvalidation } from '#lib/live-invalidation';

/** Timings of live updates; tests shorten them. */
export const live = {
  /** While the stream is down, the live areas refresh this often instead. */
  pollMs: 30_000,
};

/** Events of one burst (one read of the stream, or reads this close) refetch once. */
export const COALESCE_MS = 100;

/** Queries a change may affect, as the features that own them declared. */
export function affectedBy(invalidations: readonly LiveInvalidation[], event: LiveEvent) {
  return (query: Query) => {
    const owner = liveOwnerOf(invalidations, query.queryKey);
    return owner !== null && owner.invalidation.concerns(event, query.queryKey, owner.brandId);
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

/**
 * Refetches what some events may have changed (events say what, never how), once per query, and
 * lets a feature that updates its cache itself apply them (`LiveInvalidation.apply`).
 */
export function applyLiveEvents(
  queryClient: QueryClient,
  invalidations: readonly LiveInvalidation[],
  events: readonly LiveEvent[],
): void {
  if (events.length === 0) return;
  const predicates = events.map((event) => affectedBy(invalidations, event));
  void queryClient.invalidateQueries({ predicate: (query) => predicates.some((p) => p(query)) });
  for (const invalidation of invalidations) invalidation.apply?.(queryClient, events);
}

/** Refreshes the queries on screen of every live area (the polling fallback). */
export function refreshLiveAreas(
  queryClient: QueryClient,
  invalidations: readonly LiveInvalidation[],
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => liveOwnerOf(invalidations, query.queryKey) !== null,
    refetchType: 'active',
  });
}

/**
 * The service answers a resume it cannot replay (too old, too far behind) with a `reset`
 * message: anything shown may be stale, so every query refetches.
 */
export function applyReset(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}

/**
 * One event-stream connection for the signed-in shell, refreshing the queries `invalidations`
 * say an event concerns. Answers whether it is connected; while it is not, every live area's
 * queries on screen are refreshed every `live.pollMs` instead.
 */
export function useLiveEvents(invalidations: readonly LiveInvalidation[]): {
  connected: boolean;
} {
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
      applyLiveEvents(queryClient, invalidations, events);
    };
    void runEventStream({
      path: '/events',
      signal: controller.signal,
      onEvent: (message) => {
        if (message.event === 'reset') {
          burst = [];
          applyReset(queryClient);
          return;
        }
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
  }, [queryClient, invalidations]);

  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => void refreshLiveAreas(queryClient, invalidations), live.pollMs);
    return () => clearInterval(timer);
  }, [connected, queryClient, invalidations]);

  return { connected };
}
