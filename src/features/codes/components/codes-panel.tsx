import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CodeGroup, DiscountCode } from '#contract/codes';
import { clsx } from 'clsx';
import { Plus, TicketPercent } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SelectFilter } from '#components/form/filter-fields';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';
import { QueryStates } from '#components/ui/query-states';
import { NumberCell, Table } from '#components/ui/table';
import { useCampaignNames } from '#lib/campaign-choice';
import { formatDateTime, formatMoney, formatNumber } from '#lib/format';
import { notify } from '#lib/notify';
import {
  codeGroupsOptions,
  codeHolderOptions,
  codeListOptions,
  useDeleteCode,
  type CodeFilter,
} from '../api/codes';
import { AddCodesDialog } from './add-codes-dialog';
import { UsageUpload } from './usage-upload';
import { IntakeCard } from './intake-card';
import { UsageReportList } from './usage-report-list';

const FILTERS: { value: CodeFilter; label: string }[] = [
  { value: 'all', label: 'All codes' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'unassigned', label: 'Unassigned' },
];

/**
 * The brand's code groups (offer and commission), the chosen group's codes with usage, earnings,
 * assignment and last report, and, with codes:write, adding codes, reporting usage and deleting
 * unassigned codes.
 */
export function CodesPanel({ brandId, canWrite }: { brandId: string; canWrite: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const groups = useQuery(codeGroupsOptions(brandId));
  if (groups.isPending) return <LoadingState label="Loading the code groups…" />;
  if (groups.isError)
    return <InlineError error={groups.error} onRetry={() => void groups.refetch()} />;
  if (groups.data.length === 0) {
    return (
      <EmptyState icon={TicketPercent} title="No code groups yet">
        Code groups are set up by the platform team. Once one exists for this brand, its codes,
        their usage and earnings appear here.
      </EmptyState>
    );
  }
  const groupId = searchParams.get('group') ?? groups.data[0]!.id;
  const group = groups.data.find((g) => g.id === groupId) ?? groups.data[0]!;
  const filter = FILTERS.find((f) => f.value === searchParams.get('show'))?.value ?? 'all';
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  return (
    <div className="space-y-6">
      <section aria-label="Code groups">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.map((g) => (
            <li key={g.id}>
              <GroupCard
                group={g}
                selected={g.id === group.id}
                onSelect={() => setParam('group', g.id)}
              />
            </li>
          ))}
        </ul>
      </section>
      <GroupCodes
        key={group.id}
        brandId={brandId}
        group={group}
        filter={filter}
        onFilter={(f) => setParam('show', f === 'all' ? null : f)}
        canWrite={canWrite}
      />
      {canWrite ? <UsageUpload brandId={brandId} groups={groups.data} /> : null}
      <IntakeCard brandId={brandId} group={group} canWrite={canWrite} />
      <UsageReportList key={`reports-${group.id}`} brandId={brandId} groupId={group.id} />
    </div>
  );
}

function GroupCard({
  group,
  selected,
  onSelect,
}: {
  group: CodeGroup;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={clsx(
        'block h-full w-full rounded-lg border bg-white p-4 text-left text-sm',
        selected
          ? 'border-indigo-700 ring-2 ring-indigo-700'
          : 'border-gray-200 hover:border-gray-400',
      )}
    >
      <span className="block font-semibold text-gray-900">{group.name}</span>
      <span className="mt-1 block text-gray-700">{group.user_description}</span>
      <span className="mt-2 block text-gray-700">
        {formatMoney(group.commission_cents)} per use · {formatNumber(group.codes_count)}{' '}
        {group.codes_count === 1 ? 'code' : 'codes'}
      </span>
    </button>
  );
}

function GroupCodes({
  brandId,
  group,
  filter,
  onFilter,
  canWrite,
}: {
  brandId: string;
  group: CodeGroup;
  filter: CodeFilter;
  onFilter: (filter: CodeFilter) => void;
  canWrite: boolean;
}) {
  const id = useId();
  const list = useInfiniteQuery(codeListOptions(brandId, group.id, filter));
  const remove = useDeleteCode(brandId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  // Names of the campaigns the loaded codes are assigned in (one read per 100 of them, not the
  // brand's whole list); the codes show without them while they load.
  const campaignNames = useCampaignNames(
    brandId,
    rows.map((c) => c.assigned_campaign_id),
  );
  // The group's offer is said above the table: a column of it only when some code has its own.
  const ownOffers = rows.some((c) => c.user_description !== group.user_description);

  const empty = (
    <EmptyState icon={TicketPercent} title="No codes">
      {filter === 'all' ? 'This group has no codes yet.' : `This group has no ${filter} codes.`}
    </EmptyState>
  );
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
            Codes of {group.name}
          </h2>
          <p className="text-sm text-gray-700">
            {group.user_description} · {formatMoney(group.commission_cents)} to the creator per use
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectFilter
            id={`${id}-show`}
            label="Show"
            choices={FILTERS}
            value={filter}
            onChange={(f) => onFilter(f ?? 'all')}
          />
          {canWrite ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add codes
            </Button>
          ) : null}
        </div>
      </div>
      <QueryStates query={list} rows={rows} empty={empty} loading="Loading the codes…">
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <Table
            caption={`Codes of ${group.name}`}
            columns={[
              { label: 'Code' },
              ownOffers ? { label: 'Offer' } : null,
              { label: 'Uses', align: 'right' },
              { label: 'Earnings', align: 'right' },
              { label: 'Assigned to' },
              { label: 'Last report' },
              canWrite ? { label: 'Actions', hidden: true } : null,
            ]}
            busy={list.isFetching}
          >
            {rows.map((code) => (
              <tr key={code.code}>
                <th
                  scope="row"
                  className="px-3 py-2 text-left font-mono font-medium whitespace-nowrap text-gray-900"
                >
                  {code.code}
                </th>
                {ownOffers ? <td className="min-w-40 px-3 py-2">{code.user_description}</td> : null}
                <NumberCell>{formatNumber(code.total_uses)}</NumberCell>
                <NumberCell>{formatMoney(code.earnings_cents)}</NumberCell>
                <td className="px-3 py-2">
                  {code.assigned_creator_id ? (
                    <span>
                      {code.assigned_campaign_id ? (
                        <CodeHolder
                          brandId={brandId}
                          campaignId={code.assigned_campaign_id}
                          creatorId={code.assigned_creator_id}
                        />
                      ) : (
                        code.assigned_creator_id
                      )}
                      {code.assigned_campaign_id ? (
                        <span className="block text-xs text-gray-600">
                          {campaignNames.get(code.assigned_campaign_id) ?? 'another campaign'}
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <Badge tone="gray">Unassigned</Badge>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {code.last_reported_at ? formatDateTime(code.last_reported_at) : 'Never'}
                </td>
                {canWrite ? (
                  <td className="px-3 py-2 whitespace-nowrap">
                    {code.assigned_creator_id ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete ${code.code}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(code);
                        }}
                      >
                        Delete
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </Table>
        </div>
      </QueryStates>
      <LoadMoreButton list={list} label="Load more codes" />
      {canWrite ? (
        <AddCodesDialog brandId={brandId} group={group} open={adding} onOpenChange={setAdding} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete code ${deleting?.code ?? ''}`}
        description="The code is removed from the group. Only codes that no creator holds can be deleted."
        confirmLabel="Delete code"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error ? remove.error.message : null}
        errorTitle="The code was not deleted"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.code, {
            onSuccess: () => {
              notify.success(`Deleted ${deleting.code}`);
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}

/** The username of the creator holding a code; their id until (or unless) it is known. */
function CodeHolder({
  brandId,
  campaignId,
  creatorId,
}: {
  brandId: string;
  campaignId: string;
  creatorId: string;
}) {
  const holder = useQuery(codeHolderOptions(brandId, campaignId, creatorId));
  return <>{holder.data ? `@${holder.data.username}` : creatorId}</>;
}
