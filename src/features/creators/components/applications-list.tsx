import { useInfiniteQuery } from '@tanstack/react-query';
import type { CampaignCreator } from '#contract/creators';
import { CREATOR_STATUS_LABELS } from '#contract/enums';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { ReadOnlyNote } from '#components/ui/read-only-note';
import { LoadingState } from '#components/ui/spinner';
import { creatorListOptions, type CreatorDecision, type FitFilter } from '../api/creators';
import { useCreatorDecisions } from '../use-creator-decisions';
import { useSteadyRows } from '../use-steady-rows';
import { useWideLayout } from '../use-wide-layout';
import { ApplicantCards, ApplicantTable, type RowActions } from './applicant-rows';
import { DecisionBar } from './decision-bar';
import { RejectDialog } from './reject-dialog';

/**
 * The Applied and Rejected tabs: who each creator is (their targeting properties) and whether
 * they fit the campaign. On Applied, with `canDecide`, the approval job: Approve and Reject on
 * every row and for a selection. The rows being worked on never move: decided ones stay in place
 * with their result, and creators who apply meanwhile are announced, shown when asked for.
 */
export function ApplicationsList({
  brandId,
  campaignId,
  status,
  fits,
  canDecide,
  openToAll,
}: {
  brandId: string;
  campaignId: string;
  status: 'applied' | 'rejected';
  fits: FitFilter;
  canDecide: boolean;
  /** The campaign has no targeting: everyone fits. */
  openToAll: boolean;
}) {
  const list = useInfiniteQuery(creatorListOptions(brandId, campaignId, status, fits));
  const latest = list.data?.pages.flatMap((p) => p.data);
  const deciding = canDecide && status === 'applied';
  const decisions = useCreatorDecisions(brandId, campaignId);
  const steady = useSteadyRows(latest, (id) => decisions.states.has(id));
  // Only the approval job pins its rows (and announces arrivals); a list nobody acts on simply
  // shows the latest answer.
  const { rows, arrivals, left, showArrivals } = deciding
    ? steady
    : { rows: latest ?? [], arrivals: [], left: new Set<string>(), showArrivals: () => undefined };
  const wide = useWideLayout();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [rejecting, setRejecting] = useState<CampaignCreator[] | null>(null);

  if (list.isPending) return <LoadingState label="Loading the creators…" />;
  if (list.isError && rows.length === 0)
    return <InlineError error={list.error} onRetry={() => void list.refetch()} />;

  const undecided = rows.filter((r) => {
    const state = decisions.states.get(r.creator_id);
    return (
      r.status === 'applied' &&
      !left.has(r.creator_id) &&
      (state === undefined || state.phase === 'failed')
    );
  });
  const chosen = undecided.filter((r) => selected.has(r.creator_id));
  const decide = (creators: CampaignCreator[], decision: CreatorDecision) => {
    const ids = creators.map((c) => c.creator_id);
    setSelected((set) => new Set([...set].filter((id) => !ids.includes(id))));
    decisions.decide(ids, decision);
  };
  const actions: RowActions | null = deciding
    ? {
        states: decisions.states,
        left,
        selected,
        toggle: (creatorId, on) =>
          setSelected((set) => {
            const next = new Set(set);
            if (on) next.add(creatorId);
            else next.delete(creatorId);
            return next;
          }),
        approve: (creator) => decide([creator], { kind: 'approve' }),
        reject: (creator) => setRejecting([creator]),
      }
    : null;

  const label = `${CREATOR_STATUS_LABELS[status]} creators`;
  return (
    <div className="space-y-3">
      {actions ? (
        <DecisionBar
          selectable={undecided.length}
          selected={chosen.length}
          allSelected={undecided.length > 0 && chosen.length === undecided.length}
          onSelectAll={(on) =>
            setSelected(on ? new Set(undecided.map((r) => r.creator_id)) : new Set())
          }
          onApprove={() => decide(chosen, { kind: 'approve' })}
          onReject={() => setRejecting(chosen)}
          tally={decisions.tally}
          arrivals={arrivals.length}
          onShowArrivals={() => {
            setSelected(new Set());
            showArrivals();
          }}
        />
      ) : null}
      {!canDecide && status === 'applied' ? (
        <ReadOnlyNote>
          Your access lets you look at applicants, not approve or reject them.
        </ReadOnlyNote>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState icon={Users} title={emptyTitle(status, fits)}>
          {status === 'applied'
            ? 'New applications appear here as creators apply.'
            : 'Creators appear here once rejected.'}
        </EmptyState>
      ) : wide ? (
        <ApplicantTable label={label} rows={rows} actions={actions} openToAll={openToAll} />
      ) : (
        <ApplicantCards label={label} rows={rows} actions={actions} openToAll={openToAll} />
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

function emptyTitle(status: 'applied' | 'rejected', fits: FitFilter): string {
  const who = status === 'applied' ? 'applicants waiting' : 'rejected creators';
  if (fits === 'fits') return `No ${who} who fit the targeting`;
  if (fits === 'misfits') return `No ${who} outside the targeting`;
  return `No ${who}`;
}
