import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { realService } from '#testing/service';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '#lib/api-client';
import { createQueryClient } from '#lib/query-client';
import { decisionKey, type QueueItem } from './api/review';
import { decisionTimingsForEachTest, reviewWorld, submissionNow } from './test/review-world';
import { review, useDecisions } from './use-decisions';

const service = realService();

async function setup(options: { scopes?: ['campaigns:read'] } = {}) {
  const world = await reviewWorld(service);
  const key = options.scopes
    ? (
        await service.ctx.ops.createKey({
          kind: 'brand',
          brand_id: world.team.brand.id,
          scopes: options.scopes,
        })
      ).key
    : world.team.key;
  configureApiClient({ credentials: () => ({ apiKey: key, baseUrl: null }) });
  const item = (name: 'ana' | 'dee'): QueueItem => ({
    submission: world.submissions[name],
    campaignId: world.spring.id,
    campaignName: world.spring.name,
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useDecisions(world.team.brand.id), { wrapper });
  const posts = () =>
    service.requests
      .filter((r) => r.method === 'POST')
      .map((r) => ({ path: r.path, keepalive: r.keepalive, body: r.body ?? null }));
  const base = (name: 'ana' | 'dee') =>
    `/campaigns/${world.spring.id}/submissions/${world.submissions[name].id}`;
  const statusOf = async (name: 'ana' | 'dee') =>
    (await submissionNow(service, world.team, world.spring, world.submissions[name])).status;
  return { ...hook, item, posts, base, statusOf };
}

decisionTimingsForEachTest({ undoWindowMs: 10_000, retryDelayMs: 10 });
afterEach(() => {
  onlineManager.setOnline(true);
  configureApiClient({ credentials: () => null });
});

describe('review decisions', { timeout: 30_000 }, () => {
  it('sends the decisions still in their undo window when the page is hidden, as keepalive requests', async () => {
    const { result, posts, base, item, statusOf } = await setup();
    act(() => {
      result.current.decide(item('ana'), { kind: 'approve' });
      result.current.decide(item('dee'), { kind: 'request_changes', feedback: 'Show the label.' });
    });
    expect(posts()).toEqual([]);
    expect(result.current.notSent).toBe(2);

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });

    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()).toEqual([
      { path: `${base('ana')}/approve`, keepalive: true, body: null },
      { path: `${base('dee')}/reject`, keepalive: true, body: '{"feedback":"Show the label."}' },
    ]);
    await waitFor(() => expect(result.current.notSent).toBe(0));
    expect(await statusOf('ana')).toBe('approved');
    expect(await statusOf('dee')).toBe('rejected');
  });

  it('sends a waiting decision as an ordinary request when the screen unmounts', async () => {
    const { result, unmount, posts, base, item, statusOf } = await setup();
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    unmount();
    await waitFor(() =>
      expect(posts()).toEqual([{ path: `${base('ana')}/approve`, keepalive: false, body: null }]),
    );
    // Nothing is sent twice when the page is hidden afterwards.
    window.dispatchEvent(new Event('pagehide'));
    expect(posts()).toHaveLength(1);
    await waitFor(async () => expect(await statusOf('ana')).toBe('approved'));
  });

  it('holds a decision made offline, says so, and sends it when the browser is back online', async () => {
    review.undoWindowMs = 20;
    const { result, posts, item, statusOf } = await setup();
    act(() => onlineManager.setOnline(false));
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    await waitFor(() => expect(result.current.recent?.phase).toBe('offline'));
    expect(result.current.offline).toBe(true);
    expect(result.current.notSent).toBe(1);
    expect(result.current.hidden.has(decisionKey(item('ana')))).toBe(true);
    expect(posts()).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.recent?.phase).toBe('sent'));
    expect(result.current.notSent).toBe(0);
    expect(await statusOf('ana')).toBe('approved');
  });

  it('tries a decision that failed on the way again when the browser comes back online', async () => {
    review.undoWindowMs = 20;
    const { result, posts, item, statusOf } = await setup();
    service.intercept((request) => {
      if (request.method === 'POST') throw new TypeError('Failed to fetch');
      return undefined;
    });
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    await waitFor(() => expect(result.current.recent?.phase).toBe('failed'));
    expect(posts()).toHaveLength(3);
    expect(result.current.failed.map((r) => r.key)).toEqual([decisionKey(item('ana'))]);
    expect(result.current.hidden.has(decisionKey(item('ana')))).toBe(true);

    service.intercept(null);
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.recent?.phase).toBe('sent'));
    expect(result.current.failed).toEqual([]);
    expect(await statusOf('ana')).toBe('approved');
  });

  it('puts an item back in the queue when the service refuses the decision', async () => {
    review.undoWindowMs = 20;
    const { result, posts, item } = await setup({ scopes: ['campaigns:read'] });
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    await waitFor(() => expect(result.current.recent?.phase).toBe('refused'));
    // A refusal is final: sent once, not retried, and the item is no longer kept out.
    expect(posts()).toHaveLength(1);
    expect(result.current.hidden.has(decisionKey(item('ana')))).toBe(false);
    expect(result.current.notSent).toBe(0);
  });
});
