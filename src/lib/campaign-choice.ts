import {
  infiniteQueryOptions,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CampaignPage } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import { api } from './api-client';
import { campaignDetailOptions, campaignKeys } from './campaign-cache';
import { infinitePageOptions } from './paging';

// The campaign a per-campaign screen (Creators, Posts, Metrics) opens on, the same on each:
// the campaign last chosen for the brand on any of them (the Review queue's campaign filter
// included), else the newest active one, else the newest of the screen's statuses. None of it
// reads the brand's whole list (docs/decisions/0123-campaign-picker.md): at most a read by id
// and one or two one-row pages. The URL (`?campaign=`) always names the campaign shown, so a link
// or a reload opens the same one.

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

/** Campaigns a picker lists per page: a screenful, not the brand's whole list. */
export const PICKER_PAGE_SIZE = 25;

/**
 * The campaign picker's list: pages of the brand's campaigns in `statuses` (all when omitted),
 * newest first, narrowed by the name search `q` (docs/api.md#campaign-list). Under the campaign
 * lists' key, so a renamed or published campaign refreshes it like every list.
 */
export const campaignPickerOptions = (
  brandId: string,
  filters: { statuses?: readonly CampaignStatus[] | undefined; q?: string | undefined },
) =>
  infiniteQueryOptions({
    queryKey: campaignKeys.list(brandId, { picker: true, status: filters.statuses, q: filters.q }),
    queryFn: ({ pageParam, signal }) =>
      api.GET('/campaigns', CampaignPage, {
        params: {
          query: {
            brand_id: brandId,
            status: filters.statuses && [...filters.statuses],
            q: filters.q,
            limit: PICKER_PAGE_SIZE,
            starting_after: pageParam ?? undefined,
          },
        },
        signal,
      }),
    ...infinitePageOptions,
  });

/** The brand's newest campaign in `statuses`, or null when it has none (a one-row page). */
async function newestIn(
  brandId: string,
  statuses: readonly CampaignStatus[],
  signal: AbortSignal,
): Promise<string | null> {
  const page = await api.GET('/campaigns', CampaignPage, {
    params: { query: { brand_id: brandId, status: [...statuses], limit: 1 } },
    signal,
  });
  return page.data[0]?.id ?? null;
}

/**
 * The default campaign of a screen that shows campaigns in `statuses`: the remembered one if it
 * still exists and is in them (read by id, and kept in the cache for the screen, which reads it
 * too), else the newest active one, else the newest in `statuses`; null when the brand has none.
 */
export async function defaultCampaign(
  queryClient: QueryClient,
  brandId: string,
  statuses: readonly CampaignStatus[],
  signal: AbortSignal,
): Promise<string | null> {
  const last = lastCampaign(brandId);
  if (last) {
    const remembered = await queryClient
      .fetchQuery({ ...campaignDetailOptions(brandId, last), retry: false })
      .catch(() => null); // gone, or another brand's: the next rule applies
    if (remembered && statuses.includes(remembered.status)) return remembered.id;
  }
  if (statuses.includes('active')) {
    const active = await newestIn(brandId, ['active'], signal);
    if (active) return active;
  }
  return newestIn(brandId, statuses, signal);
}

const defaultCampaignOptions = (
  queryClient: QueryClient,
  brandId: string,
  statuses: readonly CampaignStatus[],
) =>
  queryOptions({
    // The remembered campaign is part of the key: another one remembered is another default.
    queryKey: [...campaignKeys.all(brandId), 'default', statuses, lastCampaign(brandId)],
    queryFn: ({ signal }) => defaultCampaign(queryClient, brandId, statuses, signal),
  });

/** Which campaign a screen shows, and whether it is known yet. */
export interface CampaignParam {
  /** The campaign shown: the URL's, else the default once it is known. */
  campaignId: string | null;
  /** The default is being worked out (the URL names no campaign yet). */
  pending: boolean;
  /** The brand has no campaign in the screen's statuses. */
  none: boolean;
  /** Working out the default failed; `retry` tries again. */
  error: Error | null;
  retry: () => void;
}

/**
 * The campaign a screen shows: the URL's, else the default, which is then written into the URL
 * (replacing the entry). A campaign the URL names is remembered once it is read and fits.
 */
export function useCampaignParam(
  brandId: string,
  statuses: readonly CampaignStatus[],
): CampaignParam {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = searchParams.get('campaign');
  const fallback = useQuery({
    ...defaultCampaignOptions(queryClient, brandId, statuses),
    enabled: inUrl === null,
  });
  const shown = useQuery({ ...campaignDetailOptions(brandId, inUrl ?? ''), enabled: !!inUrl });
  const fits = shown.data !== undefined && statuses.includes(shown.data.status);
  const chosen = fallback.data ?? null;
  // Two effects: a choice remembers its campaign at once (before the router's location reaches
  // this render), which changes the default's key; a single effect would then run again with
  // the old URL's campaign and remember it over the choice.
  useEffect(() => {
    if (inUrl && fits) rememberCampaign(brandId, inUrl);
  }, [brandId, inUrl, fits]);
  useEffect(() => {
    if (inUrl || !chosen) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('campaign', chosen);
        return next;
      },
      { replace: true },
    );
  }, [inUrl, chosen, setSearchParams]);
  return {
    campaignId: inUrl ?? chosen,
    pending: inUrl === null && fallback.isPending,
    none: inUrl === null && fallback.isSuccess && fallback.data === null,
    error: inUrl === null ? fallback.error : null,
    retry: () => void fallback.refetch(),
  };
}

/** Remembers the campaign a screen was narrowed to (the Review queue's filter). */
export function useRememberCampaign(brandId: string, campaignId: string | null): void {
  useEffect(() => {
    if (campaignId) rememberCampaign(brandId, campaignId);
  }, [brandId, campaignId]);
}

/** At most this many campaigns named in one read of names (the list's `id` limit). */
const NAMES_PER_READ = 100;

/**
 * The names of the campaigns `ids` (e.g. those a page of codes or of the activity trail
 * mentions), read with the campaign list's `id` filter: one request per 100 campaigns named,
 * whatever the number of campaigns the brand has. Unknown ids (deleted, another brand's) are
 * absent from the map.
 */
export function useCampaignNames(
  brandId: string,
  ids: readonly (string | null | undefined)[],
): ReadonlyMap<string, string> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const names = useQuery({
    queryKey: campaignKeys.list(brandId, { names: wanted }),
    queryFn: async ({ signal }) => {
      const found: [string, string][] = [];
      for (let i = 0; i < wanted.length; i += NAMES_PER_READ) {
        const page = await api.GET('/campaigns', CampaignPage, {
          params: {
            query: {
              brand_id: brandId,
              id: wanted.slice(i, i + NAMES_PER_READ),
              limit: NAMES_PER_READ,
            },
          },
          signal,
        });
        for (const c of page.data) found.push([c.id, c.name]);
      }
      return new Map(found);
    },
    enabled: wanted.length > 0,
    placeholderData: (previous) => previous,
  });
  return names.data ?? EMPTY_NAMES;
}

const EMPTY_NAMES: ReadonlyMap<string, string> = new Map();
