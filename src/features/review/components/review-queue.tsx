import { useQueries } from '@tanstack/react-query';
import { PLATFORM_LABELS, Platform } from '#contract/enums';
import type { Task } from '#contract/tasks';
import { ClipboardCheck } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { InlineError } from '../../../components/ui/inline-error';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { reviewCampaignOptions, useReviewQueue, type QueueItem } from '../api/review';
import { readQueueFilters, writeQueueFilters, type QueueFilters } from '../queue-filters';
import { useDecisions } from '../use-decisions';
import { FeedbackDialog } from './feedback-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import { PreloadMedia, SubmissionMedia } from './submission-media';
import { TaskRequirements } from './task-requirements';

/** True when a key press belongs to a text field (shortcuts must not fire while typing). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The review queue of a brand: one list across its active and paused campaigns, oldest waiting
 * first, worked from the keyboard (J/K, A, R, U, ?). Decisions are optimistic and undoable.
 */
export function ReviewQueue({ brandId, canDecide }: { brandId: string; canDecide: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readQueueFilters(searchParams);
  const queue = useReviewQueue(brandId);
  const tasksOf = useQueries({
    queries: queue.campaigns.map((c) => reviewCampaignOptions(brandId, c.id)),
  });
  const tasks = new Map<string, Task>();
  for (const q of tasksOf) for (const task of q.data?.tasks ?? []) tasks.set(task.id, task);

  const decisions = useDecisions(brandId);
  const visible = queue.items.filter(
    (item) => !decisions.decided.has(item.submission.id) && matches(item, filters, tasks),
  );

  // The current item: the one chosen, else the one now at the position it held (after a decision
  // the next one moves up into its place).
  const [cursor, setCursor] = useState<{ id: string | null; index: number }>({
    id: null,
    index: 0,
  });
  const byId = visible.findIndex((item) => item.submission.id === cursor.id);
  const index = byId !== -1 ? byId : Math.min(cursor.index, Math.max(visible.length - 1, 0));
  const current = visible[index];
  const next = visible[index + 1];
  const afterNext = visible[index + 2];

  const [rejecting, setRejecting] = useState<QueueItem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const headingId = useId();

  const focusRegion = () => regionRef.current?.focus({ preventScroll: true });
  // A dialog opened from the keyboard has no trigger to return to: come back to the queue.
  const returnFocus = () => setTimeout(focusRegion, 0);
  const moveTo = (to: number) => {
    const item = visible[to];
    if (!item) return;
    setCursor({ id: item.submission.id, index: to });
  };
  const approve = () => {
    if (!current || !canDecide) return;
    // The next item takes this one's place at once; the decision goes out after the undo window.
    setCursor({ id: next?.submission.id ?? null, index });
    decisions.decide(current, { kind: 'approve' });
    // The last item's buttons go away with it: keep focus on the queue.
    if (visible.length === 1) returnFocus();
  };
  const startReject = () => {
    if (current && canDecide) setRejecting(current);
  };
  const sendReject = (feedback: string) => {
    if (!rejecting) return;
    if (current?.submission.id === rejecting.submission.id) {
      setCursor({ id: next?.submission.id ?? null, index });
    }
    decisions.decide(rejecting, feedback ? { kind: 'reject', feedback } : { kind: 'reject' });
    setRejecting(null);
    returnFocus();
  };
  const undo = () => {
    const item = decisions.undo();
    if (item) setCursor({ id: item.submission.id, index });
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target) || rejecting || helpOpen) return;
    if (document.querySelector('[role=dialog], [role=alertdialog], [role=menu]')) return;
    const actions: Record<string, () => void> = {
      j: () => moveTo(index + 1),
      k: () => moveTo(index - 1),
      a: approve,
      r: startReject,
      u: undo,
      '?': () => setHelpOpen(true),
    };
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : ''];
    if (!action) return;
    event.preventDefault();
    action();
    // Keep the keyboard user on the queue (a decision removes the element they might be on).
    if (event.key !== '?' && !['r', 'R'].includes(event.key)) focusRegion();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const campaignTasks = filters.campaign
    ? (tasksOf[queue.campaigns.findIndex((c) => c.id === filters.campaign)]?.data?.tasks ?? [])
    : [...tasks.values()];

  const setFilters = (changes: Partial<QueueFilters>) =>
    setSearchParams(writeQueueFilters({ ...filters, ...changes }), { replace: true });

  const filterBar = (
    <QueueFilterBar
      filters={filters}
      campaigns={queue.campaigns}
      tasks={campaignTasks}
      onChange={setFilters}
    />
  );

  const failure = queue.error ? <InlineError error={queue.error} onRetry={queue.retry} /> : null;
  if (queue.error && queue.items.length === 0) {
    return (
      <>
        {filterBar}
        {failure}
      </>
    );
  }
  if (queue.isPending) {
    return (
      <>
        {filterBar}
        <LoadingState label="Loading the submissions waiting for review…" />
      </>
    );
  }

  const task = current ? tasks.get(current.submission.task_id) : undefined;
  return (
    <div className="space-y-4">
      {filterBar}
      {failure}
      <p role="status" className="text-sm font-medium text-gray-900">
        {formatNumber(visible.length)} {visible.length === 1 ? 'submission' : 'submissions'} waiting
        {visible.length !== queue.items.length
          ? ` (${formatNumber(queue.items.length)} in all)`
          : ''}
      </p>
      {decisions.conflict ? (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
        >
          {decisions.conflict}
        </p>
      ) : null}
      <UndoBar recent={decisions.recent} onUndo={undo} />
      <section
        ref={regionRef}
        tabIndex={-1}
        aria-label="Current submission"
        // Which submission is on screen, for the journeys and the benchmark of decisions.
        data-submission-id={current?.submission.id}
        className="rounded-lg border border-gray-200 bg-white p-4"
      >
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {current ? `Submission ${index + 1} of ${visible.length}` : 'Current submission'}
        </h2>
        {current ? (
          <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
            <div className="space-y-3">
              {/* The next item's media sits here already, hidden and loading: after a decision
                  the same element is shown, so the video appears with its data, not blank. */}
              {[current, next].map((item) =>
                item ? (
                  <div key={item.submission.id} hidden={item !== current}>
                    <SubmissionMedia submission={item.submission} />
                  </div>
                ) : null,
              )}
            </div>
            <div className="space-y-4">
              <div className="space-y-1 text-sm">
                <p className="text-base font-semibold text-gray-900">
                  @{current.submission.creator_username}
                </p>
                <p className="text-gray-700">{current.campaignName}</p>
                <p className="flex flex-wrap items-center gap-2 text-gray-700">
                  <Badge tone={current.submission.revision_count > 0 ? 'amber' : 'gray'}>
                    {roundLabel(current.submission.revision_count)}
                  </Badge>
                  <span>Submitted {formatDateTime(current.submission.submitted_at)}</span>
                </p>
              </div>
              {current.submission.feedback ? (
                <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
                  <h3 className="font-medium text-amber-950">Previous feedback</h3>
                  <p className="mt-1 whitespace-pre-wrap text-amber-950">
                    {current.submission.feedback}
                  </p>
                </div>
              ) : null}
              <DecisionButtons
                canDecide={canDecide}
                hasPrevious={index > 0}
                hasNext={index < visible.length - 1}
                onApprove={approve}
                onReject={startReject}
                onPrevious={() => moveTo(index - 1)}
                onNext={() => moveTo(index + 1)}
                onHelp={() => setHelpOpen(true)}
              />
              <div>
                <h3 className="mb-2 text-sm font-semibold text-gray-900">Requirements</h3>
                <TaskRequirements task={task} />
              </div>
            </div>
          </div>
        ) : (
          <div className="mt-3">
            <EmptyState icon={ClipboardCheck} title="Nothing waiting">
              {queue.items.length > 0
                ? 'No submission matches these filters.'
                : 'Every submission has been reviewed. New ones appear here as creators send them.'}
            </EmptyState>
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setHelpOpen(true)}>
              Keyboard shortcuts
            </Button>
          </div>
        )}
      </section>
      <UpNext
        items={visible.slice(index + 1, index + 6)}
        onOpen={(id) => {
          const to = visible.findIndex((item) => item.submission.id === id);
          moveTo(to);
          focusRegion();
        }}
      />
      {afterNext ? (
        <PreloadMedia key={afterNext.submission.id} submission={afterNext.submission} />
      ) : null}
      <FeedbackDialog
        open={rejecting !== null}
        creator={rejecting ? `@${rejecting.submission.creator_username}` : ''}
        onSend={sendReject}
        onCancel={() => {
          setRejecting(null);
          returnFocus();
        }}
      />
      <ShortcutsDialog
        open={helpOpen}
        onOpenChange={(open) => {
          setHelpOpen(open);
          if (!open) returnFocus();
        }}
      />
    </div>
  );
}

/** The next few items, to see what is coming and jump to one. */
function UpNext({ items, onOpen }: { items: QueueItem[]; onOpen: (id: string) => void }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-gray-900">
        Up next
      </h2>
      <ol className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.submission.id}>
            <button
              type="button"
              onClick={() => onOpen(item.submission.id)}
              className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-left text-xs text-gray-800 hover:bg-gray-50"
            >
              <span className="font-medium">@{item.submission.creator_username}</span>
              <span className="text-gray-600">
                {' '}
                · {item.campaignName} · {roundLabel(item.submission.revision_count)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

const roundLabel = (revisions: number) =>
  revisions === 0 ? 'First submission' : `Revision ${revisions}`;

function matches(item: QueueItem, filters: QueueFilters, tasks: Map<string, Task>): boolean {
  const s = item.submission;
  if (filters.campaign && item.campaignId !== filters.campaign) return false;
  if (filters.task && s.task_id !== filters.task) return false;
  if (filters.round === 'first' && s.revision_count !== 0) return false;
  if (filters.round === 'revision' && s.revision_count === 0) return false;
  if (filters.platform) {
    const task = tasks.get(s.task_id);
    // Until the task is known the item stays listed rather than flickering in and out.
    if (task && !task.platforms.includes(filters.platform)) return false;
  }
  return true;
}

function DecisionButtons(props: {
  canDecide: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onApprove: () => void;
  onReject: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onHelp: () => void;
}) {
  return (
    <div className="space-y-2">
      {props.canDecide ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={props.onApprove} aria-keyshortcuts="A">
            Approve{' '}
            <kbd aria-hidden="true" className="text-xs opacity-80">
              A
            </kbd>
          </Button>
          <Button variant="danger" onClick={props.onReject} aria-keyshortcuts="R">
            Reject{' '}
            <kbd aria-hidden="true" className="text-xs opacity-80">
              R
            </kbd>
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-700">This key may not approve or reject submissions.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={props.onPrevious}
          disabled={!props.hasPrevious}
          aria-keyshortcuts="K"
        >
          Previous{' '}
          <kbd aria-hidden="true" className="text-xs">
            K
          </kbd>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={props.onNext}
          disabled={!props.hasNext}
          aria-keyshortcuts="J"
        >
          Next{' '}
          <kbd aria-hidden="true" className="text-xs">
            J
          </kbd>
        </Button>
        <Button variant="ghost" size="sm" onClick={props.onHelp} aria-keyshortcuts="Shift+?">
          Keyboard shortcuts{' '}
          <kbd aria-hidden="true" className="text-xs">
            ?
          </kbd>
        </Button>
      </div>
    </div>
  );
}

function UndoBar({
  recent,
  onUndo,
}: {
  recent: ReturnType<typeof useDecisions>['recent'];
  onUndo: () => void;
}) {
  return (
    <div role="status" className="min-h-10 text-sm">
      {recent ? (
        <span className="flex flex-wrap items-center gap-3 rounded-md bg-gray-900 px-3 py-2 text-white">
          <span>
            {recent.decision.kind === 'approve' ? 'Approved' : 'Rejected'} @
            {recent.item.submission.creator_username}
            {recent.sent ? '.' : ' — sending in a few seconds.'}
          </span>
          {recent.sent ? null : (
            <Button variant="secondary" size="sm" onClick={onUndo} aria-keyshortcuts="U">
              Undo{' '}
              <kbd aria-hidden="true" className="text-xs">
                U
              </kbd>
            </Button>
          )}
        </span>
      ) : null}
    </div>
  );
}

function QueueFilterBar({
  filters,
  campaigns,
  tasks,
  onChange,
}: {
  filters: QueueFilters;
  campaigns: readonly { id: string; name: string }[];
  tasks: readonly Task[];
  onChange: (changes: Partial<QueueFilters>) => void;
}) {
  const id = useId();
  return (
    <div role="group" aria-label="Filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="space-y-1">
        <Label htmlFor={`${id}-campaign`}>Campaign</Label>
        <Select
          id={`${id}-campaign`}
          value={filters.campaign ?? ''}
          onChange={(e) => onChange({ campaign: e.target.value || null, task: null })}
        >
          <option value="">All campaigns</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-task`}>Task</Label>
        <Select
          id={`${id}-task`}
          value={filters.task ?? ''}
          onChange={(e) => onChange({ task: e.target.value || null })}
        >
          <option value="">All tasks</option>
          {tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-platform`}>Platform</Label>
        <Select
          id={`${id}-platform`}
          value={filters.platform ?? ''}
          onChange={(e) => onChange({ platform: Platform.safeParse(e.target.value).data ?? null })}
        >
          <option value="">All platforms</option>
          {Platform.options.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-round`}>Revision round</Label>
        <Select
          id={`${id}-round`}
          value={filters.round ?? ''}
          onChange={(e) =>
            onChange({
              round:
                e.target.value === 'first' || e.target.value === 'revision' ? e.target.value : null,
            })
          }
        >
          <option value="">All rounds</option>
          <option value="first">First submissions</option>
          <option value="revision">Revisions</option>
        </Select>
      </div>
    </div>
  );
}
