import { QueryClient } from '@tanstack/react-query';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#contract/events';
import { realService } from '#testing/service';
import { paths } from '#config/paths';
import { campaignKeys } from '#lib/campaign-cache';
import { codeKeys } from '#features/codes/api/codes';
import { creatorKeys } from '#features/creators/api/creators';
import {
  applyLiveEvents,
  live,
  parseLiveEvent,
  refreshLiveAreas,
} from '#features/live/use-live-events';
import { metricsKeys } from '#features/metrics/api/metrics';
import { postKeys } from '#features/posts/api/posts';
import { reviewKeys } from '#features/review/api/review';
import { submitTo } from '#features/review/test/review-world';
import { sessionKeys } from '#features/session/api/me';
import { targetingKeys } from '#components/targeting/api/targeting-queries';
import { renderApp } from '#test/app';
import { tag } from '#test/world';
import { liveInvalidations } from './live-invalidations';

configure({ asyncUtilTimeout: 8000 });

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';
const BRAND = '11111111-1111-4111-8111-111111111111';
const OTHER_BRAND = '22222222-2222-4222-8222-222222222222';

const NO_FILTERS = {
  status: null,
  creator: null,
  task: null,
  platform: null,
  from: null,
  to: null,
} as const;

const WAITING = { status: 'in_review', awaiting: null, campaign: null, task: null } as const;

const keys = {
  counts: reviewKeys.counts(BRAND),
  /** A list of the queue: updated by the events' items, never refetched for them. */
  waiting: reviewKeys.list(BRAND, WAITING),
  creators: creatorKeys.list(BRAND, CAMPAIGN, 'applied'),
  posts: postKeys.list(BRAND, CAMPAIGN, NO_FILTERS),
  detail: campaignKeys.detail(BRAND, CAMPAIGN),
  reviewCampaigns: reviewKeys.campaigns(BRAND),
  me: sessionKeys.me(),
};

function clientWith(list: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of list) client.setQueryData(key, 1);
  return client;
}

const event = (type: LiveEvent['type'], campaignId: string | null = CAMPAIGN): LiveEvent => ({
  type,
  id: 'x',
  campaign_id: campaignId,
  brand_id: BRAND,
  occurred_at: '2026-07-01T00:00:00Z',
});

const apply = (client: QueryClient, ...events: LiveEvent[]) =>
  applyLiveEvents(client, liveInvalidations, events);

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);

describe('what each live event refreshes, as the features declare it', () => {
  it("refetches, for a submission, the queue's counts and that campaign's creators and campaign, never the queue's pages", () => {
    const client = clientWith(Object.values(keys));
    apply(client, event('submission.created'));
    expect(invalidated(client)).toEqual([keys.counts, keys.creators, keys.detail]);
  });

  it('leaves the review queue (and the waiting count) alone for metrics and creator updates', () => {
    const client = clientWith(Object.values(keys));
    apply(client, event('post.updated'), event('creator.updated'));
    expect(invalidated(client)).toEqual([keys.creators, keys.posts, keys.detail]);
  });

  it('refreshes the lists of campaigns and the tasks when a campaign changes', () => {
    const list = campaignKeys.list(BRAND, {});
    const client = clientWith([...Object.values(keys), list]);
    apply(client, event('campaign.updated'));
    expect(invalidated(client)).toEqual([keys.detail, keys.reviewCampaigns, list]);
  });

  it('refreshes the metrics report and history of a campaign on its activity', () => {
    const report = metricsKeys.report(BRAND, CAMPAIGN, 'task');
    const timeline = metricsKeys.history(BRAND, CAMPAIGN, 'Europe/Paris');
    const other = metricsKeys.report(BRAND, OTHER, null);
    const sums = metricsKeys.sum(BRAND, { status: ['active'] });
    const client = clientWith([report, timeline, other, sums]);
    apply(client, event('submission.updated'));
    expect(invalidated(client)).toEqual([report, timeline, sums]);
    apply(client, event('post.updated'));
    expect(invalidated(client)).toEqual([report, timeline, sums]);
  });

  it('refreshes the codes of the brand an unassigned code belongs to, for code events only', () => {
    const codes = codeKeys.list(BRAND, 'group-1', 'all');
    const holder = codeKeys.holder(BRAND, CAMPAIGN, 'creator-1');
    const otherBrand = codeKeys.groups(OTHER_BRAND);
    const client = clientWith([codes, holder, otherBrand]);
    apply(client, event('post.created'));
    expect(invalidated(client)).toEqual([]);
    apply(client, { ...event('code.updated', null), id: 'GLOW-SPARE1' });
    expect(invalidated(client)).toEqual([codes]);
  });

  it('ignores malformed data', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('{"type":"nope"}')).toBeNull();
    expect(parseLiveEvent('{"type":"campaign.updated"}')).toBeNull();
    expect(parseLiveEvent(JSON.stringify(event('post.created')))).toEqual(event('post.created'));
  });

  it('polls every live area while the stream is down, and nothing else', async () => {
    const areas = [
      keys.counts,
      keys.waiting,
      keys.reviewCampaigns,
      keys.creators,
      keys.posts,
      metricsKeys.report(BRAND, CAMPAIGN, null),
      codeKeys.groups(OTHER_BRAND),
      campaignKeys.list(BRAND, {}),
    ];
    const client = clientWith([...areas, keys.me, targetingKeys.properties()]);
    await refreshLiveAreas(client, liveInvalidations);
    expect(invalidated(client)).toEqual(areas);
  });
});

describe('live updates in the app, from the real service', () => {
  const service = realService();
  afterEach(() => {
    live.pollMs = 30_000;
  });

  /** The event stream cannot be reached: the app falls back to polling. */
  const streamDown = () =>
    service.intercept((request) =>
      request.path === '/events' ? new Response('', { status: 503 }) : undefined,
    );

  /**
   * A slow network: the real event stream's bytes are held on the way, then handed over at once
   * (each held chunk as its own read) when the test calls `flush`.
   */
  function holdEventStream() {
    const held: Uint8Array[] = [];
    let push: (chunk: Uint8Array) => void = () => undefined;
    let upstream: ReadableStreamDefaultReader<Uint8Array> | undefined;
    service.intercept(async (request) => {
      if (request.path !== '/events') return undefined;
      const real = await service
        .app()
        .request(request.url.pathname + request.url.search, { headers: request.headers });
      const reader = real.body!.getReader();
      upstream = reader;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (chunk) => controller.enqueue(chunk);
          void (async () => {
            for (;;) {
              const read = await reader.read().catch(() => ({ done: true as const }));
              if (read.done) return;
              held.push(read.value);
            }
          })();
        },
        cancel: () => reader.cancel().catch(() => undefined),
      });
      return new Response(body, { status: real.status, headers: real.headers });
    });
    const decoder = new TextDecoder();
    return {
      /** The events held so far (their `data:` lines). */
      heldEvents: () =>
        held
          .map((c) => decoder.decode(c))
          .join('')
          .split('\n')
          .filter((line) => line.startsWith('data:')),
      flush: () => {
        for (const chunk of held.splice(0)) push(chunk);
      },
      close: () => upstream?.cancel().catch(() => undefined),
    };
  }

  it('refetches the queue once for a burst of events', async () => {
    const team = await service.world.brandTeam();
    const campaign = await service.world.campaign(team, 'active', { name: 'Burst' });
    await submitTo(service, team, campaign, `first_${tag()}`);
    const stream = holdEventStream();
    try {
      renderApp(paths.review.href(team.brand.id), team.key);
      expect(await screen.findByText('1 submission waiting for you')).toBeInTheDocument();
      // What the queue reads: its pages, its counts, and submissions one by one.
      const reads = () => {
        const paths = service.requests.map((r) => r.path);
        return {
          pages: paths.filter((p) => p === '/submissions').length,
          counts: paths.filter((p) => p === '/submissions/counts').length,
          items: paths.filter((p) => p.startsWith(`/campaigns/${campaign.id}/submissions/`)).length,
        };
      };

      // Two creators join and submit: the service's events for them arrive together.
      await submitTo(service, team, campaign, `second_${tag()}`);
      await submitTo(service, team, campaign, `third_${tag()}`);
      const created = () => stream.heldEvents().filter((e) => e.includes('submission.created'));
      await waitFor(() => expect(created()).toHaveLength(2));
      const before = reads();
      stream.flush();

      expect(await screen.findByText('3 submissions waiting for you')).toBeInTheDocument();
      // The positive control instead of a wait of a few COALESCE_MS: one more event, flushed
      // after the burst, reads once more; any read the burst made beyond its own came before it
      // (the burst was handed over first, and its coalescing window ended first).
      await submitTo(service, team, campaign, `fourth_${tag()}`);
      await waitFor(() => expect(created()).toHaveLength(1));
      stream.flush();
      expect(await screen.findByText('4 submissions waiting for you')).toBeInTheDocument();
      await waitFor(() => expect(screen.getAllByText(/^@fourth_/).length).toBeGreaterThan(0));
      // The counts once a burst; each new submission read once, by id; never a page again.
      const after = reads();
      expect(after.counts - before.counts).toBe(2);
      expect(after.items - before.items).toBe(3);
      expect(after.pages - before.pages).toBe(0);
    } finally {
      await stream.close();
    }
  });

  it('shows a new submission in the queue by polling while the stream is down', async () => {
    live.pollMs = 300;
    streamDown();
    const team = await service.world.brandTeam();
    const campaign = await service.world.campaign(team, 'active', { name: 'Polled queue' });
    await submitTo(service, team, campaign, `first_${tag()}`);
    renderApp(paths.review.href(team.brand.id), team.key);
    expect(await screen.findByText('1 submission waiting for you')).toBeInTheDocument();

    await submitTo(service, team, campaign, `second_${tag()}`);

    expect(await screen.findByText('2 submissions waiting for you')).toBeInTheDocument();
  });

  it('shows a campaign made elsewhere in the campaign list by polling while the stream is down', async () => {
    live.pollMs = 300;
    streamDown();
    const team = await service.world.brandTeam();
    await service.world.campaign(team, 'active', { name: 'First one' });
    renderApp(paths.campaigns.href(team.brand.id), team.key);
    // (jsdom lays nothing out, so the list's virtual rows are not drawn: its count is.)
    expect(await screen.findAllByText('1 campaign.')).not.toHaveLength(0);

    await service.world.campaign(team, 'draft', { name: 'Made by a colleague' });

    expect(await screen.findAllByText('2 campaigns.')).not.toHaveLength(0);
  });
});
