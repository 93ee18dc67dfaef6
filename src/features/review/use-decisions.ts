import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import {
  removeFromQueue,
  restoreToQueue,
  reviewKeys,
  sendDecision,
  type Decision,
  type QueueItem,
} from './api/review';

/**
 * How long a decision waits before it is sent. The interface cannot take a decision back, so
 * "Undo" works by not sending it yet (docs/decisions/0009-review-queue-decisions.md).
 */
export const review = { undoWindowMs: 4000 };

export type RecentDecision = { item: QueueItem; decision: Decision; sent: boolean };

type Scheduled = { item: QueueItem; decision: Decision; timer: ReturnType<typeof setTimeout> };

/** "already_reviewed: approved at … by key cck_…" → "approved at … by key cck_…". */
export const alreadyReviewedText = (message: string) =>
  message.replace(/^already_reviewed:\s*/i, '');

function refresh(queryClient: QueryClient, brandId: string, item: QueueItem) {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.waiting(brandId, item.campaignId) });
}

/**
 * Review decisions, optimistic and undoable: `decide` takes the item out of the queue at once and
 * sends the decision after the undo window; `undo` puts the latest one back unsent. Decisions
 * still waiting when the screen goes away (or the page is hidden) are sent at once.
 */
export function useDecisions(brandId: string) {
  const queryClient = useQueryClient();
  const scheduled = useRef(new Map<string, Scheduled>());
  // Items decided here: kept out of the queue even if a refetch still lists them.
  const [decided, setDecided] = useState<ReadonlySet<string>>(() => new Set());
  const [recent, setRecent] = useState<RecentDecision | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: ({ item, decision }: { item: QueueItem; decision: Decision }) =>
      sendDecision(item, decision),
    onMutate: ({ item }) => removeFromQueue(queryClient, brandId, item),
    onSuccess: (_submission, { item }) => refresh(queryClient, brandId, item),
    onError: (error, { item }) => {
      if (isApiError(error) && error.code === 'already_reviewed') {
        // Someone got there first: the item stays out of the queue; say who.
        const text = alreadyReviewedText(error.message);
        setConflict(`${item.submission.creator_username}: already reviewed, ${text}`);
        notify.info(`Already reviewed: ${text}`);
        refresh(queryClient, brandId, item);
        return;
      }
      // Rollback: the item returns to the queue, the error goes to the toast.
      setDecided((set) => without(set, item.submission.id));
      restoreToQueue(queryClient, brandId, item);
      notify.apiError(
        error,
        `Could not send the decision on ${item.submission.creator_username}’s submission`,
      );
    },
    meta: { suppressErrorToast: true },
  });

  const send = (id: string) => {
    const entry = scheduled.current.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    scheduled.current.delete(id);
    mutation.mutate({ item: entry.item, decision: entry.decision });
    setRecent((r) => (r && r.item.submission.id === id ? { ...r, sent: true } : r));
  };

  const decide = (item: QueueItem, decision: Decision) => {
    const id = item.submission.id;
    setConflict(null);
    setDecided((set) => new Set(set).add(id));
    removeFromQueue(queryClient, brandId, item);
    const timer = setTimeout(() => send(id), review.undoWindowMs);
    scheduled.current.set(id, { item, decision, timer });
    setRecent({ item, decision, sent: false });
  };

  /** Takes back the latest decision if it was not sent yet; answers the item put back. */
  const undo = (): QueueItem | null => {
    if (!recent || recent.sent) return null;
    const entry = scheduled.current.get(recent.item.submission.id);
    if (!entry) return null;
    clearTimeout(entry.timer);
    scheduled.current.delete(recent.item.submission.id);
    setDecided((set) => without(set, entry.item.submission.id));
    restoreToQueue(queryClient, brandId, entry.item);
    setRecent(null);
    return entry.item;
  };

  const flush = useEffectEvent((pageClosing: boolean) => {
    for (const [id, entry] of scheduled.current) {
      clearTimeout(entry.timer);
      scheduled.current.delete(id);
      // The screen may be gone: send without the screen's callbacks (when the page itself is
      // closing, as a keepalive request the browser finishes after it), then resync the cache.
      void sendDecision(entry.item, entry.decision, { keepalive: pageClosing })
        .catch(() => undefined)
        .finally(() => refresh(queryClient, brandId, entry.item));
    }
  });

  useEffect(() => {
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush(false);
    };
  }, []);

  return { decided, recent, conflict, decide, undo };
}

function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}
