import {
  onlineManager,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import type { Submission } from '#contract/submissions';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import { notify } from '#lib/notify';
import { isRetryableError, retryDelayMs } from '#lib/query-client';
import {
  ReviewConflict,
  decisionKey,
  reviewKeys,
  sendDecision,
  settleInLists,
  type Decision,
  type QueueItem,
} from './api/review';

/**
 * How long a decision waits before it is sent (the interface cannot take a decision back, so
 * "Undo" works by not sending it yet: docs/decisions/0009-review-queue-decisions.md), the
 * first pause before a failed send is tried again (then twice as long), and how long an item
 * must have been on screen before a decision key counts (docs/decisions/0150).
 */
export const review = { undoWindowMs: 4000, retryDelayMs: 1000, lookFirstMs: 600 };

/** Automatic tries after the first one, for failures that may pass (network, 5xx, 429). */
const AUTOMATIC_RETRIES = 2;

/**
 * Where a decision is: `waiting` (in its undo window), `sending`, `offline` (held until the
 * browser is back online), `sent`, `failed` (could not be sent; kept for a retry), `conflict`
 * (someone decided first) or `refused` (the service said no; the item is back in the queue).
 */
export type DecisionPhase =
  'waiting' | 'sending' | 'offline' | 'sent' | 'failed' | 'conflict' | 'refused';

export type DecisionRecord = {
  key: string;
  item: QueueItem;
  decision: Decision;
  phase: DecisionPhase;
  /** Why it failed or was refused. */
  error: unknown;
  /** For a conflict: the submission as the service has it now (null when unknown). */
  current: Submission | null;
  /** When it was decided or last sent (ms). */
  at: number;
};

/** Phases in which the item stays out of the queue. */
const OUT_OF_QUEUE: ReadonlySet<DecisionPhase> = new Set([
  'waiting',
  'sending',
  'offline',
  'sent',
  'failed',
  'conflict',
]);

/** Phases of a decision not at the service yet. */
export const NOT_SENT: ReadonlySet<DecisionPhase> = new Set([
  'waiting',
  'sending',
  'offline',
  'failed',
]);

/**
 * A decision on its way: `idempotencyKey` is made once per decision, so every try of it (automatic,
 * on reconnecting, on Retry) is the same request to the service, and one that had in fact
 * committed answers as it did instead of "already reviewed".
 */
type Variables = {
  item: QueueItem;
  decision: Decision;
  idempotencyKey: string;
  keepalive?: boolean;
};

/** A decision made on this screen; `sent` once handed to the mutation. */
type Local = {
  key: string;
  item: QueueItem;
  decision: Decision;
  idempotencyKey: string;
  at: number;
  sent: boolean;
};

type Snapshot = {
  variables: Variables | undefined;
  status: 'idle' | 'pending' | 'success' | 'error';
  isPaused: boolean;
  error: unknown;
  submittedAt: number;
};

function phaseOf(snapshot: Snapshot): DecisionPhase {
  if (snapshot.status === 'success') return 'sent';
  if (snapshot.status === 'error') {
    if (snapshot.error instanceof ReviewConflict) return 'conflict';
    return isRetryableError(snapshot.error) ? 'failed' : 'refused';
  }
  return snapshot.isPaused ? 'offline' : 'sending';
}

/** The time, read in callbacks (the mutation's), never during render. */
const clock = () => Date.now();

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * Review decisions, optimistic and undoable: `decide` takes the item out of the queue at once and
 * sends the decision after the undo window; `undo` puts the latest one back unsent. Each
 * decision's state comes from React Query's mutation cache, so decisions still on their way (or
 * failed) are known after the screen was left and opened again. A send that fails on the way is
 * tried again twice, again when the browser comes back online, and on `retry`; its item stays out
 * of the queue meanwhile. Decisions still waiting when the screen goes away (or the page is
 * hidden) are sent at once.
 */
export function useDecisions(brandId: string) {
  const queryClient = useQueryClient();
  const mutationKey = reviewKeys.decisions(brandId);
  // Decisions in their undo window, with the timer that sends each.
  const pending = useRef(
    new Map<
      string,
      {
        item: QueueItem;
        decision: Decision;
        idempotencyKey: string;
        timer: ReturnType<typeof setTimeout>;
      }
    >(),
  );
  const [local, setLocal] = useState<ReadonlyMap<string, Local>>(() => new Map());
  const [recentKey, setRecentKey] = useState<string | null>(null);
  // The item whose decision was last taken back, until the next decision (the screen says so).
  const [undone, setUndone] = useState<QueueItem | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);

  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ item, decision, idempotencyKey, keepalive }: Variables) =>
      sendDecision(item, decision, { keepalive: keepalive ?? false, idempotencyKey }),
    retry: (failures, error) => failures < AUTOMATIC_RETRIES && isRetryableError(error),
    // Kept for the tab's life: a failed decision collected after the default 5 minutes would
    // silently put its submission back in the queue; a sent one keeps its item out of a stale
    // refetch. A reviewer makes hundreds, not millions.
    gcTime: Number.POSITIVE_INFINITY,
    retryDelay: (attempt, error) => retryDelayMs(attempt, error, review.retryDelayMs),
    // The answer is the submission decided: it leaves the lists without a read.
    // When it was first sent: counts read since may include it already.
    onMutate: () => ({ sentAt: clock() }),
    onSuccess: (submission, { item }, context) =>
      settleInLists(queryClient, brandId, item, submission, context.sentAt),
    onError: (error, { item }) => {
      // Someone got there first: the item stays out of the queue; the screen says who did what.
      if (error instanceof ReviewConflict) {
        if (error.current) settleInLists(queryClient, brandId, item, error.current);
        // Whether the counts read so far include the other decision is unknown: read them again.
        void queryClient.invalidateQueries({ queryKey: [...reviewKeys.all(brandId), 'counts'] });
        return;
      }
      // Kept for a retry; the screen shows it with the reason.
      if (isRetryableError(error)) return;
      // Refused: the item returns to the queue (it never left the lists), the reason goes to
      // the toast.
      notify.apiError(
        error,
        `Could not send the decision on the submission from @${item.submission.creator_username}`,
      );
    },
    meta: { suppressErrorToast: true },
  });

  const snapshots = useMutationState<Snapshot>({
    filters: { mutationKey },
    select: (m) => ({
      variables: m.state.variables as Variables | undefined,
      status: m.state.status,
      isPaused: m.state.isPaused,
      error: m.state.error,
      submittedAt: m.state.submittedAt,
    }),
  });

  // The latest state of each decision: the cache's (in the order sends were made), unless one
  // made here since is still in its undo window or not in the cache yet.
  const records = new Map<string, DecisionRecord>();
  for (const s of snapshots) {
    if (!s.variables) continue;
    const key = decisionKey(s.variables.item);
    records.set(key, {
      key,
      item: s.variables.item,
      decision: s.variables.decision,
      phase: phaseOf(s),
      error: s.error,
      current: s.error instanceof ReviewConflict ? s.error.current : null,
      at: s.submittedAt,
    });
  }
  for (const l of local.values()) {
    const cached = records.get(l.key);
    if (cached && l.sent && cached.at >= l.at) continue;
    records.set(l.key, {
      key: l.key,
      item: l.item,
      decision: l.decision,
      phase: l.sent ? 'sending' : 'waiting',
      error: null,
      current: null,
      at: l.at,
    });
  }

  const hidden = new Set<string>();
  for (const r of records.values()) if (OUT_OF_QUEUE.has(r.phase)) hidden.add(r.key);

  const send = (key: string, keepalive = false) => {
    const entry = pending.current.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.current.delete(key);
    mutation.mutate({
      item: entry.item,
      decision: entry.decision,
      idempotencyKey: entry.idempotencyKey,
      keepalive,
    });
    setLocal((map) => {
      const made = map.get(key);
      return made ? new Map(map).set(key, { ...made, sent: true }) : map;
    });
  };

  const decide = (item: QueueItem, decision: Decision) => {
    const key = decisionKey(item);
    const idempotencyKey = crypto.randomUUID();
    clearTimeout(pending.current.get(key)?.timer);
    const timer = setTimeout(() => send(key), review.undoWindowMs);
    pending.current.set(key, { item, decision, idempotencyKey, timer });
    setLocal((map) =>
      new Map(map).set(key, { key, item, decision, idempotencyKey, at: Date.now(), sent: false }),
    );
    setRecentKey(key);
    setUndone(null);
  };

  const recent = recentKey ? (records.get(recentKey) ?? null) : null;

  /** Takes back the latest decision if it was not sent yet; answers the item put back. */
  const undo = (): QueueItem | null => {
    const entry = recent ? pending.current.get(recent.key) : undefined;
    if (!recent || !entry) return null;
    clearTimeout(entry.timer);
    pending.current.delete(recent.key);
    setLocal((map) => {
      const next = new Map(map);
      next.delete(recent.key);
      return next;
    });
    setRecentKey(null);
    setUndone(recent.item);
    return recent.item;
  };

  /** Sends again every decision that could not be sent. */
  const retry = (keepalive = false) => {
    const cache = queryClient.getMutationCache();
    const failed = cache
      .findAll({ mutationKey, status: 'error' })
      .filter((m) => isRetryableError(m.state.error));
    for (const m of failed) {
      const variables = m.state.variables as Variables;
      // The newest attempt of a decision replaces the failed one.
      cache.remove(m);
      mutation.mutate({ ...variables, keepalive });
    }
  };

  const flush = useEffectEvent((pageClosing: boolean) => {
    // Decisions in their undo window go out now; when the page itself is closing, as keepalive
    // requests the browser finishes after it, together with those that failed before.
    for (const key of [...pending.current.keys()]) send(key, pageClosing);
    if (pageClosing) retry(true);
  });
  const retryWhenOnline = useEffectEvent(() => {
    if (onlineManager.isOnline()) retry();
  });

  useEffect(() => {
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    const unsubscribe = onlineManager.subscribe(() => retryWhenOnline());
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      unsubscribe();
      flush(false);
    };
  }, []);

  const list = [...records.values()];
  const count = (phase: DecisionPhase) => list.filter((r) => r.phase === phase).length;
  return {
    /** Keys (`decisionKey`) of the items kept out of the queue. */
    hidden,
    recent,
    /** The item whose decision was last undone (back in the queue), until the next decision. */
    undone,
    /** Decisions someone else made first, newest first, until dismissed. */
    conflicts: list
      .filter((r) => r.phase === 'conflict' && !dismissed.has(r.key))
      .sort((a, b) => b.at - a.at),
    failed: list.filter((r) => r.phase === 'failed'),
    notSent: list.filter((r) => NOT_SENT.has(r.phase)).length,
    sent: count('sent'),
    offline: !online || count('offline') > 0,
    decide,
    undo,
    retry: () => retry(),
    dismissConflict: (key: string) => setDismissed((set) => new Set(set).add(key)),
  };
}

export type Decisions = ReturnType<typeof useDecisions>;
