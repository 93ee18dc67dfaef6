import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEvent } from '#contract/people';
import { History } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#components/ui/button';
import { CampaignPicker } from '#components/form/campaign-picker';
import { FilterDisclosure } from '#components/form/filter-disclosure';
import { DateRangeFilter, SelectFilter } from '#components/form/filter-fields';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { LoadingState } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { filterBinder, type SelectFilterSpec } from '#lib/list-filters';
import { useCampaignNames } from '#lib/campaign-choice';
import { formatNumber } from '#lib/format';
import { ACTION_FILTER } from '../action-kinds';
import {
  activityQuery,
  NO_FILTERS,
  readActivityFilters,
  writeActivityFilters,
  type ActivityFilters,
} from '../activity-filters';
import { activityListOptions } from '../api/activity';
import { useNow } from '../use-now';
import { withCreatorLink } from './creator-link';
import { EntryLine } from './entry-line';

/** Whether entry `a` happened after entry `b` (the trail's order: time, then id). */
const newer = (a: AuditEvent, b: { occurred_at: string; id: string }) =>
  a.occurred_at > b.occurred_at || (a.occurred_at === b.occurred_at && a.id > b.id);

/**
 * The brand's trail, newest first, as sentences, with the list's filters in the URL and older
 * entries a page at a time. Entries that arrive while it is open (the list is read again on live
 * events) wait behind "N new · Show" at the top, so what the reader is looking at stays put.
 */
export function ActivityPanel({ brandId }: { brandId: string }) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readActivityFilters(searchParams);
  const update = (changes: Partial<ActivityFilters>) =>
    setSearchParams(writeActivityFilters(searchParams, { ...filters, ...changes }), {
      replace: true,
    });
  const bind = filterBinder(filters, update);
  const query = activityQuery(filters);
  const list = useInfiniteQuery({
    ...activityListOptions(brandId, query),
    placeholderData: keepPreviousData,
  });
  const entries = list.data?.pages.flatMap((p) => p.data) ?? [];
  const now = useNow();

  // The newest entry shown, per filter set: newer ones are arrivals until the reader asks.
  const filterKey = JSON.stringify(query);
  const [seen, setSeen] = useState<{ key: string; top: AuditEvent | null } | null>(null);
  if (!list.isPlaceholderData && list.data && seen?.key !== filterKey) {
    setSeen({ key: filterKey, top: entries[0] ?? null });
  }
  const top = seen?.key === filterKey ? seen.top : null;
  const arrivals = top ? entries.filter((e) => newer(e, top)) : [];
  const shown = top ? entries.filter((e) => !newer(e, top)) : entries;

  // People to filter by: those the loaded entries name (the trail has no list of its own).
  const people = new Map<string, string>();
  for (const e of entries)
    if (e.actor.id && !people.has(e.actor.id)) people.set(e.actor.id, e.actor.label);
  if (filters.who && !people.has(filters.who)) people.set(filters.who, filters.who);
  const whoFilter: SelectFilterSpec = {
    label: 'Who',
    anyLabel: 'Everyone',
    choices: [...people].map(([value, label]) => ({ value, label })),
  };
  // The names of the campaigns the loaded entries (and the filter) name: one read per 100 of
  // them, not the brand's whole list; entries show without them while they load.
  const campaignNames = useCampaignNames(brandId, [
    filters.campaign,
    ...entries.map((e) => e.campaign_id),
  ]);
  const filtered = Object.values(filters).some((v) => v !== null);
  // The filters of the fields (one item's changes, `target`, is said and cleared on its own).
  const fieldsSet = Object.entries(filters).filter(([k, v]) => k !== 'target' && v !== null).length;

  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading the activity…" />;
  else if (list.isError && entries.length === 0)
    body = <InlineError error={list.error} onRetry={() => void list.refetch()} />;
  else if (shown.length === 0 && arrivals.length === 0) {
    body = filtered ? (
      <EmptyState icon={History} title="Nothing matches these filters">
        No change of {campaignNames.get(filters.campaign ?? '') ?? 'this brand'} matches them.
        <div className="mt-4">
          <Button variant="secondary" size="sm" onClick={() => update(NO_FILTERS)}>
            Clear the filters
          </Button>
        </div>
      </EmptyState>
    ) : (
      <EmptyState icon={History} title="No activity yet">
        Every change made to the brand’s campaigns, submissions, creators and codes appears here,
        with who made it.
      </EmptyState>
    );
  } else {
    body = (
      <>
        {list.isError ? (
          <InlineError error={list.error} onRetry={() => void list.refetch()} />
        ) : null}
        <ol
          aria-label="Activity, newest first"
          aria-busy={list.isPlaceholderData || undefined}
          className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white px-4"
        >
          {shown.map((entry) => (
            <EntryLine
              key={entry.id}
              entry={entry}
              now={now}
              context={withCreatorLink(brandId, entry, entryLinks(brandId, entry, campaignNames))}
            />
          ))}
        </ol>
        <div className="mt-4 flex justify-center">
          <LoadMoreButton list={list} label="Load older" />
        </div>
      </>
    );
  }

  return (
    <div className="space-y-4">
      {/* On a phone the filters fold away so the changes come first (open when a link filters). */}
      <FilterDisclosure
        active={fieldsSet}
        onClear={() => update({ ...NO_FILTERS, target: filters.target })}
        openWhenActive
      >
        <div className="col-span-full grid grid-cols-2 gap-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,0.8fr)_minmax(0,0.8fr)]">
          <CampaignPicker
            brandId={brandId}
            className="min-w-0 space-y-1 max-sm:col-span-2"
            value={filters.campaign}
            onChange={(campaign) => update({ campaign })}
            all={{ label: 'All campaigns', onChoose: () => update({ campaign: null }) }}
          />
          <SelectFilter id={`${id}-who`} wide {...whoFilter} {...bind('who')} />
          <SelectFilter id={`${id}-action`} wide {...ACTION_FILTER} {...bind('action')} />
          <DateRangeFilter
            id={id}
            labels={{ from: 'From', to: 'Until' }}
            range={filters}
            onChange={update}
          />
        </div>
      </FilterDisclosure>
      {filters.target ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
          Only the changes of one {entries[0]?.target_type.replaceAll('_', ' ') ?? 'item'}
          {entries[0]?.target_label
            ? ` (${entries[0].target_type === 'submission' || entries[0].target_type === 'creator' ? '@' : ''}${entries[0].target_label})`
            : ''}
          .
          <Button variant="secondary" size="sm" onClick={() => update({ target: null })}>
            Show every change
          </Button>
        </p>
      ) : null}
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-gray-600">
          {list.data
            ? `${formatNumber(shown.length)} ${shown.length === 1 ? 'change' : 'changes'}${list.hasNextPage ? ' so far' : ''}`
            : ''}
        </p>
        <div role="status">
          {arrivals.length > 0 ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setSeen({ key: filterKey, top: entries[0] ?? null })}
            >
              {formatNumber(arrivals.length)} new · Show
            </Button>
          ) : null}
        </div>
      </div>
      {body}
    </div>
  );
}

/**
 * Where an entry leads, after its time: its campaign and, for an entry about a submission, the
 * submission's own page (docs/decisions/0164).
 */
function entryLinks(
  brandId: string,
  entry: AuditEvent,
  campaignNames: ReadonlyMap<string, string>,
): ReactNode {
  const campaignId = entry.campaign_id;
  if (!campaignId) return null;
  const campaign = campaignNames.get(campaignId);
  const submission = entry.target_type === 'submission';
  if (!campaign && !submission) return null;
  return (
    <>
      {campaign ? (
        <Link
          to={paths.campaign.href(brandId, campaignId)}
          className="font-medium text-indigo-800 hover:underline"
        >
          {campaign}
        </Link>
      ) : null}
      {campaign && submission ? ' · ' : null}
      {submission ? (
        <Link
          to={paths.submission.href(brandId, campaignId, entry.target_id)}
          className="font-medium text-indigo-800 hover:underline"
        >
          View
          {entry.target_label ? (
            <span className="sr-only"> @{entry.target_label}’s</span>
          ) : null}{' '}
          submission
        </Link>
      ) : null}
    </>
  );
}
