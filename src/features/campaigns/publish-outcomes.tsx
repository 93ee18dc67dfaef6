import type { QueryClient } from '@tanstack/react-query';
import type { Campaign } from '#contract/campaigns';
import type { LiveEvent } from '#contract/events';
import { Link } from 'react-router';
import { paths } from '#config/paths';
import { awaitingApproval, campaignKeys } from '#lib/campaign-cache';
import type { LiveInvalidation } from '#lib/live-invalidation';
import { notify } from '#lib/notify';
import { fetchCampaign } from './api/campaigns';

// How a publish request ended, told wherever the user is (docs/api.md#getting-live): a
// `campaign.updated` event about a campaign the dashboard knows to be waiting for approval makes it
// read that campaign once; live, or not approved, becomes a toast with a link to it.

/** The toast id of a campaign's outcome: a second reading of the same outcome replaces the first. */
const outcomeToastId = (campaignId: string) => `publish-outcome-${campaignId}`;

/** Tells the user how a publish request ended: live, or not approved with the reviewer's reason. */
export function announceOutcome(campaign: Campaign): void {
  const link = (
    <Link
      to={paths.campaign.href(campaign.brand_id, campaign.id)}
      className="font-medium text-indigo-800 underline"
    >
      Open “{campaign.name}”
    </Link>
  );
  if (campaign.status === 'active') {
    notify.outcome(
      'success',
      `“${campaign.name}” is live`,
      <span>The platform approved it: creators can join now. {link}</span>,
      outcomeToastId(campaign.id),
    );
  } else if (campaign.status === 'draft' && campaign.status_detail?.kind === 'publish_denied') {
    notify.outcome(
      'warning',
      `“${campaign.name}” was not approved`,
      <span>
        <span className="font-medium">Reason:</span> {campaign.status_detail.reason || 'none given'}{' '}
        It is a draft again: change it, then publish it again. {link}
      </span>,
      outcomeToastId(campaign.id),
    );
  }
  // Withdrawn (a draft without a denial): the user did it and was told then.
}

/** Whether `data` (a campaign, a page of them, or pages of an infinite list) holds `id` pending. */
function holdsPending(data: unknown, id: string): boolean {
  if (!data || typeof data !== 'object') return false;
  const item = data as { id?: unknown; status?: unknown; data?: unknown; pages?: unknown };
  if (item.id === id) return item.status === 'pending_approval';
  if (Array.isArray(item.data)) return item.data.some((row) => holdsPending(row, id));
  if (Array.isArray(item.pages)) return item.pages.some((page) => holdsPending(page, id));
  return false;
}

/** Whether the dashboard last knew campaign `id` as waiting for approval (in the cache or sent here). */
function knownPending(queryClient: QueryClient, id: string): boolean {
  if (awaitingApproval.has(id)) return true;
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.queryKey.includes('campaigns') && holdsPending(query.state.data, id));
}

/** Reads a campaign that was waiting and tells how its request ended, once it has. */
async function checkOutcome(id: string): Promise<void> {
  let campaign: Campaign;
  try {
    campaign = await fetchCampaign(id);
  } catch {
    return; // Gone meanwhile, or out of reach: nothing to tell.
  }
  if (campaign.status === 'pending_approval') {
    awaitingApproval.add(id);
    return;
  }
  awaitingApproval.delete(id);
  announceOutcome(campaign);
}

/**
 * Declared with the live areas (src/app/live-invalidations.ts), though it refetches nothing: it
 * reads the events of each burst before the refetches land, while the cache still shows the
 * campaign pending.
 */
export const publishOutcomesLiveInvalidation: LiveInvalidation = {
  keys: (brandId) => [...campaignKeys.all(brandId), 'publish-outcomes'],
  concerns: () => false,
  apply: (queryClient: QueryClient, events: readonly LiveEvent[]) => {
    const ids = new Set(
      events
        .filter((e) => e.type === 'campaign.updated' && e.campaign_id !== null)
        .map((e) => e.campaign_id!),
    );
    for (const id of ids) if (knownPending(queryClient, id)) void checkOutcome(id);
  },
};
