import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BrandRef } from '#contract/me';
import { CampaignStatus } from '#contract/enums';
import { Megaphone, RotateCw, SearchX } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '#components/ui/alert';
import { Button, buttonClasses } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { Spinner } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { describeError } from '#lib/api-client';
import { formatNumber } from '#lib/format';
import { campaignCountOptions, campaignListOptions } from '../api/campaigns';
import {
  ALL_BRANDS,
  CURRENT_BRAND,
  effectiveBrand,
  hasFilters,
  isRangeReversed,
  PARAMS,
  readListView,
  serviceFilters,
  type CampaignSort,
} from '../list-view';
import { useDebouncedCommit } from '../use-debounced-commit';
import { useSearchWriter } from '../use-search-writer';
import { CampaignFilters } from './campaign-filters';
import { ConfirmCommandDialog, useDirectCommands, type ConfirmRequest } from './campaign-commands';
import { CampaignTable, CampaignTableSkeleton } from './campaign-table';
import type { RowCommandHandler } from './row-actions';

const SEARCH_DELAY_MS = 300;
const DATE_DELAY_MS = 500;
/** Refetching on focus reloads every loaded page; beyond this many, the user reloads instead. */
const FOCUS_REFETCH_MAX_PAGES = 5;

const campaignsWord = (count: number) => (count === 1 ? 'campaign' : 'campaigns');

/**
 * The brand's campaigns: filters, sort and search from the URL, all applied by the service, pages
 * loaded as the user scrolls (or asks for more), the total from one count; row actions by status.
 * The requests do not grow with the number of campaigns (docs/decisions/0124-screens-read-pages-and-sums.md).
 */
export function CampaignList({
  brand,
  agencyBrands,
  canWrite,
}: {
  brand: BrandRef;
  /** The brands of an agency key; null for a brand key. */
  agencyBrands: readonly BrandRef[] | null;
  canWrite: boolean;
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const backTo = location.pathname + location.search;
  const linkState = useMemo(() => ({ backTo }), [backTo]);
  const view = useMemo(() => readListView(searchParams), [searchParams]);
  const brandIds = useMemo(() => agencyBrands?.map((b) => b.id) ?? null, [agencyBrands]);
  const brandChoice = effectiveBrand(view, brandIds, brand.id);
  const filters = serviceFilters(view, brandChoice);
  const showBrand = brandChoice === ALL_BRANDS;

  /** Changes the URL: a new history entry unless `replace`. */
  const update = useSearchWriter();

  const search = useDebouncedCommit(
    view.search,
    (value) =>
      update(
        (params) => (value ? params.set(PARAMS.search, value) : params.delete(PARAMS.search)),
        // Starting a search makes a history entry; refining it replaces that entry.
        value !== '' && view.search !== '',
      ),
    SEARCH_DELAY_MS,
  );
  const setDate = (name: 'from' | 'to') => (value: string) =>
    update((params) => (value ? params.set(PARAMS[name], value) : params.delete(PARAMS[name])));
  const createdFrom = useDebouncedCommit(view.createdFrom ?? '', setDate('from'), DATE_DELAY_MS);
  const createdTo = useDebouncedCommit(view.createdTo ?? '', setDate('to'), DATE_DELAY_MS);

  const query = useInfiniteQuery({
    ...campaignListOptions(brand.id, filters),
    // A new search or order keeps the rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: (q) => (q.state.data?.pages.length ?? 0) <= FOCUS_REFETCH_MAX_PAGES,
  });
  const count = useQuery(campaignCountOptions(brand.id, filters));
  const { data, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const complete = data !== undefined && !hasNextPage && !query.isPlaceholderData;

  const canLoadMore =
    hasNextPage && !isFetching && !isFetchNextPageError && !query.isPlaceholderData;
  const loadMore = useCallback(() => {
    // Without cancelRefetch: false, a second call would restart the page already on its way.
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, fetchNextPage]);

  const direct = useDirectCommands(brand.id);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { resume, withdraw } = direct;
  const onCommand = useCallback<RowCommandHandler>(
    (command, campaign, trigger) => {
      if (command === 'resume') resume(campaign);
      else if (command === 'withdraw') withdraw(campaign);
      else {
        setConfirm({ command, campaign, returnFocus: trigger });
        setConfirmOpen(true);
      }
    },
    [resume, withdraw],
  );
  const scrollRef = useRef<HTMLDivElement>(null);

  const toggleStatus = (status: CampaignStatus) =>
    update((params) => {
      const chosen = new Set(params.getAll(PARAMS.status));
      if (chosen.has(status)) chosen.delete(status);
      else chosen.add(status);
      params.delete(PARAMS.status);
      // In the interface's order, so the same choice is the same URL and the same query key.
      for (const s of CampaignStatus.options) if (chosen.has(s)) params.append(PARAMS.status, s);
    });
  const clearFilters = () => {
    search.cancel();
    createdFrom.cancel();
    createdTo.cancel();
    update((params) => {
      for (const name of [PARAMS.status, PARAMS.from, PARAMS.to, PARAMS.search]) {
        params.delete(name);
      }
    });
  };
  const filtered = hasFilters({ ...view, search: search.text });

  return (
    <>
      <CampaignFilters
        search={{ value: search.text, onChange: search.change }}
        createdFrom={{ value: createdFrom.text, onChange: createdFrom.change }}
        createdTo={{ value: createdTo.text, onChange: createdTo.change }}
        rangeReversed={isRangeReversed(view)}
        statuses={view.statuses}
        onToggleStatus={toggleStatus}
        sort={view.sort}
        onSortChange={(sort: CampaignSort) =>
          update((params) =>
            sort === 'newest' ? params.delete(PARAMS.sort) : params.set(PARAMS.sort, sort),
          )
        }
        brands={agencyBrands && agencyBrands.length > 1 ? agencyBrands : null}
        brandChoice={brandChoice}
        currentBrand={brand}
        onBrandChange={(choice) =>
          update((params) =>
            choice === brand.id || choice === CURRENT_BRAND
              ? params.delete(PARAMS.brand)
              : params.set(PARAMS.brand, choice),
          )
        }
        canClear={filtered}
        onClear={clearFilters}
      />

      {data === undefined ? (
        query.isError ? (
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <CampaignTableSkeleton />
        )
      ) : (
        <>
          <ListSummary
            loaded={rows.length}
            total={count.data}
            complete={complete}
            search={filters.q ?? ''}
            updating={query.isPlaceholderData}
          />
          {rows.length > 0 ? (
            <CampaignTable
              rows={rows}
              complete={complete}
              showBrand={showBrand}
              canWrite={canWrite}
              sort={view.sort}
              onCommand={onCommand}
              onNearEnd={loadMore}
              scrollRef={scrollRef}
              linkState={linkState}
            />
          ) : filtered ? (
            <EmptyState
              icon={SearchX}
              title="No campaigns match these filters"
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try other statuses or dates, or another name.
            </EmptyState>
          ) : (
            <EmptyState
              icon={Megaphone}
              title={showBrand ? 'None of your brands has a campaign yet' : 'No campaigns yet'}
              action={
                canWrite ? (
                  <Link to={paths.campaignNew.href(brand.id)} className={buttonClasses('primary')}>
                    New campaign
                  </Link>
                ) : null
              }
            >
              {canWrite
                ? 'Create a campaign to brief creators: what to make, where to post it and by when.'
                : 'Campaigns appear here once someone with a key that may write campaigns creates one.'}
            </EmptyState>
          )}
          {isFetchNextPageError ? (
            <Alert tone="error" title="Could not load more campaigns" className="mt-4">
              <p>{describeError(query.error).description}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                onClick={() => void fetchNextPage()}
              >
                <RotateCw aria-hidden="true" className="size-4" />
                Try again
              </Button>
            </Alert>
          ) : hasNextPage && !query.isPlaceholderData ? (
            <div className="mt-4 flex justify-center">
              {/* Scrolling loads more; the button does the same for whoever prefers it. */}
              <Button variant="secondary" onClick={loadMore} aria-disabled={!canLoadMore}>
                {query.isFetchingNextPage ? <Spinner className="size-4" /> : null}
                {query.isFetchingNextPage ? 'Loading more…' : 'Load more campaigns'}
              </Button>
            </div>
          ) : null}
        </>
      )}

      <ConfirmCommandDialog
        brandId={brand.id}
        request={confirm}
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        fallbackFocus={() => scrollRef.current}
      />
    </>
  );
}

/**
 * How many campaigns the filters select (the service's count) and how many of them are loaded;
 * while a new search or order loads, that it does.
 */
function ListSummary({
  loaded,
  total,
  complete,
  search,
  updating,
}: {
  loaded: number;
  /** Undefined while the count loads, or if it failed. */
  total: number | undefined;
  complete: boolean;
  search: string;
  updating: boolean;
}) {
  const all = complete ? loaded : total;
  const found =
    all === undefined
      ? `${formatNumber(loaded)} ${campaignsWord(loaded)} loaded.`
      : search
        ? `${formatNumber(all)} ${campaignsWord(all)} ${all === 1 ? 'matches' : 'match'} “${search}”.`
        : `${formatNumber(all)} ${campaignsWord(all)}.`;
  let more = '';
  if (!complete && all === undefined) more = ' More load as you scroll.';
  else if (!complete && all !== undefined && loaded < all)
    more = ` Showing ${formatNumber(loaded)}; more load as you scroll.`;
  const text = found + more;
  return (
    <div className="mb-3 flex items-center gap-2">
      {updating ? <Spinner label="Updating the list…" className="size-4" /> : null}
      <p className="text-sm text-gray-600">{text}</p>
      {/* Announced once the rows of a search or filter are in, not on every page. */}
      <p role="status" className="sr-only">
        {updating ? 'Updating the list…' : all !== undefined ? found : ''}
      </p>
    </div>
  );
}

function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { title, description } = describeError(error);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-white px-6 py-10 text-center">
      <h2 className="text-base font-semibold text-gray-900">Could not load the campaigns</h2>
      <p className="mt-2 text-sm text-gray-600">
        {title}. {description}
      </p>
      <Button className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}
