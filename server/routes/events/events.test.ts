import { describe, expect, it } from 'vitest';
import { LiveEvent } from '#contract/events';
import { EventHub } from '../../domain/event-hub.ts';
import { comparePositions, parsePosition, type Position } from '../../domain/outbox.ts';
import { apiKeyCacheOf } from '../../domain/key-cache.ts';
import { StreamRegistry } from '../../domain/streams.ts';
import { activeWorld, review, submit } from '../../test/activity.ts';
import { expectStatus } from '../../test/campaigns.ts';
import { brandWorld } from '../../test/harness.ts';
import { readSseBlocks, waitUntil } from '../../test/sse.ts';

const { ctx, brand } = await brandWorld();
const app = ctx.makeApp({ events: { pollMs: 25, heartbeatMs: 250, retryMs: 1234 } });
const other = await ctx.ops.brandWithKey();

interface Received {
  id: string;
  event: LiveEvent;
}

/** The stream's ids as positions; each must be one (`<tx_id>.<id>`). */
function positionsOf(events: readonly Received[]): Position[] {
  return events.map((e) => {
    const position = parsePosition(e.id);
    expect(position, `the id ${e.id}`).not.toBeNull();
    return position!;
  });
}

/** Fails unless every id is greater than the one before it (as a position, not as text). */
function expectStrictlyIncreasing(events: readonly Received[]) {
  const positions = positionsOf(events);
  for (let i = 1; i < positions.length; i++)
    expect(
      comparePositions(positions[i]!, positions[i - 1]!),
      `${events[i]!.id} after ${events[i - 1]!.id}`,
    ).toBeGreaterThan(0);
}

const described = (events: readonly Received[]) =>
  events.map((e) => `${e.id} ${e.event.type} ${e.event.id}`);

/** An open SSE connection read in the background: events, comments, and whether it ended. */
async function connect(key: string, headers: Record<string, string> = {}, target = app) {
  const res = await target.request('/2026-07/events', {
    headers: { Authorization: `Bearer ${key}`, ...headers },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const state = { events: [] as Received[], comments: [] as string[], ended: false };
  const close = readSseBlocks(
    res.body!,
    (lines) => {
      const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      for (const l of lines)
        if (l.startsWith(':') || l.startsWith('retry:')) state.comments.push(l);
      if (id && data) state.events.push({ id, event: LiveEvent.parse(JSON.parse(data)) });
    },
    () => (state.ended = true),
  );
  /** Waits for an event of `type` about the resource `id`. */
  const untilEvent = (type: string, id: string) =>
    waitUntil(
      () => state.events.some((e) => e.event.type === type && e.event.id === id),
      `${type} ${id}`,
    );
  /** Resolves once the stream is subscribed (the retry hint is its first message). */
  const ready = () =>
    waitUntil(() => state.comments.some((c) => c.startsWith('retry: ')), 'the retry hint');
  return { state, until: waitUntil, untilEvent, ready, close };
}

describe('GET /events', () => {
  it("streams the changes of the key's brands and never another brand's", async () => {
    const stream = await connect(brand.key.key);
    await stream.until(() => stream.state.comments.includes('retry: 1234'), 'the retry hint');
    const theirs = await activeWorld(ctx, other.key.key, 1);
    const theirSubmission = await submit(
      ctx,
      theirs.campaign.id,
      theirs.creators[0]!.id,
      theirs.taskId,
    );
    const mine = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, mine.campaign.id, mine.creators[0]!.id, mine.taskId);
    await stream.untilEvent('submission.created', s.id);
    const events = stream.state.events.map((e) => e.event);
    expect(events.every((e) => e.brand_id === brand.brand.id)).toBe(true);
    expect(
      events.some((e) => e.id === theirSubmission.id || e.campaign_id === theirs.campaign.id),
    ).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'creator.applied',
        id: mine.creators[0]!.id,
        campaign_id: mine.campaign.id,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'campaign.updated', id: mine.campaign.id }),
    );
    // Ids grow along the stream: each is a position strictly after the one before it.
    expect(stream.state.events.length).toBeGreaterThanOrEqual(3);
    expectStrictlyIncreasing(stream.state.events);
    await stream.close();
  });

  it('resumes after Last-Event-ID with exactly what happened in between, and nothing before', async () => {
    const world = await activeWorld(ctx, brand.key.key, 1);
    // The witness stays connected throughout: what the resumed stream must equal after the id.
    const witness = await connect(brand.key.key);
    const first = await connect(brand.key.key);
    await Promise.all([witness.ready(), first.ready()]);
    const before = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    await first.untilEvent('submission.created', before.id);
    // Resume from the middle of what the first stream saw: the submission's own event.
    const lastId = first.state.events.find(
      (e) => e.event.type === 'submission.created' && e.event.id === before.id,
    )!.id;
    await first.close();
    const missed = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    const approved = await review(ctx, brand.key.key, world.campaign.id, missed.id, 'approve');
    const second = await connect(brand.key.key, { 'Last-Event-ID': lastId });
    await second.untilEvent('submission.updated', approved.id);
    // A change after the resume, seen by both: everything before it was delivered to both.
    const sentinel = await activeWorld(ctx, brand.key.key, 0);
    const isSentinel = (e: Received) => e.event.campaign_id === sentinel.campaign.id;
    await witness.until(() => witness.state.events.some(isSentinel), 'the sentinel (witness)');
    await second.until(() => second.state.events.some(isSentinel), 'the sentinel (resumed)');
    const upTo = (events: Received[]) => events.slice(0, events.findIndex(isSentinel) + 1);

    const after = parsePosition(lastId)!;
    const expected = upTo(witness.state.events).filter(
      (e) => comparePositions(parsePosition(e.id)!, after) > 0,
    );
    // The positive control: the witness did get the events before the id, and the ones between.
    expect(witness.state.events.some((e) => e.event.id === before.id)).toBe(true);
    expect(
      expected.some((e) => e.event.type === 'submission.created' && e.event.id === missed.id),
    ).toBe(true);
    expect(described(upTo(second.state.events))).toEqual(described(expected));
    expect(
      second.state.events.some(
        (e) => e.event.id === before.id && e.event.type === 'submission.created',
      ),
    ).toBe(false);
    expectStrictlyIncreasing(second.state.events);
    await Promise.all([witness.close(), second.close()]);
  });

  it('reaches a stream on another instance, and an agency key hears all its brands', async () => {
    const agency = await ctx.ops.agencyWithKey(2);
    const elsewhere = ctx.makeApp({ events: { pollMs: 25, heartbeatMs: 10_000 } });
    const stream = await connect(agency.key.key, {}, elsewhere);
    await stream.ready();
    const [a, b] = agency.brands;
    const one = await activeWorld(ctx, agency.key.key, 0, { brand_id: a!.id });
    const two = await activeWorld(ctx, agency.key.key, 0, { brand_id: b!.id });
    expectStatus(
      await ctx.request('POST', `/2026-07/campaigns/${two.campaign.id}/pause`, {
        key: agency.key.key,
      }),
      200,
    );
    await stream.until(
      () =>
        [one, two].every((w) =>
          stream.state.events.some((e) => e.event.campaign_id === w.campaign.id),
        ),
      'events of both brands',
    );
    await stream.until(
      () => stream.state.events.filter((e) => e.event.id === two.campaign.id).length >= 2,
      'the pause',
    );
    expect(new Set(stream.state.events.map((e) => e.event.brand_id))).toEqual(
      new Set([a!.id, b!.id]),
    );
    await stream.close();
  });

  it('sends one event per resource and kind for a change made in one transaction', async () => {
    const world = await activeWorld(ctx, brand.key.key, 1);
    const s = await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    const stream = await connect(brand.key.key);
    await stream.ready();
    // A change before the approval marks where it starts: a stream opened just after the setup
    // may still be handed the setup's last events (the hub had not read them yet).
    const marker = await activeWorld(ctx, brand.key.key, 0);
    const isMarker = (e: Received) => e.event.campaign_id === marker.campaign.id;
    await review(ctx, brand.key.key, world.campaign.id, s.id, 'approve');
    // A later change as the positive control instead of a sleep: the stream is ordered, so once
    // the sentinel's events arrive, every event of the approval (and of the marker) has arrived
    // before them.
    const sentinel = await activeWorld(ctx, brand.key.key, 0);
    const isSentinel = (e: Received) => e.event.campaign_id === sentinel.campaign.id;
    await stream.until(() => stream.state.events.some(isSentinel), 'the sentinel');
    const events = stream.state.events;
    const lastMarker = events.findLastIndex(isMarker);
    expect(lastMarker, 'the marker reached the stream').toBeGreaterThanOrEqual(0);
    const beforeSentinel = events.slice(lastMarker + 1, events.findIndex(isSentinel));
    expect(beforeSentinel.map((e) => `${e.event.type} ${e.event.id}`)).toEqual([
      `submission.updated ${s.id}`,
      `creator.updated ${world.creators[0]!.id}`,
    ]);
    await stream.close();
  });

  it('delivers at once when the poller is woken (NOTIFY), without waiting for its interval', async () => {
    const hub = new EventHub(ctx.db, { pollMs: 60_000 });
    const woken = ctx.makeApp({ eventHub: hub, events: { heartbeatMs: 10_000 } });
    const stream = await connect(brand.key.key, {}, woken);
    const world = await activeWorld(ctx, brand.key.key, 0);
    // Each commit's NOTIFY wakes the hub; here the test wakes it. A read stops below the oldest
    // running transaction of the whole PostgreSQL cluster (docs/architecture.md#live-events), which
    // another test file's database may hold for a moment: wake again until delivered, within 2 s,
    // far below the 60 s interval.
    const delivered = () => stream.state.events.some((e) => e.event.id === world.campaign.id);
    const waking = setInterval(() => hub.wake(), 100);
    try {
      hub.wake();
      await stream.until(delivered, 'the woken delivery', 2000);
    } finally {
      clearInterval(waking);
    }
    await stream.close();
  });

  it('sends a heartbeat comment when nothing happens', async () => {
    const quiet = await ctx.ops.brandWithKey();
    const stream = await connect(quiet.key.key);
    await stream.until(() => stream.state.comments.includes(': ping'), 'a heartbeat', 3000);
    expect(stream.state.events).toEqual([]);
    await stream.close();
  });

  it('closes a connection that falls too far behind; it resumes with Last-Event-ID', async () => {
    const streams = new StreamRegistry(ctx.db, apiKeyCacheOf(ctx.db));
    const slowApp = ctx.makeApp({
      streams,
      events: { pollMs: 25, heartbeatMs: 10_000, queueLimit: 2 },
    });
    const res = await slowApp.request('/2026-07/events', {
      headers: { Authorization: `Bearer ${brand.key.key}` },
    });
    expect(streams.count(brand.key.id)).toBe(1);
    const world = await activeWorld(ctx, brand.key.key, 1);
    for (let i = 0; i < 3; i++)
      await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    // Not read meanwhile: the queue overflows and the stream ends, giving its slot back.
    await waitUntil(() => streams.count(brand.key.id) === 0, 'the overflowing stream to end');
    const text = await res.text();
    expect(text.startsWith('retry: ')).toBe(true);
  });

  it('answers 401 without a key and 403 without campaigns:read', async () => {
    const noKey = await app.request('/2026-07/events');
    expect(noKey.status).toBe(401);
    const key = await ctx.ops.createKey({
      kind: 'brand',
      brand_id: brand.brand.id,
      scopes: ['codes:read'],
    });
    const res = await app.request('/2026-07/events', {
      headers: { Authorization: `Bearer ${key.key}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('missing_scope');
  });
});
