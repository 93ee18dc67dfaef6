import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '#lib/api-client';
import { decideCreator, refreshCampaignCreators, type CreatorDecision } from './api/creators';

/** Requests in flight at once: quick for a long selection, gentle on the rate limit. */
const CONCURRENCY = 3;

/** Where one creator's decision stands; the row shows it in place of its buttons. */
export type DecisionState =
  | { phase: 'sending'; kind: CreatorDecision['kind'] }
  | { phase: 'done'; kind: CreatorDecision['kind'] }
  | { phase: 'failed'; kind: CreatorDecision['kind']; message: string };

export type DecisionTally = {
  sending: number;
  approved: number;
  rejected: number;
  failed: number;
};

/**
 * Approves or rejects creators, one or many, a few requests at a time; each creator's state is
 * kept (a refusal keeps the service's message, e.g. `already_decided`). Decisions started while
 * others are still being sent join the same queue; every tab of the campaign refetches once the
 * queue is empty.
 */
export function useCreatorDecisions(brandId: string, campaignId: string) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<ReadonlyMap<string, DecisionState>>(() => new Map());
  const queue = useRef<{ creatorId: string; decision: CreatorDecision }[]>([]);
  const active = useRef(0);

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

  const decide = (creatorIds: readonly string[], decision: CreatorDecision) => {
    setStates((current) => {
      const next = new Map(current);
      for (const id of creatorIds) next.set(id, { phase: 'sending', kind: decision.kind });
      return next;
    });
    queue.current.push(...creatorIds.map((creatorId) => ({ creatorId, decision })));
    pump();
  };

  const tally: DecisionTally = { sending: 0, approved: 0, rejected: 0, failed: 0 };
  for (const state of states.values()) {
    if (state.phase === 'sending') tally.sending += 1;
    else if (state.phase === 'failed') tally.failed += 1;
    else if (state.kind === 'approve') tally.approved += 1;
    else tally.rejected += 1;
  }

  return { states, tally, decide };
}
