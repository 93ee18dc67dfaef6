import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#contract/events';
import { brandOfKey } from './query-client';

/**
 * Which live events concern one feature's queries. Each feature declares its own beside its key
 * factory (it alone knows what its keys hold); `src/app/live-invalidations.ts` registers them
 * once, and the live events hook applies them without reading anyone's keys.
 */
export interface LiveInvalidation {
  /** The feature's keys of a brand (its key factory's `all`): the queries this declaration is about. */
  keys: (brandId: string) => readonly unknown[];
  /**
   * Whether `event` may change what the query `key` (one of the feature's keys, under `brandId`)
   * shows. Events say what changed, never how: a concerned query refetches.
   */
  concerns: (event: LiveEvent, key: readonly unknown[], brandId: string) => boolean;
  /**
   * For queries that must not refetch whole lists on an event (the review queue's pages): applies
   * a burst of events to the cache itself, reading only what the events name.
   */
  apply?: (queryClient: QueryClient, events: readonly LiveEvent[]) => void;
}

/** Whether `key` begins with every segment of `prefix` (as React Query matches a key prefix). */
export function keyStartsWith(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.length <= key.length && prefix.every((segment, i) => key[i] === segment);
}

/** The declaration that owns `key`, with the key's brand, or null for a key no feature declared. */
export function liveOwnerOf(
  invalidations: readonly LiveInvalidation[],
  key: readonly unknown[],
): { invalidation: LiveInvalidation; brandId: string } | null {
  const brandId = brandOfKey(key);
  if (brandId === null) return null;
  const invalidation = invalidations.find((inv) => keyStartsWith(key, inv.keys(brandId)));
  return invalidation ? { invalidation, brandId } : null;
}
