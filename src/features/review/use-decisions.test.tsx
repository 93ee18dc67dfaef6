import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { makeSubmission } from '../../test/activity-service';
import { GLOW_LAB, jsonResponse, stubFetch } from '../../test/http';
import type { QueueItem } from './api/review';
import { review, useDecisions } from './use-decisions';

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const TASK = 'd0000000-0000-4000-8000-000000000001';
const item = (n: number): QueueItem => ({
  submission: makeSubmission(n, TASK),
  campaignId: CAMPAIGN,
  campaignName: 'Spring launch',
});

function setup() {
  const fetchMock = stubFetch((url) =>
    jsonResponse(
      makeSubmission(url.includes(item(1).submission.id) ? 1 : 2, TASK, {
        status: url.endsWith('/approve') ? 'approved' : 'rejected',
      }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useDecisions(GLOW_LAB.id), { wrapper });
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => ({
        path: new URL(String(url)).pathname,
        keepalive: init?.keepalive ?? false,
        body: init?.body ?? null,
      }));
  return { ...hook, posts };
}

beforeEach(() => {
  review.undoWindowMs = 10_000;
  configureApiClient({ credentials: () => ({ apiKey: 'cck_test', baseUrl: null }) });
});
afterEach(() => {
  review.undoWindowMs = 4000;
  configureApiClient({ credentials: () => null });
});

const base = (n: number) => `/2026-07/campaigns/${CAMPAIGN}/submissions/${item(n).submission.id}`;

describe('review decisions', () => {
  it('sends the decisions still in their undo window when the page is hidden, as keepalive requests', async () => {
    const { result, posts } = setup();
    act(() => {
      result.current.decide(item(1), { kind: 'approve' });
      result.current.decide(item(2), { kind: 'reject', feedback: 'Show the label.' });
    });
    expect(posts()).toEqual([]);

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });

    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()).toEqual([
      { path: `${base(1)}/approve`, keepalive: true, body: null },
      { path: `${base(2)}/reject`, keepalive: true, body: '{"feedback":"Show the label."}' },
    ]);
  });

  it('sends a waiting decision as an ordinary request when the screen unmounts', async () => {
    const { result, unmount, posts } = setup();
    act(() => result.current.decide(item(1), { kind: 'approve' }));
    unmount();
    await waitFor(() =>
      expect(posts()).toEqual([{ path: `${base(1)}/approve`, keepalive: false, body: null }]),
    );
    // Nothing is sent twice when the page is hidden afterwards.
    window.dispatchEvent(new Event('pagehide'));
    expect(posts()).toHaveLength(1);
  });
});
