import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { realService } from '#testing/service';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '#lib/api-client';
import { createQueryClient } from '#lib/query-client';
import type { QueuedSubmission } from '#contract/submissions';
import { decisionKey, reviewKeys, type QueueItem, type QueueScope } from './api/review';
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
  // A list of the queue in the cache, as the review screen reads it (one page).
  const scope: QueueScope = { status: 'in_review', awaiting: null, campaign: null, task: null };
  const list = reviewKeys.list(world.team.brand.id, scope);
  const queued = (i: QueueItem): QueuedSubmission => ({
    ...i.submission,
    campaign_id: i.campaignId,
    campaign_name: i.campaignName,
    brand_id: world.team.brand.id,
  });
  const cacheList = (...items: QueueItem[]) =>
    client.setQueryData(list, {
      pages: [{ data: items.map(queued), has_more: false, next_cursor: null }],
      pageParams: [null],
    });
  const listed = () =>
    (
      client.getQueryData(list) as { pages: { data: QueuedSubmission[] }[] } | undefined
    )?.pages.flatMap((page) => page.data.map((s) => `${s.id}:${s.status}`));
  return { ...hook, client, cacheList, listed, item, posts, base, statusOf };
}

decisionTimingsForEachTest({ undoWindowMs: 10_000, retryDelayMs: 10 });
afterEach(() => {
  vi.useRealTimers();
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
    const { result, posts, item, cacheList, listed } = await setup({ scopes: ['campaigns:read'] });
    cacheList(item('ana'), item('dee'));
    const before = listed();
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    expect(result.current.hidden.has(decisionKey(item('ana')))).toBe(true);
    await waitFor(() => expect(result.current.recent?.phase).toBe('refused'));
    // A refusal is final: sent once, not retried, and the item is no longer kept out.
    expect(posts()).toHaveLength(1);
    expect(result.current.hidden.has(decisionKey(item('ana')))).toBe(false);
    expect(result.current.notSent).toBe(0);
    // Still in the cached list, in its place.
    expect(listed()).toEqual(before);
  });

  it('takes a decided item out of the cached list from the answer, without reading the list again', async () => {
    review.undoWindowMs = 20;
    const { result, item, cacheList, listed } = await setup();
    cacheList(item('ana'), item('dee'));
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    await waitFor(() => expect(result.current.recent?.phase).toBe('sent'));
    expect(listed()).toEqual([`${item('dee').submission.id}:in_review`]);
    expect(service.requests.filter((r) => r.method === 'GET')).toEqual([]);
  });

  it('sends a decision whose answer was lost again under the same Idempotency-Key, and reports it sent', async () => {
    review.undoWindowMs = 20;
    const { result, item, statusOf } = await setup();
    // The first try reaches the service and commits; its answer is lost on the way back.
    let lost = false;
    service.intercept(async (request) => {
      if (request.method !== 'POST' || lost) return undefined;
      lost = true;
      const answer = await service.app().request(request.url.pathname + request.url.search, {
        method: 'POST',
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      expect(answer.status).toBe(200);
      throw new TypeError('Failed to fetch');
    });
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    await waitFor(() => expect(result.current.recent?.phase).toBe('sent'));
    const keys = service.requests
      .filter((r) => r.method === 'POST')
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(result.current.conflicts).toEqual([]);
    expect(await statusOf('ana')).toBe('approved');
  });
});

// The undo window on a fake clock: what happens inside it, and after it, without waiting for it.
describe('review decisions on a fake clock', { timeout: 30_000 }, () => {
  it('keeps a revision in the queue after the decision on the round before it was sent', async () => {
    const { result, item, posts, base } = await setup();
    const round = item('dee');
    const answered = { ...round.submission, status: 'rejected' as const };
    service.intercept((request) =>
      request.method === 'POST' ? Response.json(answered, { status: 200 }) : undefined,
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => result.current.decide(round, { kind: 'request_changes', feedback: 'Brighter.' }));
    await act(() => vi.advanceTimersByTimeAsync(review.undoWindowMs));
    await vi.waitFor(() => expect(result.current.recent?.phase).toBe('sent'));
    expect(posts().map((p) => p.path)).toEqual([`${base('dee')}/reject`]);

    // The creator sends a revision: the same submission, the next round.
    const revision: QueueItem = {
      ...round,
      submission: { ...round.submission, revision_count: round.submission.revision_count + 1 },
    };
    // The positive control: the round decided stays out of the queue...
    expect(result.current.hidden.has(decisionKey(round))).toBe(true);
    // ...and the revision is a new decision, in the queue until decided.
    expect(decisionKey(revision)).not.toBe(decisionKey(round));
    expect(result.current.hidden.has(decisionKey(revision))).toBe(false);
    act(() => result.current.decide(revision, { kind: 'approve' }));
    expect(result.current.hidden.has(decisionKey(revision))).toBe(true);
    expect(result.current.recent?.phase).toBe('waiting');
  });

  it('undoes a decision once, leaving the cached list as it was, and never sends it', async () => {
    const { result, cacheList, listed, item, posts } = await setup();
    const ana = item('ana');
    const dee = item('dee');
    cacheList(ana, dee);
    const before = listed();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => result.current.decide(ana, { kind: 'approve' }));
    expect(result.current.hidden.has(decisionKey(ana))).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(review.undoWindowMs / 2));
    let undone: QueueItem | null = null;
    act(() => {
      undone = result.current.undo();
    });
    expect(undone).toEqual(ana);
    expect(listed()).toEqual(before);
    expect(result.current.hidden.size).toBe(0);
    // A second undo has nothing to take back.
    act(() => {
      undone = result.current.undo();
    });
    expect(undone).toBeNull();
    // Past the end of the window: nothing goes out.
    await act(() => vi.advanceTimersByTimeAsync(review.undoWindowMs * 2));
    expect(posts()).toEqual([]);
  });

  it('a decision made again after an undo waits its own whole window', async () => {
    const { result, item, posts, base } = await setup();
    service.intercept((request) =>
      request.method === 'POST'
        ? Response.json({ ...item('ana').submission, status: 'approved' }, { status: 200 })
        : undefined,
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const window = review.undoWindowMs;
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    await act(() => vi.advanceTimersByTimeAsync(window / 2));
    act(() => void result.current.undo());
    act(() => result.current.decide(item('ana'), { kind: 'approve' }));
    // Where the first window would have ended: the decision made again is still in its own.
    await act(() => vi.advanceTimersByTimeAsync(window / 2 + 1));
    expect(posts()).toEqual([]);
    expect(result.current.recent?.phase).toBe('waiting');
    // The positive control: at the end of its own window it goes out, once.
    await act(() => vi.advanceTimersByTimeAsync(window / 2));
    await vi.waitFor(() => expect(result.current.recent?.phase).toBe('sent'));
    expect(posts().map((p) => p.path)).toEqual([`${base('ana')}/approve`]);
  });
});
