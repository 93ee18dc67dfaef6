import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

// The campaign a per-campaign screen (Creators, Posts, Metrics) opens on, the same on each:
// the campaign last chosen for the brand on any of them (the Review queue's campaign filter
// included), else the newest active one, else the newest. The URL (`?campaign=`) always names
// the campaign shown, so a link or a reload opens the same one.

const storageKey = (brandId: string) => `campaign-console.last-campaign.${brandId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: no memory, the default still applies
  }
}

/** Remembers `campaignId` as the brand's last chosen campaign. */
export function rememberCampaign(brandId: string, campaignId: string): void {
  try {
    storage()?.setItem(storageKey(brandId), campaignId);
  } catch {
    // A full or refused storage only loses the memory.
  }
}

/** The brand's last chosen campaign, if one was remembered. */
export function lastCampaign(brandId: string): string | null {
  try {
    return storage()?.getItem(storageKey(brandId)) ?? null;
  } catch {
    return null;
  }
}

export type CampaignOption = { id: string; status: string };

/**
 * The default among `campaigns` (newest first): the last chosen if it is listed, else the newest
 * active, else the newest. While the list is incomplete, null unless the last chosen is already
 * listed (a later page could hold it).
 */
export function defaultCampaign(
  brandId: string,
  campaigns: readonly CampaignOption[],
  complete: boolean,
): string | null {
  const last = lastCampaign(brandId);
  if (last && campaigns.some((c) => c.id === last)) return last;
  if (!complete) return null;
  return (campaigns.find((c) => c.status === 'active') ?? campaigns[0])?.id ?? null;
}

/**
 * The campaign a screen shows: the URL's, else the default, which is then written into the URL
 * (replacing the entry). The campaign shown is remembered as the last chosen.
 */
export function useCampaignParam(
  brandId: string,
  campaigns: readonly CampaignOption[] | undefined,
  { complete }: { complete: boolean },
): string | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = searchParams.get('campaign');
  const fallback = campaigns ? defaultCampaign(brandId, campaigns, complete) : null;
  useEffect(() => {
    if (inUrl) {
      if (campaigns?.some((c) => c.id === inUrl)) rememberCampaign(brandId, inUrl);
      return;
    }
    if (!fallback) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('campaign', fallback);
        return next;
      },
      { replace: true },
    );
  }, [brandId, campaigns, inUrl, fallback, setSearchParams]);
  return inUrl ?? fallback;
}

/** Remembers the campaign a screen was narrowed to (the Review queue's filter). */
export function useRememberCampaign(brandId: string, campaignId: string | null): void {
  useEffect(() => {
    if (campaignId) rememberCampaign(brandId, campaignId);
  }, [brandId, campaignId]);
}
