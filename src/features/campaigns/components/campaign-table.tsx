import type { CampaignSummary } from '#contract/campaigns';
import { VISIBILITY_LABELS } from '#contract/enums';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { memo, useEffect, type AriaAttributes, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '#config/paths';
import { formatDate, formatMoney, formatNumber } from '#lib/format';
import type { CampaignLinkState } from '../back-link';
import type { CampaignSort } from '../list-view';
import { CampaignRowActions, type RowCommandHandler } from './row-actions';
import { StatusWithDetail } from './status-badge';
import { TruncatedText } from '#components/ui/truncated-text';

/** Every row has this height, so the virtualizer never measures. */
export const ROW_HEIGHT = 56;
/** Rows from the end of the loaded ones at which the next page is asked for. */
const LOAD_AHEAD_ROWS = 30;

const GRID =
  'grid grid-cols-[minmax(14rem,1fr)_11rem_5.5rem_4.5rem_7.5rem_8rem_8rem_8rem_3.5rem] items-center';
const CELL = 'min-w-0 px-3';

type Column = {
  label: string;
  /** Sorted by this column under these sorts (for `aria-sort`). */
  sorts?: Partial<Record<CampaignSort, AriaAttributes['aria-sort']>>;
  numeric?: boolean;
  hidden?: boolean;
};

const COLUMNS: readonly Column[] = [
  { label: 'Name', sorts: { name: 'ascending', name_desc: 'descending' } },
  { label: 'Status' },
  { label: 'Visibility' },
  { label: 'Tasks', numeric: true },
  { label: 'Spent', numeric: true, sorts: { spent: 'descending' } },
  { label: 'Content deadline', sorts: { deadline: 'ascending' } },
  { label: 'Post deadline' },
  { label: 'Created', sorts: { newest: 'descending', oldest: 'ascending' } },
  { label: 'Actions', hidden: true },
];

function DateCell({ value }: { value: string | null }) {
  if (!value) {
    return (
      <div role="cell" className={clsx(CELL, 'text-gray-600')}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </div>
    );
  }
  return (
    <div role="cell" className={clsx(CELL, 'whitespace-nowrap')}>
      {formatDate(value)}
    </div>
  );
}

/** What every row of the table is given alike; the actions' part goes on to the row's menu. */
type RowSettings = {
  showBrand: boolean;
  canWrite: boolean;
  onCommand: RowCommandHandler;
  linkState: CampaignLinkState;
};

const CampaignRow = memo(function CampaignRow({
  campaign,
  index,
  start,
  showBrand,
  ...actions
}: {
  campaign: CampaignSummary;
  index: number;
  start: number;
} & RowSettings) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={clsx(GRID, 'absolute inset-x-0 top-0 border-b border-gray-200 bg-white text-sm')}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className={CELL}>
        <TruncatedText text={campaign.name} asChild>
          <Link
            to={paths.campaign.href(campaign.brand_id, campaign.id)}
            state={actions.linkState}
            className="block font-medium text-gray-900 hover:text-indigo-800 hover:underline focus-visible:outline-offset-[-2px]"
          >
            {campaign.name}
          </Link>
        </TruncatedText>
        {showBrand ? (
          <TruncatedText text={campaign.brand_name} className="text-xs text-gray-600" />
        ) : null}
      </div>
      <div role="cell" className={CELL}>
        <StatusWithDetail
          status={campaign.status}
          detail={campaign.status_detail}
          publishRequestedAt={campaign.publish_requested_at}
        />
      </div>
      <div role="cell" className={clsx(CELL, 'text-gray-700')}>
        {VISIBILITY_LABELS[campaign.visibility]}
      </div>
      <div role="cell" className={clsx(CELL, 'text-right tabular-nums')}>
        {formatNumber(campaign.tasks_count)}
      </div>
      <div role="cell" className={clsx(CELL, 'text-right tabular-nums')}>
        {formatMoney(campaign.spent_cents)}
      </div>
      <DateCell value={campaign.content_deadline_date} />
      <DateCell value={campaign.post_deadline_date} />
      <DateCell value={campaign.created_at} />
      <div role="cell" className="flex justify-center">
        <CampaignRowActions campaign={campaign} {...actions} />
      </div>
    </div>
  );
});

function HeaderRow({ sort }: { sort?: CampaignSort }) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10">
      <div
        role="row"
        aria-rowindex={1}
        className={clsx(
          GRID,
          'h-10 border-b border-gray-300 bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase',
        )}
      >
        {COLUMNS.map((column) => (
          <div
            key={column.label}
            role="columnheader"
            aria-sort={sort ? column.sorts?.[sort] : undefined}
            className={clsx(CELL, column.numeric && 'text-right')}
          >
            {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
          </div>
        ))}
      </div>
    </div>
  );
}

const FRAME =
  'max-h-[max(24rem,calc(100dvh-22rem))] overflow-auto rounded-lg border border-gray-200 bg-white shadow-xs';
const TABLE = 'relative min-w-[70rem]';

/**
 * The campaigns as a table that renders only the rows in view (plus a margin), so ten thousand
 * rows scroll like ten. Rows keep table semantics: `aria-rowcount` counts every row (-1 while more
 * pages may come) and each rendered row says its `aria-rowindex`.
 */
export function CampaignTable({
  rows,
  complete,
  showBrand,
  canWrite,
  sort,
  onCommand,
  onNearEnd,
  scrollRef,
  linkState,
}: {
  rows: readonly CampaignSummary[];
  /** Every row is loaded: the count is known. */
  complete: boolean;
  showBrand: boolean;
  canWrite: boolean;
  sort: CampaignSort;
  onCommand: RowCommandHandler;
  /** Called when the user scrolled near the last loaded row. */
  onNearEnd: () => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Given to the campaign pages opened from here, so they can come back to this list. */
  linkState: CampaignLinkState;
}) {
  // The virtualizer returns new functions each render, which the React Compiler cannot memoize;
  // this component re-renders on scroll by design and its rows are memoized instead.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const nearEnd = rows.length > 0 && lastIndex >= rows.length - LOAD_AHEAD_ROWS;

  const rowSettings: RowSettings = { showBrand, canWrite, onCommand, linkState };

  // Scrolling is the outside event that asks for more rows; React Query does the fetching.
  useEffect(() => {
    if (nearEnd) onNearEnd();
  }, [nearEnd, onNearEnd]);

  return (
    <div ref={scrollRef} role="region" aria-label="Campaign list" tabIndex={0} className={FRAME}>
      <div
        role="table"
        aria-label="Campaigns"
        aria-rowcount={complete ? rows.length + 1 : -1}
        className={TABLE}
      >
        <HeaderRow sort={sort} />
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const campaign = rows[item.index];
            if (!campaign) return null;
            return (
              <CampaignRow
                key={item.key}
                campaign={campaign}
                index={item.index}
                start={item.start}
                {...rowSettings}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The table's frame while the first page loads: grey bars where rows will be. */
export function CampaignTableSkeleton() {
  return (
    <div className={FRAME}>
      <p role="status" className="sr-only">
        Loading campaigns…
      </p>
      <div aria-hidden="true" className={TABLE}>
        <div className={clsx(GRID, 'h-10 border-b border-gray-300 bg-gray-50')}>
          {COLUMNS.map((column) => (
            <div key={column.label} className={CELL}>
              {column.hidden ? null : <div className="h-3 w-16 rounded bg-gray-200" />}
            </div>
          ))}
        </div>
        {Array.from({ length: 8 }, (_, row) => (
          <div
            key={row}
            className={clsx(GRID, 'border-b border-gray-200')}
            style={{ height: ROW_HEIGHT }}
          >
            {COLUMNS.map((column, cell) => (
              <div key={column.label} className={CELL}>
                {column.hidden ? null : (
                  <div
                    className={clsx(
                      'h-3 animate-pulse rounded bg-gray-200',
                      cell === 0 ? 'w-40' : 'w-16',
                    )}
                  />
                )}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
