import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { decideCreator, refreshCampaignCreators, type CreatorDecision } from './api/creators';

/** Requests in flight at once: quick for a long selection, gentle on the rate limit. */
const CONCURRENCY = 3;

export type RowResult =
  { ok: true; kind: CreatorDecision['kind'] } | { ok: false; message: string };

export type BulkRun = {
  total: number;
  done: number;
  failed: number;
  running: boolean;
  results: ReadonlyMap<string, RowResult>;
  usernames: ReadonlyMap<string, string>;
};

/**
 * Approves or rejects creators a few at a time, with progress and a result per creator (the
 * service's message for a refusal such as `already_decided`). The lists refetch at the end.
 */
export function useBulkDecision(brandId: string, campaignId: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(null);

  const start = async (creators: { id: string; username: string }[], decision: CreatorDecision) => {
    const usernames = new Map(creators.map((c) => [c.id, c.username]));
    const results = new Map<string, RowResult>();
    let done = 0;
    let failed = 0;
    const publish = (running: boolean) =>
      setRun({
        total: creators.length,
        done,
        failed,
        running,
        results: new Map(results),
        usernames,
      });
    publish(true);
    const queue = [...creators];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          await decideCreator(campaignId, next.id, decision);
          results.set(next.id, { ok: true, kind: decision.kind });
        } catch (error) {
          failed += 1;
          results.set(next.id, {
            ok: false,
            message: isApiError(error) ? error.message : 'The request failed.',
          });
        }
        done += 1;
        publish(true);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, creators.length) }, worker));
    publish(false);
    await refreshCampaignCreators(queryClient, brandId, campaignId);
  };

  return { run, start, clear: () => setRun(null) };
}
