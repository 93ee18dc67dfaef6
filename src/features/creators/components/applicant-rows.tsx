import type { CampaignCreator } from '#contract/creators';
import { clsx } from 'clsx';
import { Checkbox } from '#components/ui/checkbox';
import { Table } from '#components/ui/table';
import { formatDate } from '#lib/format';
import type { DecisionState } from '../use-creator-decisions';
import { FitSummary, PropertyList } from './creator-facts';
import { DecisionControls } from './decision-controls';

/** What a row can do on the Applied tab; null elsewhere (or without the creators:write scope). */
export type RowActions = {
  states: ReadonlyMap<string, DecisionState>;
  /** Rows no longer waiting in the service (decided here or by someone else since shown). */
  left: ReadonlySet<string>;
  /** Rows whose decision was just taken back (they say so beside their buttons). */
  undone: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  toggle: (creatorId: string, on: boolean) => void;
  approve: (creator: CampaignCreator) => void;
  reject: (creator: CampaignCreator) => void;
  undo: (creator: CampaignCreator) => void;
};

type ListProps = {
  label: string;
  rows: readonly CampaignCreator[];
  actions: RowActions | null;
  openToAll: boolean;
  /** The creator a link asked for (`?creator=`), marked until another is asked for. */
  highlighted?: string | null;
};

/** How the creator a link asked for stands out. */
export const HIGHLIGHT = 'bg-amber-50 outline-2 -outline-offset-2 outline-amber-500';

/** A decision can still be made (or made again after a refusal) on this row. */
const open = (creator: CampaignCreator, actions: RowActions) => {
  const state = actions.states.get(creator.creator_id);
  return (
    creator.status === 'applied' &&
    !actions.left.has(creator.creator_id) &&
    (state === undefined || state.phase === 'failed')
  );
};

function Dates({ creator }: { creator: CampaignCreator }) {
  return (
    <p className="text-xs text-gray-600">
      Applied {formatDate(creator.applied_at)}
      {creator.decided_at
        ? ` · ${creator.status === 'rejected' ? 'Rejected' : 'Decided'} ${formatDate(creator.decided_at)}`
        : ''}
    </p>
  );
}

function SelectBox({ creator, actions }: { creator: CampaignCreator; actions: RowActions }) {
  return (
    <Checkbox
      aria-label={`Select @${creator.username}`}
      checked={actions.selected.has(creator.creator_id)}
      disabled={!open(creator, actions)}
      onChange={(e) => actions.toggle(creator.creator_id, e.target.checked)}
    />
  );
}

/** From the laptop up: one row per creator, the decision in the last column, never cut off. */
export function ApplicantTable({ label, rows, actions, openToAll, highlighted }: ListProps) {
  return (
    <div data-applicants className="rounded-lg border border-gray-200 bg-white">
      <Table
        caption={label}
        className="w-full"
        columns={[
          actions ? { label: 'Select', hidden: true, className: 'w-10' } : null,
          { label: 'Creator', className: 'w-56' },
          { label: 'Fit', className: 'w-64' },
          { label: 'Properties' },
          actions ? { label: 'Decision', align: 'right', className: 'w-48' } : null,
        ]}
      >
        {rows.map((creator) => (
          <tr
            key={creator.creator_id}
            data-row={creator.creator_id}
            tabIndex={highlighted === creator.creator_id ? -1 : undefined}
            className={clsx('align-top', highlighted === creator.creator_id && HIGHLIGHT)}
          >
            {actions ? (
              <td className="px-3 py-3">
                <SelectBox creator={creator} actions={actions} />
              </td>
            ) : null}
            <th scope="row" className="px-3 py-3 text-left font-normal">
              <span className="block font-medium break-all text-gray-900">@{creator.username}</span>
              <Dates creator={creator} />
            </th>
            <td className="px-3 py-3">
              <FitSummary creator={creator} open={openToAll} />
            </td>
            <td className="px-3 py-3">
              <PropertyList creator={creator} />
            </td>
            {actions ? (
              <td className="px-3 py-3 text-right whitespace-nowrap">
                <DecisionControls
                  creator={creator}
                  state={actions.states.get(creator.creator_id)}
                  decidedElsewhere={actions.left.has(creator.creator_id)}
                  undone={actions.undone.has(creator.creator_id)}
                  onApprove={() => actions.approve(creator)}
                  onReject={() => actions.reject(creator)}
                  onUndo={() => actions.undo(creator)}
                />
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
    </div>
  );
}

/** On a phone: one card per creator, its Approve and Reject across the card's width. */
export function ApplicantCards({ label, rows, actions, openToAll, highlighted }: ListProps) {
  return (
    <ul data-applicants aria-label={label} className="space-y-3">
      {rows.map((creator) => (
        <li
          key={creator.creator_id}
          data-row={creator.creator_id}
          tabIndex={highlighted === creator.creator_id ? -1 : undefined}
          aria-label={`@${creator.username}`}
          className={clsx(
            'space-y-3 rounded-lg border border-gray-200 bg-white p-4',
            highlighted === creator.creator_id && HIGHLIGHT,
          )}
        >
          <div className="flex items-start gap-3">
            {actions ? (
              <span className="pt-0.5">
                <SelectBox creator={creator} actions={actions} />
              </span>
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all text-gray-900">@{creator.username}</p>
              <Dates creator={creator} />
            </div>
          </div>
          <FitSummary creator={creator} open={openToAll} />
          <PropertyList creator={creator} />
          {actions ? (
            <DecisionControls
              wide
              creator={creator}
              state={actions.states.get(creator.creator_id)}
              decidedElsewhere={actions.left.has(creator.creator_id)}
              undone={actions.undone.has(creator.creator_id)}
              onApprove={() => actions.approve(creator)}
              onReject={() => actions.reject(creator)}
              onUndo={() => actions.undo(creator)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
