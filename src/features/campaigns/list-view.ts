import { CAMPAIGN_SORT_LABELS, CampaignSort, CampaignStatus } from '#contract/enums';
import type { CampaignListFilters } from './api/campaigns';

/**
 * The campaign list's view as the URL holds it (shareable, back/forward):
 * `?status=draft&status=paused&from=2026-07-01&to=2026-07-31&q=summer&sort=name&brand=all`.
 * Defaults are left out of the URL. There is no page parameter: the list scrolls through cursor
 * pages, and a cursor is only meaningful to the request that produced it.
 */
export type CampaignListView = {
  /** In the interface's order, so the same choice gives the same query key. */
  statuses: readonly CampaignStatus[];
  /** `YYYY-MM-DD`, the first day of the created range (in the viewer's time zone). */
  createdFrom: string | null;
  /** `YYYY-MM-DD`, the last day of the created range, included. */
  createdTo: string | null;
  search: string;
  sort: CampaignSort;
  /** Agency keys: `current` (the brand of the URL), `all`, or another brand's id. */
  brand: string;
};

/** The list's orders, which the service sorts by (docs/api.md#campaign-list). */
export const CAMPAIGN_SORTS = CampaignSort.options;
export { CAMPAIGN_SORT_LABELS, type CampaignSort };

export const CURRENT_BRAND = 'current';
export const ALL_BRANDS = 'all';

export const PARAMS = {
  status: 'status',
  from: 'from',
  to: 'to',
  search: 'q',
  sort: 'sort',
  brand: 'brand',
} as const;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real day, else null. */
export function parseCalendarDate(value: string | null): string | null {
  const match = value ? CALENDAR_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 1970
    ? value
    : null;
}

const isSort = (value: string | null): value is CampaignSort =>
  CampaignSort.safeParse(value).success;

/** The view a URL describes; unknown or malformed values fall back to the defaults. */
export function readListView(params: URLSearchParams): CampaignListView {
  const chosen = new Set(params.getAll(PARAMS.status));
  const sort = params.get(PARAMS.sort);
  return {
    statuses: CampaignStatus.options.filter((status) => chosen.has(status)),
    createdFrom: parseCalendarDate(params.get(PARAMS.from)),
    createdTo: parseCalendarDate(params.get(PARAMS.to)),
    search: params.get(PARAMS.search) ?? '',
    sort: isSort(sort) ? sort : 'newest',
    brand: params.get(PARAMS.brand) || CURRENT_BRAND,
  };
}

/** The URL search of a view, defaults left out. */
export function writeListView(view: CampaignListView): URLSearchParams {
  const params = new URLSearchParams();
  for (const status of view.statuses) params.append(PARAMS.status, status);
  if (view.createdFrom) params.set(PARAMS.from, view.createdFrom);
  if (view.createdTo) params.set(PARAMS.to, view.createdTo);
  if (view.search) params.set(PARAMS.search, view.search);
  if (view.sort !== 'newest') params.set(PARAMS.sort, view.sort);
  if (view.brand !== CURRENT_BRAND) params.set(PARAMS.brand, view.brand);
  return params;
}

/** The view's brand choice, kept only when the key is an agency's and acts for that brand. */
export function effectiveBrand(
  view: CampaignListView,
  agencyBrandIds: readonly string[] | null,
  currentBrandId: string,
): string {
  if (!agencyBrandIds || agencyBrandIds.length < 2) return CURRENT_BRAND;
  if (view.brand === ALL_BRANDS) return ALL_BRANDS;
  if (view.brand !== currentBrandId && agencyBrandIds.includes(view.brand)) return view.brand;
  return CURRENT_BRAND;
}

/** Midnight at the start of a calendar day in the viewer's time zone, as an ISO date-time. */
export function startOfLocalDay(date: string, addDays = 0): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + addDays).toISOString();
}

/** True when both ends are set and the range ends before it starts. */
export function isRangeReversed(view: Pick<CampaignListView, 'createdFrom' | 'createdTo'>) {
  return view.createdFrom !== null && view.createdTo !== null && view.createdFrom > view.createdTo;
}

/**
 * What the service filters and sorts (docs/api.md#campaign-list): statuses, the created range as
 * date-times from the start of the first day to the start of the day after the last, both in the
 * viewer's time zone, the name search and the order. The list reads pages of exactly this.
 */
export function serviceFilters(view: CampaignListView, brand: string): CampaignListFilters {
  const filters: CampaignListFilters = {};
  if (view.statuses.length > 0) filters.status = view.statuses;
  if (!isRangeReversed(view)) {
    if (view.createdFrom) filters.created_after = startOfLocalDay(view.createdFrom);
    if (view.createdTo) filters.created_before = startOfLocalDay(view.createdTo, 1);
  }
  const search = view.search.trim();
  if (search) filters.q = search;
  if (view.sort !== 'newest') filters.sort = view.sort;
  if (brand !== CURRENT_BRAND) filters.brand = brand;
  return filters;
}

/** Whether anything narrows the list (the brand choice is not a filter: it says whose list). */
export const hasFilters = (view: CampaignListView) =>
  view.statuses.length > 0 ||
  view.createdFrom !== null ||
  view.createdTo !== null ||
  view.search.trim() !== '';
