import { useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Users } from 'lucide-react';
import { useRef } from 'react';
import { EmptyState } from '#components/ui/empty-state';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { QueryStates } from '#components/ui/query-states';
import { NumberCell, Table } from '#components/ui/table';
import { formatDate, formatMoney, formatNumber } from '#lib/format';
import type { CampaignCreator } from '#contract/creators';
import { creatorListOptions, type FitFilter } from '../api/creators';
import { useWideLayout } from '../use-wide-layout';
import { useHighlightedRow } from '../focus';
import { HIGHLIGHT } from './applicant-rows';

const COLUMNS = [
  'Submitted',
  'In review',
  'Approved',
  'Rejected',
  'Posts',
  'Views',
  'Likes',
  'Comments',
  'Shares',
  'Saves',
  'Spend',
] as const;

/** Each activity figure of a creator, in the order of `COLUMNS`. */
const figures = (c: CampaignCreator): readonly string[] => [
  formatNumber(c.content.submitted),
  formatNumber(c.content.in_review),
  formatNumber(c.content.approved),
  formatNumber(c.content.rejected),
  formatNumber(c.posts),
  formatNumber(c.metrics.views),
  formatNumber(c.metrics.likes),
  formatNumber(c.metrics.comments),
  formatNumber(c.metrics.shares),
  formatNumber(c.metrics.saves),
  formatMoney(c.spend_cents),
];

const approvedOn = (c: CampaignCreator) => `Approved ${formatDate(c.decided_at ?? c.applied_at)}`;

/**
 * The Approved tab: what each approved creator has done on the campaign (content by state, live
 * posts, their metrics and spend). From the laptop up one table whose columns all fit (it would
 * scroll inside its own region, reachable from the keyboard, on a narrower window); on a phone
 * one card per creator with the same figures.
 */
export function ApprovedCreators({
  brandId,
  campaignId,
  fits,
  highlighted = null,
}: {
  brandId: string;
  campaignId: string;
  fits: FitFilter;
  /** The creator a link asked for (`?creator=`): shown, marked and focused. */
  highlighted?: string | null;
}) {
  const list = useInfiniteQuery(creatorListOptions(brandId, campaignId, 'approved', fits));
  const loaded = list.data?.pages.flatMap((p) => p.data);
  const rows = loaded ?? [];
  const wide = useWideLayout();
  const root = useRef<HTMLDivElement>(null);
  useHighlightedRow(root, highlighted, loaded, list);
  const empty = (
    <EmptyState icon={Users} title="No approved creators">
      Creators appear here once approved; their content, posts and spend follow.
    </EmptyState>
  );
  return (
    <QueryStates query={list} rows={rows} empty={empty} loading="Loading the creators…">
      <div ref={root} className="space-y-3">
        {wide ? (
          <ApprovedTable rows={rows} highlighted={highlighted} />
        ) : (
          <ApprovedCards rows={rows} highlighted={highlighted} />
        )}
        <LoadMoreButton list={list} label="Load more creators" />
      </div>
    </QueryStates>
  );
}

type RowsProps = { rows: readonly CampaignCreator[]; highlighted: string | null };

/** On a phone: one card per creator with their figures. */
function ApprovedCards({ rows, highlighted }: RowsProps) {
  return (
    <ul aria-label="Approved creators" className="space-y-3">
      {rows.map((creator) => (
        <li
          key={creator.creator_id}
          data-row={creator.creator_id}
          tabIndex={highlighted === creator.creator_id ? -1 : undefined}
          aria-label={`@${creator.username}`}
          className={clsx(
            'rounded-lg border border-gray-200 bg-white p-4',
            highlighted === creator.creator_id && HIGHLIGHT,
          )}
        >
          <p className="font-medium break-all text-gray-900">@{creator.username}</p>
          <p className="text-xs text-gray-600">{approvedOn(creator)}</p>
          <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            {figures(creator).map((value, i) => (
              <div key={COLUMNS[i]}>
                <dt className="text-xs text-gray-600">{COLUMNS[i]}</dt>
                <dd className="font-medium text-gray-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** From the laptop up: one row per creator, every figure in a column. */
function ApprovedTable({ rows, highlighted }: RowsProps) {
  return (
    <div
      role="region"
      aria-label="Approved creators"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-700"
    >
      <Table
        caption="Approved creators"
        className="w-full"
        columns={[
          { label: 'Creator' },
          ...COLUMNS.map((label) => ({
            label,
            align: 'right' as const,
            className: 'whitespace-nowrap',
          })),
        ]}
      >
        {rows.map((creator) => (
          <tr
            key={creator.creator_id}
            data-row={creator.creator_id}
            tabIndex={highlighted === creator.creator_id ? -1 : undefined}
            className={clsx(highlighted === creator.creator_id && HIGHLIGHT)}
          >
            <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
              <span className="block font-medium text-gray-900">@{creator.username}</span>
              <span className="text-xs text-gray-600">{approvedOn(creator)}</span>
            </th>
            {figures(creator).map((value, i) => (
              <NumberCell key={COLUMNS[i]}>{value}</NumberCell>
            ))}
          </tr>
        ))}
      </Table>
    </div>
  );
}
