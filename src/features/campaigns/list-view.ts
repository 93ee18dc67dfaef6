import type { CampaignSummary } from '#contract/campaigns';
import { CampaignStatus } from '#contract/enums';
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

export const CAMPAIGN_SORTS = [
  'newest',
  'oldest',
  'name',
  'name_desc',
  'spent',
  'deadline',
] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  name_desc: 'Name (Z–A)',
  spent: 'Highest spend',
  deadline: 'Content deadline (soonest)',
};

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
  (CAMPAIGN_SORTS as readonly (string | null)[]).includes(value);

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
 * What the service filters (interface 4.2): statuses, and the created range as date-times from
 * the start of the first day to the start of the day after the last, both in the viewer's time
 * zone. Name search and sorting happen on the rows loaded, since the interface has neither.
 */
export function serviceFilters(view: CampaignListView, brand: string): CampaignListFilters {
  const filters: CampaignListFilters = {};
  if (view.statuses.length > 0) filters.status = view.statuses;
  if (!isRangeReversed(view)) {
    if (view.createdFrom) filters.created_after = startOfLocalDay(view.createdFrom);
    if (view.createdTo) filters.created_before = startOfLocalDay(view.createdTo, 1);
  }
  if (brand !== CURRENT_BRAND) filters.brand = brand;
  return filters;
}

/** Whether the view needs every page: a name search or any order but the service's own. */
export const needsEveryRow = (view: Pick<CampaignListView, 'search' | 'sort'>) =>
  view.search.trim() !== '' || view.sort !== 'newest';

/** Whether anything narrows the list (the brand choice is not a filter: it says whose list). */
export const hasFilters = (view: CampaignListView) =>
  view.statuses.length > 0 ||
  view.createdFrom !== null ||
  view.createdTo !== null ||
  view.search.trim() !== '';

/** Text compared without case or accents: "Crème" matches "creme". */
export const normalizeText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

// Names are normalized once per row object (rows of the cache keep their identity across pages).
const normalizedNames = new WeakMap<CampaignSummary, string>();
function normalizedName(row: CampaignSummary): string {
  let name = normalizedNames.get(row);
  if (name === undefined) {
    name = normalizeText(row.name);
    normalizedNames.set(row, name);
  }
  return name;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const comparators: Record<
  Exclude<CampaignSort, 'newest' | 'oldest'>,
  (a: CampaignSummary, b: CampaignSummary) => number
> = {
  name: (a, b) => collator.compare(a.name, b.name),
  name_desc: (a, b) => collator.compare(b.name, a.name),
  spent: (a, b) => b.spent_cents - a.spent_cents,
  // Campaigns without a deadline go last.
  deadline: (a, b) =>
    a.content_deadline_date === b.content_deadline_date
      ? 0
      : a.content_deadline_date === null
        ? 1
        : b.content_deadline_date === null
          ? -1
          : a.content_deadline_date < b.content_deadline_date
            ? -1
            : 1,
};

/**
 * The rows to show: those whose name contains the search, in the chosen order. `rows` come in the
 * service's order (newest first); sorting is stable, so ties keep it.
 */
export function searchAndSort(
  rows: readonly CampaignSummary[],
  search: string,
  sort: CampaignSort,
): readonly CampaignSummary[] {
  const needle = normalizeText(search.trim());
  const found = needle ? rows.filter((row) => normalizedName(row).includes(needle)) : rows;
  if (sort === 'newest') return found;
  if (sort === 'oldest') return [...found].reverse();
  return [...found].sort(comparators[sort]);
}
