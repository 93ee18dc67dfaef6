import { clsx } from 'clsx';
import { rememberCampaign } from '#lib/campaign-choice';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  PLATFORM_LABELS,
  POST_STATUS_LABELS,
  PostStatus,
  type CampaignStatus,
} from '#contract/enums';
import type { Post } from '#contract/posts';
import type { Task } from '#contract/tasks';
import { Clapperboard } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CampaignPickerPanel } from '#components/form/campaign-picker';
import { Badge } from '#components/ui/badge';
import { FilterDisclosure } from '#components/form/filter-disclosure';
import { DateRangeFilter, FilterField, SelectFilter } from '#components/form/filter-fields';
import { CsvExportControl } from '#components/ui/csv-export-control';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { EmptyState } from '#components/ui/empty-state';
import { ExternalLink } from '#components/ui/external-link';
import { Select } from '#components/ui/select';
import { QueryStates } from '#components/ui/query-states';
import { NumberCell, Table, type TableColumn } from '#components/ui/table';
import { useCsvExport } from '#lib/csv-export';
import { formatDateTime, formatNumber } from '#lib/format';
import {
  daysReversed,
  filterBinder,
  PLATFORM_FILTER,
  taskFilter,
  type SelectFilterSpec,
} from '#lib/list-filters';
import { useEveryPage } from '#lib/paging';
import { postCreatorsOptions, postListOptions } from '../api/posts';
import { postsExportJob } from '../export-posts';
import {
  NO_POST_FILTERS,
  readPostFilters,
  writePostFilters,
  type PostFilters,
} from '../post-filters';

type CampaignShown = { id: string; name: string };

const STATUS_FILTER: SelectFilterSpec<PostStatus> = {
  label: 'Status',
  anyLabel: 'Live and deleted',
  choices: PostStatus.options.map((value) => ({ value, label: POST_STATUS_LABELS[value] })),
};

/**
 * A campaign's posts with the interface's filters (all in the URL), metrics and a link to each
 * live post. `campaignId` is the campaign shown (the screen chooses it); `tasks` are its tasks
 * (names in the table and the task filter).
 */
export function PostsPanel({
  brandId,
  statuses,
  campaignId,
  campaign,
  none,
  tasks,
}: {
  brandId: string;
  /** The statuses of the campaigns the picker offers. */
  statuses: readonly CampaignStatus[];
  campaignId: string | null;
  /** That campaign, once read (its name names the export). */
  campaign: CampaignShown | undefined;
  /** The brand has no campaign in `statuses`. */
  none: boolean;
  tasks: readonly Task[];
}) {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readPostFilters(searchParams);
  const update = (changes: Partial<PostFilters>) =>
    setSearchParams(writePostFilters(searchParams, { ...filters, ...changes }), { replace: true });
  const bind = filterBinder(filters, update);

  const reversed = daysReversed(filters);
  const effective = reversed ? { ...filters, from: null, to: null } : filters;
  return (
    <CampaignPickerPanel
      brandId={brandId}
      statuses={statuses}
      value={campaignId}
      none={none}
      onChange={(value) => {
        rememberCampaign('posts', brandId, value);
        // Another campaign has other tasks and creators: those filters reset.
        const next = writePostFilters(searchParams, { ...filters, task: null, creator: null });
        next.set('campaign', value);
        setSearchParams(next, { replace: true });
      }}
      empty={{
        icon: Clapperboard,
        text: 'Posts appear here once creators publish content for a campaign.',
      }}
    >
      <FilterDisclosure
        active={Object.values(filters).filter(Boolean).length}
        onClear={() => update(NO_POST_FILTERS)}
        aside={
          campaign ? (
            <PostsExport key={campaign.id} campaign={campaign} filters={effective} tasks={tasks} />
          ) : null
        }
      >
        <SelectFilter id={`${id}-status`} {...STATUS_FILTER} {...bind('status')} />
        <SelectFilter id={`${id}-task`} {...taskFilter(tasks)} {...bind('task')} />
        <SelectFilter id={`${id}-platform`} {...PLATFORM_FILTER} {...bind('platform')} />
        <FilterField id={`${id}-creator`} label="Creator">
          {campaignId ? (
            <CreatorSelect
              id={`${id}-creator`}
              brandId={brandId}
              campaignId={campaignId}
              value={filters.creator}
              onChange={(creator) => update({ creator })}
            />
          ) : (
            <Select id={`${id}-creator`} disabled value="">
              <option value="">All creators</option>
            </Select>
          )}
        </FilterField>
        <DateRangeFilter
          id={id}
          labels={{ from: 'Posted from', to: 'Posted until' }}
          range={filters}
          onChange={update}
        />
      </FilterDisclosure>
      {campaignId ? (
        <PostsTable brandId={brandId} campaignId={campaignId} filters={effective} tasks={tasks} />
      ) : null}
    </CampaignPickerPanel>
  );
}

/** The posts the filters select (every page) as a CSV file. */
function PostsExport({
  campaign,
  filters,
  tasks,
}: {
  campaign: CampaignShown;
  filters: PostFilters;
  tasks: readonly Task[];
}) {
  const csv = useCsvExport();
  return (
    <CsvExportControl
      label="Export posts as CSV"
      state={csv.state}
      onStart={() => void csv.start(postsExportJob(campaign, filters, tasks))}
      onCancel={csv.cancel}
      onDismiss={csv.clear}
    />
  );
}

/** The campaign's approved creators by handle; the filter sends the chosen one's id. */
function CreatorSelect({
  id,
  brandId,
  campaignId,
  value,
  onChange,
}: {
  id: string;
  brandId: string;
  campaignId: string;
  value: string | null;
  onChange: (creatorId: string | null) => void;
}) {
  // Read when the filter is used (or a link names a creator), not to open the screen: a big
  // campaign has thousands of approved creators (docs/decisions/0115).
  const [wanted, setWanted] = useState(false);
  const creators = useInfiniteQuery({
    ...postCreatorsOptions(brandId, campaignId),
    enabled: wanted || value !== null,
  });
  useEveryPage(creators, wanted || value !== null);
  const list = (creators.data?.pages.flatMap((p) => p.data) ?? [])
    .map((c) => ({ id: c.creator_id, username: c.username }))
    .sort((a, b) => a.username.localeCompare(b.username));
  // A link may name a creator who is not (or not yet) listed: keep it as an option.
  const unknown = value !== null && !list.some((c) => c.id === value);
  return (
    <>
      <Select
        id={id}
        value={value ?? ''}
        aria-describedby={creators.isError ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value || null)}
        onFocus={() => setWanted(true)}
        onPointerDown={() => setWanted(true)}
      >
        <option value="">
          {creators.isFetching && list.length === 0 ? 'All creators (loading…)' : 'All creators'}
        </option>
        {unknown ? <option value={value}>Creator {value}</option> : null}
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            @{c.username}
          </option>
        ))}
      </Select>
      {creators.isError ? (
        <p id={`${id}-error`} className="text-xs text-red-800">
          The creators could not be loaded; all creators are shown.{' '}
          <button type="button" className="underline" onClick={() => void creators.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
    </>
  );
}

const POST_COLUMNS: readonly TableColumn[] = [
  ...['Creator', 'Task', 'Platform', 'Posted', 'Status'].map((label) => ({ label })),
  ...['Views', 'Likes', 'Comments', 'Shares', 'Saves'].map((label) => ({
    label,
    align: 'right' as const,
  })),
  { label: 'Metrics updated' },
  { label: 'Link' },
];

function PostsTable({
  brandId,
  campaignId,
  filters,
  tasks,
}: {
  brandId: string;
  campaignId: string;
  filters: PostFilters;
  tasks: readonly Task[];
}) {
  const list = useInfiniteQuery({
    ...postListOptions(brandId, campaignId, filters),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const taskTitles = new Map(tasks.map((t) => [t.id, t.title]));

  const empty = (
    <EmptyState icon={Clapperboard} title="No posts">
      No post of this campaign matches these filters.
    </EmptyState>
  );
  return (
    <QueryStates query={list} rows={rows} empty={empty} loading="Loading the posts…">
      <div className="space-y-3">
        <div
          className={clsx(
            'overflow-x-auto rounded-lg border border-gray-200 bg-white transition-opacity',
            // The previous filters' rows stay in place, dimmed, until these filters' arrive.
            list.isPlaceholderData && 'opacity-60',
          )}
        >
          <Table caption="Posts" columns={POST_COLUMNS} busy={list.isFetching}>
            {rows.map((post) => (
              <tr key={post.id}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                  @{post.creator_username}
                </th>
                <td className="px-3 py-2">{taskTitles.get(post.task_id) ?? '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {PLATFORM_LABELS[post.platform]}
                  {post.is_story ? ' (story)' : ''}
                </td>
                <DateTimeCell value={post.posted_at} />
                <td className="px-3 py-2">
                  <Badge tone={post.status === 'live' ? 'green' : 'gray'}>
                    {POST_STATUS_LABELS[post.status]}
                  </Badge>
                </td>
                {(['views', 'likes', 'comments', 'shares', 'saves'] as const).map((m) => (
                  <NumberCell key={m}>{formatNumber(post.metrics[m])}</NumberCell>
                ))}
                <DateTimeCell value={post.metrics_updated_at} />
                <td className="px-3 py-2 whitespace-nowrap">
                  <PostLink post={post} />
                </td>
              </tr>
            ))}
          </Table>
        </div>
        <LoadMoreButton list={list} label="Load more posts" />
      </div>
    </QueryStates>
  );
}

/**
 * A date-time that may break between its date and its time, never inside either: the table keeps
 * its last column (the post's link) in view on a laptop.
 */
function DateTimeCell({ value }: { value: string | null }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(', ');
  return (
    <td className="px-3 py-2">
      {cut === -1 ? (
        <span className="whitespace-nowrap">{text}</span>
      ) : (
        <>
          <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{' '}
          <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
        </>
      )}
    </td>
  );
}

/** "Open post": a new tab without this page's opener or referrer; only http(s) addresses. */
export function PostLink({ post }: { post: Pick<Post, 'url' | 'creator_username' | 'platform'> }) {
  return (
    <ExternalLink href={post.url}>
      Open post
      <span className="sr-only">
        {' '}
        by @{post.creator_username} on {PLATFORM_LABELS[post.platform]}
      </span>
    </ExternalLink>
  );
}
