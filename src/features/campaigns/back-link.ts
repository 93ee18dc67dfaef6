/** What a link to a campaign page carries: the list it came from, filters included. */
export type CampaignLinkState = { backTo: string };

/**
 * Where "Back to campaigns" goes: the list the user came from (a campaigns list of this app),
 * else `fallback`.
 */
export function backToList(state: unknown, fallback: string): string {
  const backTo = (state as Partial<CampaignLinkState> | null)?.backTo;
  return typeof backTo === 'string' && /^\/brands\/[^/]+\/campaigns(\?|$)/.test(backTo)
    ? backTo
    : fallback;
}
