import { useInfiniteQuery } from '@tanstack/react-query';
import { CREATOR_STATUS_LABELS, CreatorStatus } from '#contract/enums';
import type { CampaignCreator } from '#contract/creators';
import { Check, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CampaignPicker } from '../../../components/form/campaign-picker';
import { Button } from '../../../components/ui/button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Checkbox } from '../../../components/ui/checkbox';
import { CsvExportControl } from '../../../components/ui/csv-export-control';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineError } from '../../../components/ui/inline-error';
import { Label } from '../../../components/ui/label';
import { LoadingState } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { useCsvExport } from '../../../lib/csv-export';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { creatorListOptions, type CreatorDecision } from '../api/creators';
import { creatorsExportJob } from '../export-creators';
import { useBulkDecision, type BulkRun, type RowResult } from '../use-bulk-decision';

type CampaignChoice = { id: string; name: string };

/**
 * A campaign's creators by application status (tabs), with content, posts, metrics and spend;
 * applied creators can be approved or rejected one at a time or many at once.
 */
export function CreatorsPanel({
  brandId,
  campaigns,
  canDecide,
  moreCampaignsLoading = false,
}: {
  brandId: string;
  campaigns: readonly CampaignChoice[];
  canDecide: boolean;
  /** The campaign list is still arriving page by page. */
  moreCampaignsLoading?: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const campaignId = searchParams.get('campaign') ?? campaigns[0]?.id ?? null;
  const status = CreatorStatus.safeParse(searchParams.get('status')).data ?? 'applied';
  const campaign = campaigns.find((c) => c.id === campaignId);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  if (campaigns.length === 0) {
    return (
      <EmptyState icon={Users} title="No campaigns yet">
        Creators appear here once a campaign is published and they apply.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <CampaignPicker
        campaigns={campaigns}
        value={campaignId}
        loadingMore={moreCampaignsLoading}
        onChange={(value) => setParam('campaign', value)}
      />
      <Tabs.Root
        value={status}
        onValueChange={(value) => setParam('status', value === 'applied' ? null : value)}
      >
        <Tabs.List aria-label="Application status" className="flex gap-1 border-b border-gray-200">
          {CreatorStatus.options.map((s) => (
            <Tabs.Trigger
              key={s}
              value={s}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 data-[state=active]:border-indigo-700 data-[state=active]:text-indigo-800"
            >
              {CREATOR_STATUS_LABELS[s]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={status} className="pt-4">
          {campaign ? (
            <CreatorsExport
              key={`export-${campaign.id}-${status}`}
              campaign={campaign}
              status={status}
            />
          ) : null}
          {campaignId ? (
            <CreatorsTable
              key={`${campaignId}-${status}`}
              brandId={brandId}
              campaignId={campaignId}
              status={status}
              canDecide={canDecide && status === 'applied'}
            />
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function CreatorsTable({
  brandId,
  campaignId,
  status,
  canDecide,
}: {
  brandId: string;
  campaignId: string;
  status: CreatorStatus;
  canDecide: boolean;
}) {
  const list = useInfiniteQuery(creatorListOptions(brandId, campaignId, status));
  const bulk = useBulkDecision(brandId, campaignId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [rejecting, setRejecting] = useState<CampaignCreator[] | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  if (list.isPending) return <LoadingState label="Loading the creators…" />;
  if (list.isError && rows.length === 0)
    return <InlineError error={list.error} onRetry={() => void list.refetch()} />;

  const busy = bulk.run?.running ?? false;
  const chosen = rows.filter((r) => selected.has(r.creator_id));
  const decide = (creators: CampaignCreator[], decision: CreatorDecision) => {
    setSelected(new Set());
    void bulk.start(
      creators.map((c) => ({ id: c.creator_id, username: c.username })),
      decision,
    );
  };
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.creator_id));
  const toggle = (creatorId: string, on: boolean) =>
    setSelected((set) => {
      const next = new Set(set);
      if (on) next.add(creatorId);
      else next.delete(creatorId);
      return next;
    });

  return (
    <div className="space-y-3">
      {canDecide ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-gray-700" aria-live="polite">
            {formatNumber(chosen.length)} selected
          </span>
          <Button
            size="sm"
            disabled={chosen.length === 0 || busy}
            onClick={() => decide(chosen, { kind: 'approve' })}
          >
            Approve selected
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={chosen.length === 0 || busy}
            onClick={() => setRejecting(chosen)}
          >
            Reject selected
          </Button>
        </div>
      ) : null}
      {bulk.run ? <BulkProgress run={bulk.run} onDismiss={bulk.clear} /> : null}
      {rows.length === 0 ? (
        <EmptyState
          icon={Users}
          title={`No ${CREATOR_STATUS_LABELS[status].toLowerCase()} creators`}
        >
          {status === 'applied'
            ? 'New applications appear here as creators apply.'
            : 'Creators appear here once decided.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{CREATOR_STATUS_LABELS[status]} creators</caption>
            <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-700">
              <tr>
                {canDecide ? (
                  <th scope="col" className="px-3 py-2">
                    <Checkbox
                      aria-label="Select all"
                      checked={allSelected}
                      disabled={busy}
                      onChange={(e) =>
                        setSelected(
                          e.target.checked ? new Set(rows.map((r) => r.creator_id)) : new Set(),
                        )
                      }
                    />
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  Creator
                </th>
                <th scope="col" className="px-3 py-2">
                  Applied
                </th>
                <th scope="col" className="px-3 py-2">
                  Decided
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Submitted
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  In review
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Approved
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Rejected
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Posts
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Views
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Likes
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Comments
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Shares
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Saves
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Spend
                </th>
                {canDecide ? (
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  Result
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((creator) => (
                <tr key={creator.creator_id}>
                  {canDecide ? (
                    <td className="px-3 py-2">
                      <Checkbox
                        aria-label={`Select ${creator.username}`}
                        checked={selected.has(creator.creator_id)}
                        disabled={busy}
                        onChange={(e) => toggle(creator.creator_id, e.target.checked)}
                      />
                    </td>
                  ) : null}
                  <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                    @{creator.username}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(creator.applied_at)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(creator.decided_at)}</td>
                  <Num value={creator.content.submitted} />
                  <Num value={creator.content.in_review} />
                  <Num value={creator.content.approved} />
                  <Num value={creator.content.rejected} />
                  <Num value={creator.posts} />
                  <Num value={creator.metrics.views} />
                  <Num value={creator.metrics.likes} />
                  <Num value={creator.metrics.comments} />
                  <Num value={creator.metrics.shares} />
                  <Num value={creator.metrics.saves} />
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(creator.spend_cents)}
                  </td>
                  {canDecide ? (
                    <td className="px-3 py-2 whitespace-nowrap">
                      <span className="flex gap-1">
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          aria-label={`Approve ${creator.username}`}
                          onClick={() => decide([creator], { kind: 'approve' })}
                        >
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy}
                          aria-label={`Reject ${creator.username}`}
                          onClick={() => setRejecting([creator])}
                        >
                          Reject
                        </Button>
                      </span>
                    </td>
                  ) : null}
                  <td className="px-3 py-2">
                    <ResultCell result={bulk.run?.results.get(creator.creator_id)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMoreButton list={list} label="Load more creators" />
      <RejectDialog
        creators={rejecting}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => {
          if (rejecting)
            decide(rejecting, reason ? { kind: 'reject', reason } : { kind: 'reject' });
          setRejecting(null);
        }}
      />
    </div>
  );
}

/** The tab's creators (every page) as a CSV file. */
function CreatorsExport({ campaign, status }: { campaign: CampaignChoice; status: CreatorStatus }) {
  const csv = useCsvExport();
  return (
    <div className="mb-3">
      <CsvExportControl
        label={`Export ${CREATOR_STATUS_LABELS[status].toLowerCase()} creators as CSV`}
        state={csv.state}
        onStart={() => void csv.start(creatorsExportJob(campaign, status))}
        onCancel={csv.cancel}
        onDismiss={csv.clear}
      />
    </div>
  );
}

function Num({ value }: { value: number }) {
  return <td className="px-3 py-2 text-right tabular-nums">{formatNumber(value)}</td>;
}

function ResultCell({ result }: { result: RowResult | undefined }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-800">
        <Check aria-hidden="true" className="size-4" />
        {result.kind === 'approve' ? 'Approved' : 'Rejected'}
      </span>
    );
  }
  return <span className="text-red-800">{result.message}</span>;
}

function BulkProgress({ run, onDismiss }: { run: BulkRun; onDismiss: () => void }) {
  const failures = [...run.results].filter(([, r]) => !r.ok);
  return (
    <div className="space-y-2 rounded-md border border-gray-200 bg-white p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span id="creators-progress-label" className="font-medium text-gray-900">
          {run.running ? 'Deciding creators…' : 'Done'}
        </span>
        <span role="status" className="text-gray-700">
          {formatNumber(run.done)} of {formatNumber(run.total)} done
          {run.failed ? `, ${formatNumber(run.failed)} failed` : ''}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Decisions sent"
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.done}
        aria-valuetext={`${run.done} of ${run.total}`}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full bg-indigo-700 transition-[width]"
          style={{ width: `${run.total ? (run.done / run.total) * 100 : 0}%` }}
        />
      </div>
      {failures.length > 0 ? (
        <ul aria-label="Failures" className="list-disc pl-5 text-red-800">
          {failures.map(([creatorId, r]) => (
            <li key={creatorId}>
              @{run.usernames.get(creatorId) ?? creatorId}: {r.ok ? '' : r.message}
            </li>
          ))}
        </ul>
      ) : null}
      {run.running ? null : (
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      )}
    </div>
  );
}

function RejectDialog({
  creators,
  onCancel,
  onReject,
}: {
  creators: CampaignCreator[] | null;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const id = useId();
  const count = creators?.length ?? 0;
  const title =
    count === 1 ? `Reject @${creators?.[0]?.username}` : `Reject ${formatNumber(count)} creators`;
  return (
    <Dialog open={creators !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {creators ? (
        <DialogContent title={title} description="The reason is optional and goes to the creator.">
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              const reason = new FormData(event.currentTarget).get('reason');
              onReject(typeof reason === 'string' ? reason.trim() : '');
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
              <Textarea id={`${id}-reason`} name="reason" rows={3} maxLength={1000} />
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" variant="danger">
                {count === 1 ? 'Reject creator' : `Reject ${formatNumber(count)} creators`}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
