import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isApiError } from '#lib/api-client';
import { decideCreator, refreshCampaignCreators, type CreatorDecision } from './api/creators';

/** Requests in flight at once: quick for a long selection, gentle on the rate limit. */
const CONCURRENCY = 3;

/**
 * How long a decision waits before it is sent: the interface cannot take a creator's approval
 * back, so Undo works by not sending it yet, as in the review queue
 * (docs/decisions/0166-creator-decisions-undo-and-focus.md).
 */
export const creatorDecisions = { undoWindowMs: 4000 };

/** Where one creator's decision stands; the row shows it in place of its buttons. */
export type DecisionState =
  | { phase: 'waiting'; kind: CreatorDecision['kind'] }
  | { phase: 'sending'; kind: CreatorDecision['kind'] }
  | { phase: 'done'; kind: CreatorDecision['kind'] }
  | { phase: 'failed'; kind: CreatorDecision['kind']; message: string };

export type DecisionTally = {
  waiting: number;
  sending: number;
  approved: number;
  rejected: number;
  failed: number;
};

/** Decisions made together (one row, or a selection), undone together. */
type Batch = {
  id: number;
  creatorIds: string[];
  decision: CreatorDecision;
  timer: ReturnType<typeof setTimeout>;
};

/** What the latest Undo put back, for the announced "Undone" line. */
export type Undone = {
  count: number;
  kind: CreatorDecision['kind'];
  creatorIds: readonly string[];
};

/**
 * Approves or rejects creators, one or many. A decision first waits `undoWindowMs` (Undo, or U,
 * takes back the latest one; each waiting row has its own Undo), then joins the queue that sends
 * a few requests at a time; each creator's state is kept (a refusal keeps the service's message,
 * e.g. `already_decided`). Every tab of the campaign refetches once the queue is empty. Decisions
 * still waiting when the list goes away (or the page is hidden) are sent at once.
 */
export function useCreatorDecisions(brandId: string, campaignId: string) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<ReadonlyMap<string, DecisionState>>(() => new Map());
  const [undone, setUndone] = useState<Undone | null>(null);
  // The latest decision (its batch), which Undo and U take back while it waits.
  const [latest, setLatest] = useState<{
    id: number;
    creatorIds: readonly string[];
    kind: CreatorDecision['kind'];
  } | null>(null);
  const queue = useRef<{ creatorId: string; decision: CreatorDecision }[]>([]);
  const active = useRef(0);
  const batches = useRef(new Map<number, Batch>());
  const nextBatch = useRef(1);

  const set = (creatorId: string, state: DecisionState) =>
    setStates((current) => new Map(current).set(creatorId, state));

  const send = async (creatorId: string, decision: CreatorDecision) => {
    try {
      await decideCreator(campaignId, creatorId, decision);
      set(creatorId, { phase: 'done', kind: decision.kind });
    } catch (error) {
      const message = isApiError(error) ? error.message : 'The request failed; try again.';
      set(creatorId, { phase: 'failed', kind: decision.kind, message });
    }
  };

  const pump = () => {
    while (active.current < CONCURRENCY && queue.current.length > 0) {
      const job = queue.current.shift()!;
      active.current += 1;
      void send(job.creatorId, job.decision).finally(() => {
        active.current -= 1;
        if (active.current === 0 && queue.current.length === 0) {
          void refreshCampaignCreators(queryClient, brandId, campaignId);
        }
        pump();
      });
    }
  };

  /** The batch's undo window is over: its decisions are sent. */
  const release = (batchId: number) => {
    const batch = batches.current.get(batchId);
    if (!batch) return;
    clearTimeout(batch.timer);
    batches.current.delete(batchId);
    setStates((current) => {
      const next = new Map(current);
      for (const id of batch.creatorIds)
        next.set(id, { phase: 'sending', kind: batch.decision.kind });
      return next;
    });
    queue.current.push(
      ...batch.creatorIds.map((creatorId) => ({ creatorId, decision: batch.decision })),
    );
    pump();
  };

  const decide = (creatorIds: readonly string[], decision: CreatorDecision) => {
    if (creatorIds.length === 0) return;
    const id = nextBatch.current++;
    const timer = setTimeout(() => release(id), creatorDecisions.undoWindowMs);
    batches.current.set(id, { id, creatorIds: [...creatorIds], decision, timer });
    setStates((current) => {
      const next = new Map(current);
      for (const c of creatorIds) next.set(c, { phase: 'waiting', kind: decision.kind });
      return next;
    });
    setLatest({ id, creatorIds: [...creatorIds], kind: decision.kind });
    setUndone(null);
  };

  /** Takes creators out of their batch, unsent; answers those taken back. */
  const takeBack = (batch: Batch, creatorIds: readonly string[]): string[] => {
    const back = batch.creatorIds.filter((c) => creatorIds.includes(c));
    if (back.length === 0) return [];
    batch.creatorIds = batch.creatorIds.filter((c) => !back.includes(c));
    if (batch.creatorIds.length === 0) {
      clearTimeout(batch.timer);
      batches.current.delete(batch.id);
    }
    setStates((current) => {
      const next = new Map(current);
      for (const c of back) next.delete(c);
      return next;
    });
    setUndone({ count: back.length, kind: batch.decision.kind, creatorIds: back });
    return back;
  };

  /** Takes back the latest decision (one row or a selection) if it was not sent yet. */
  const undo = (): string[] => {
    const batch = latest === null ? undefined : batches.current.get(latest.id);
    if (!batch) return [];
    setLatest(null);
    return takeBack(batch, batch.creatorIds);
  };

  /** Takes back one creator's decision if it was not sent yet. */
  const undoOne = (creatorId: string): boolean => {
    for (const batch of batches.current.values())
      if (takeBack(batch, [creatorId]).length > 0) return true;
    return false;
  };

  const flush = useEffectEvent(() => {
    for (const id of [...batches.current.keys()]) release(id);
  });
  useEffect(() => {
    const onPageHide = () => flush();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush();
    };
  }, []);

  const tally: DecisionTally = { waiting: 0, sending: 0, approved: 0, rejected: 0, failed: 0 };
  for (const state of states.values()) {
    if (state.phase === 'waiting') tally.waiting += 1;
    else if (state.phase === 'sending') tally.sending += 1;
    else if (state.phase === 'failed') tally.failed += 1;
    else if (state.kind === 'approve') tally.approved += 1;
    else tally.rejected += 1;
  }
  // The latest decision while it can still be undone: its rows still waiting.
  const stillWaiting = latest?.creatorIds.filter((c) => states.get(c)?.phase === 'waiting') ?? [];
  const recent =
    latest && stillWaiting.length > 0 ? { count: stillWaiting.length, kind: latest.kind } : null;

  return { states, tally, decide, undo, undoOne, recent, undone };
}
