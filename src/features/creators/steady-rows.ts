import type { CampaignCreator } from '#contract/creators';

/**
 * The rows a person is working on stay where they are while the list refetches: `pinned` is the
 * list as it was when they started (or last chose to see new arrivals). Each pinned row shows its
 * latest data, and stays even after it left the list (decided here or elsewhere) so nothing below
 * it moves; `left` names those rows, so one decided elsewhere loses its buttons instead of
 * offering a decision the service already holds. A creator the pinned list does not hold is
 * either an older one from a further page (appended at the bottom, where it moves nothing) or a
 * new arrival, only counted until the person asks to see it.
 */
export function steadyRows(
  pinned: readonly CampaignCreator[],
  latest: readonly CampaignCreator[],
): { rows: CampaignCreator[]; arrivals: CampaignCreator[]; left: ReadonlySet<string> } {
  const byId = new Map(latest.map((c) => [c.creator_id, c]));
  const rows = pinned.map((c) => byId.get(c.creator_id) ?? c);
  const left = new Set(pinned.filter((c) => !byId.has(c.creator_id)).map((c) => c.creator_id));
  const pinnedIds = new Set(pinned.map((c) => c.creator_id));
  const oldest = Math.min(...pinned.map((c) => Date.parse(c.applied_at)));
  const arrivals: CampaignCreator[] = [];
  for (const creator of latest) {
    if (pinnedIds.has(creator.creator_id)) continue;
    if (pinned.length > 0 && Date.parse(creator.applied_at) < oldest) rows.push(creator);
    else arrivals.push(creator);
  }
  return { rows, arrivals, left };
}
