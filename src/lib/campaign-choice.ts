import {
  infiniteQueryOptions,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CampaignPage, type CampaignSummary } from '#contract/campaigns';
import type { CampaignSort, CampaignStatus } from '#contract/enums';
import { api } from './api-client';
import { campaignDetailOptions, campaignKeys } from './campaign-cache';
import { infinitePageOptions } from './paging';

// The campaign a per-campaign screen (Creators, Posts, Metrics) opens on: the campaign last
// chosen on that screen for the brand (each screen, and the Review queue's campaign filter,
// remembers its own: docs/decisions/0165-where-applicants-wait.md), else the screen's default
// (`DEFAULT_RULES`). None of it reads the brand's whole list (docs/decisions/0123-campaign-picker.md):
// at most a read by id and a few one-row pages. The URL (`?campaign=`) always names the campaign
// shown, so a link or a reload opens the same one.

/** The screens that remember their own last campaign. */
export type CampaignScreen = 'creators' | 'posts' | 'metrics' | 'review';

const storageKey = (screen: CampaignScreen, brandId: string) =>
  `campaign-console.last-campaign.${screen}.${brandId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: no memory, the default still applies
  }
}

/** Remembers `campaignId` as the campaign last chosen on `screen` for the brand. */
export function rememberCampaign(
  screen: CampaignScreen,
  brandId: string,
  campaignId: string,
): void {
  try {
    storage()?.setItem(storageKey(screen, brandId), campaignId);
  } catch {
    // A full or refused storage only loses the memory.
  }
}

/** Forgets the campaign of `screen` (the Review queue's filter set back to every campaign). */
export function forgetCampaign(screen: CampaignScreen, brandId: string): void {
  try {
    storage()?.removeItem(storageKey(screen, brandId));
  } catch {
    // Nothing to forget.
  }
}

/** The campaign last chosen on `screen` for the brand, if one was remembered. */
export function lastCampaign(screen: CampaignScreen, brandId: string): string | null {
  try {
    return storage()?.getItem(storageKey(screen, brandId)) ?? null;
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

/**
 * One rule of a screen's default: the first campaign of the list in `statuses` (narrowed to the
 * screen's) and `sort` (newest first when omitted), if `takes` it. A one-row page each.
 */
type DefaultRule = {
  statuses: readonly CampaignStatus[] | 'screen';
  sort?: CampaignSort;
  takes?: (campaign: CampaignSummary) => boolean;
};

/** Statuses in which a campaign has something to report (posts, metrics): published, not waiting. */
const REPORTING: readonly CampaignStatus[] = ['active', 'paused', 'completed'];

/**
 * Each screen's default when nothing fitting is remembered, first rule that finds a campaign
 * wins (docs/decisions/0165-where-applicants-wait.md). Creators opens where applicants wait (the
 * running campaign with the most), else on the newest active campaign; Posts and Metrics on the newest active campaign,
 * else the newest with something to show, and on a campaign waiting for approval only when the
 * brand has nothing else.
 */
const DEFAULT_RULES: Record<CampaignScreen, readonly DefaultRule[]> = {
  creators: [
    {
      statuses: ['active', 'paused'],
      sort: 'creators_waiting',
      takes: (c) => c.creators_waiting > 0,
    },
    { statuses: ['active'] },
    { statuses: 'screen' },
  ],
  posts: [{ statuses: ['active'] }, { statuses: REPORTING }, { statuses: 'screen' }],
  metrics: [{ statuses: ['active'] }, { statuses: REPORTING }, { statuses: 'screen' }],
  review: [{ statuses: 'screen' }],
};

/** The first campaign of the rule's one-row page, if the rule takes it. */
async function firstBy(
  brandId: string,
  rule: DefaultRule,
  screenStatuses: readonly CampaignStatus[],
  signal: AbortSignal,
): Promise<string | null> {
  const statuses =
    rule.statuses === 'screen'
      ? screenStatuses
      : rule.statuses.filter((s) => screenStatuses.includes(s));
  if (statuses.length === 0) return null;
  const page = await api.GET('/campaigns', CampaignPage, {
    params: { query: { brand_id: brandId, status: [...statuses], sort: rule.sort, limit: 1 } },
    signal,
  });
  const first = page.data[0];
  return first && (rule.takes?.(first) ?? true) ? first.id : null;
}

/**
 * The default campaign of `screen`, which shows campaigns in `statuses`: the one remembered for
 * the screen if it still exists and is in them (read by id, and kept in the cache for the
 * screen, which reads it too), else the first the screen's rules find; null when the brand has
 * none. A constant number of small reads whatever the number of campaigns.
 */
export async function defaultCampaign(
  queryClient: QueryClient,
  screen: CampaignScreen,
  brandId: string,
  statuses: readonly CampaignStatus[],
  signal: AbortSignal,
): Promise<string | null> {
  const last = lastCampaign(screen, brandId);
  if (last) {
    const remembered = await queryClient
      .fetchQuery({ ...campaignDetailOptions(brandId, last), retry: false })
      .catch(() => null); // gone, or another brand's: the next rule applies
    if (remembered && statuses.includes(remembered.status)) return remembered.id;
  }
  for (const rule of DEFAULT_RULES[screen]) {
    const found = await firstBy(brandId, rule, statuses, signal);
    if (found) return found;
  }
  return null;
}

const defaultCampaignOptions = (
  queryClient: QueryClient,
  screen: CampaignScreen,
  brandId: string,
  statuses: readonly CampaignStatus[],
) =>
  queryOptions({
    // The remembered campaign is part of the key: another one remembered is another default.
    queryKey: [
      ...campaignKeys.all(brandId),
      'default',
      screen,
      statuses,
      lastCampaign(screen, brandId),
    ],
    queryFn: ({ signal }) => defaultCampaign(queryClient, screen, brandId, statuses, signal),
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
  screen: CampaignScreen,
  brandId: string,
  statuses: readonly CampaignStatus[],
): CampaignParam {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = searchParams.get('campaign');
  const fallback = useQuery({
    ...defaultCampaignOptions(queryClient, screen, brandId, statuses),
    enabled: inUrl === null,
  });
  const shown = useQuery({ ...campaignDetailOptions(brandId, inUrl ?? ''), enabled: !!inUrl });
  const fits = shown.data !== undefined && statuses.includes(shown.data.status);
  const chosen = fallback.data ?? null;
  // Two effects: a choice remembers its campaign at once (before the router's location reaches
  // this render), which changes the default's key; a single effect would then run again with
  // the old URL's campaign and remember it over the choice.
  useEffect(() => {
    if (inUrl && fits) rememberCampaign(screen, brandId, inUrl);
  }, [screen, brandId, inUrl, fits]);
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

/**
 * The Review queue's campaign filter, remembered for the queue alone: opened with no filter in
 * its URL (from the navigation), the queue is narrowed again to the campaign last chosen there;
 * choosing every campaign forgets it. `filtered` says whether the URL narrows the queue at all.
 */
export function useRememberedFilter(
  brandId: string,
  campaignId: string | null,
  filtered: boolean,
  restore: (campaignId: string) => void,
): void {
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (restored.current !== brandId) {
      // Once per brand, when the queue is opened.
      restored.current = brandId;
      const last = lastCampaign('review', brandId);
      if (!filtered && last) {
        restore(last);
        return;
      }
    }
    if (campaignId) rememberCampaign('review', brandId, campaignId);
    else forgetCampaign('review', brandId);
    // `restore` is the screen's setter; it changes with the URL, which the other values follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brandId, campaignId, filtered]);
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
