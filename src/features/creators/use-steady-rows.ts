import { useState } from 'react';
import type { CampaignCreator } from '#contract/creators';
import { steadyRows } from './steady-rows';

/**
 * `steadyRows` over a list that refetches: the first answer (or the first non-empty one, when
 * there was nothing to work on) is pinned; `showArrivals` pins the latest list. Once every pinned
 * row has left the list and none of them was decided from this tab (`decidedHere`), someone else
 * finished the list: nothing is being worked on, so the latest list is pinned and a finished list
 * reads as finished ("No applicants waiting") instead of a column of rows nobody can act on. Rows
 * decided here stay with their result.
 */
export function useSteadyRows(
  latest: readonly CampaignCreator[] | undefined,
  decidedHere: (creatorId: string) => boolean,
) {
  const [pinned, setPinned] = useState<readonly CampaignCreator[] | null>(null);
  if (latest && (pinned === null || (pinned.length === 0 && latest.length > 0))) {
    setPinned(latest);
  }
  const { rows, arrivals, left } = steadyRows(pinned ?? latest ?? [], latest ?? []);
  if (
    latest &&
    pinned &&
    pinned.length > 0 &&
    left.size === pinned.length &&
    !pinned.some((c) => decidedHere(c.creator_id))
  ) {
    setPinned(latest);
  }
  return { rows, arrivals, left, showArrivals: () => setPinned(latest ?? []) };
}
