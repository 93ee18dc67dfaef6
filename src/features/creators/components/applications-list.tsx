import { useInfiniteQuery } from '@tanstack/react-query';
import type { CampaignCreator } from '#contract/creators';
import { CREATOR_STATUS_LABELS } from '#contract/enums';
import { Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { InlineError } from '#components/ui/inline-error';
import { LoadMoreButton } from '#components/ui/load-more-button';
import { ReadOnlyNote } from '#components/ui/read-only-note';
import { LoadingState } from '#components/ui/spinner';
import { creatorListOptions, type CreatorDecision, type FitFilter } from '../api/creators';
import { useCreatorDecisions } from '../use-creator-decisions';
import { focusAfterDecision, useHighlightedRow, useUndoKey } from '../focus';
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
  approvalRequired,
  highlighted,
  onShowApproved,
}: {
  brandId: string;
  campaignId: string;
  status: 'applied' | 'rejected';
  fits: FitFilter;
  canDecide: boolean;
  /** The campaign has no targeting: everyone fits. */
  openToAll: boolean;
  /** Whether creators wait for approval on this campaign (unknown until it is read). */
  approvalRequired: boolean | undefined;
  /** The creator a link asked for (`?creator=`): shown, marked and focused. */
  highlighted: string | null;
  onShowApproved: () => void;
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
  // Where the focus goes once a decision (or an Undo) has been drawn: after the row decided, the
  // next row's Approve (docs/decisions/0166-creator-decisions-undo-and-focus.md).
  const [focusRequest, setFocusRequest] = useState<{
    after?: string;
    row?: string;
    n: number;
  } | null>(null);
  const rejectedInDialog = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusRequest || !root.current) return;
    if (focusRequest.row) {
      root.current
        .querySelector<HTMLElement>(`[data-approve="${CSS.escape(focusRequest.row)}"]`)
        ?.focus();
    } else if (focusRequest.after) focusAfterDecision(root.current, focusRequest.after);
  }, [focusRequest]);
  const undo = (ids: string[]) => {
    if (ids[0]) setFocusRequest((r) => ({ row: ids[0]!, n: (r?.n ?? 0) + 1 }));
  };
  useUndoKey(deciding && decisions.recent !== null, () => undo(decisions.undo()));
  useHighlightedRow(root, highlighted, latest, list);

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
    // One row: on to the next row's Approve. A selection: the bar's buttons go, so the first
    // row left to decide (or the word that every one is decided).
    const after = ids.length === 1 ? ids[0] : '';
    setFocusRequest((r) => ({ after, n: (r?.n ?? 0) + 1 }));
  };
  const actions: RowActions | null = deciding
    ? {
        states: decisions.states,
        left,
        undone: new Set(decisions.undone?.creatorIds),
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
        undo: (creator) => {
          if (decisions.undoOne(creator.creator_id)) undo([creator.creator_id]);
        },
      }
    : null;
  const allDecided =
    deciding && rows.length > 0 && undecided.length === 0 && decisions.states.size > 0;

  const label = `${CREATOR_STATUS_LABELS[status]} creators`;
  return (
    <div ref={root} data-creators-list className="space-y-3">
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
          recent={decisions.recent}
          undone={decisions.undone}
          onUndo={() => undo(decisions.undo())}
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
        status === 'applied' && approvalRequired === false ? (
          <EmptyState
            icon={Users}
            title="Creators join this campaign without approval"
            focusTarget
            action={
              <Button variant="secondary" onClick={onShowApproved}>
                Show approved creators
              </Button>
            }
          >
            Nobody waits for a decision here: creators who join go straight to Approved.
          </EmptyState>
        ) : (
          <EmptyState icon={Users} title={emptyTitle(status, fits)} focusTarget>
            {status === 'applied'
              ? 'New applications appear here as creators apply.'
              : 'Creators appear here once rejected.'}
          </EmptyState>
        )
      ) : wide ? (
        <ApplicantTable
          label={label}
          rows={rows}
          actions={actions}
          openToAll={openToAll}
          highlighted={highlighted}
        />
      ) : (
        <ApplicantCards
          label={label}
          rows={rows}
          actions={actions}
          openToAll={openToAll}
          highlighted={highlighted}
        />
      )}
      {allDecided ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3">
          <div>
            <h2
              tabIndex={-1}
              data-focus-target
              className="w-fit rounded-sm text-sm font-semibold text-emerald-950"
            >
              Every applicant on this list is decided
            </h2>
            <p className="text-sm text-emerald-900">
              Approved creators are under Approved, with their content and posts.
            </p>
          </div>
          <Button size="sm" variant="secondary" onClick={onShowApproved}>
            Show approved creators
          </Button>
        </div>
      ) : null}
      <LoadMoreButton list={list} label="Load more creators" />
      <RejectDialog
        creators={rejecting}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => {
          if (rejecting) {
            rejectedInDialog.current = true;
            decide(rejecting, reason ? { kind: 'reject', reason } : { kind: 'reject' });
          }
          setRejecting(null);
        }}
        onCloseAutoFocus={(event) => {
          // Rejected: the focus went on to the next row; cancelled, it returns to Reject.
          if (rejectedInDialog.current) event.preventDefault();
          rejectedInDialog.current = false;
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
