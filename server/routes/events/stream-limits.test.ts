import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { EventHub, type Delivery } from '../../domain/event-hub.ts';
import {
  currentPosition,
  formatPosition,
  MAX_REPLAY_EVENTS,
  type Position,
} from '../../domain/outbox.ts';
import { ApiKeyCache, apiKeyCacheOf } from '../../domain/key-cache.ts';
import { MAX_STREAMS_PER_CREDENTIAL, StreamRegistry } from '../../domain/streams.ts';
import { activeWorld, submit } from '../../test/activity.ts';
import { brandWorld } from '../../test/harness.ts';
import { readSseBlocks, waitUntil } from '../../test/sse.ts';

// docs/api.md#limits and #live-events: the cap of streams per credential, closing on revocation, and `reset`
// instead of a long replay.

const { ctx, brand } = await brandWorld();
const app = ctx.makeApp({ events: { pollMs: 25, heartbeatMs: 250, retryMs: 1000 } });

/**
 * Polls `hub` until `check` holds. Events are read below the oldest running transaction of the
 * whole PostgreSQL cluster (docs/architecture.md#live-events): on a server shared with other test
 * files' databases, a read right after a commit may stop short of it while another file's
 * transaction runs, and the next read delivers it.
 */
async function pollUntil(hub: EventHub, check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  await hub.poll();
  while (!check()) {
    if (Date.now() > end) throw new Error('the event was not read in time');
    await hub.poll();
  }
}

interface Message {
  id: string | null;
  event: string;
  data: string;
}

async function open(key: string, headers: Record<string, string> = {}, target = app) {
  const res = await target.request('/2026-07/events', {
    headers: { Authorization: `Bearer ${key}`, ...headers },
  });
  const state = { status: res.status, messages: [] as Message[], ended: false, text: '' };
  if (res.status !== 200) {
    state.text = await res.text();
    return { state, until: async () => {}, close: async () => {} };
  }
  const close = readSseBlocks(
    res.body!,
    (lines) => {
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (data === undefined) return;
      state.messages.push({
        id: lines.find((l) => l.startsWith('id: '))?.slice(4) ?? null,
        event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message',
        data,
      });
    },
    () => (state.ended = true),
  );
  return { state, until: waitUntil, close };
}

describe('streams per credential', () => {
  it(`answers the ${MAX_STREAMS_PER_CREDENTIAL + 1}th open stream of a key with 429 too_many_streams; another key is not counted`, async () => {
    const own = await ctx.ops.brandWithKey();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) streams.push(await open(own.key.key));
    expect(streams.map((s) => s.state.status)).toEqual(Array(MAX_STREAMS_PER_CREDENTIAL).fill(200));
    const over = await open(own.key.key);
    expect(over.state.status).toBe(429);
    expect(JSON.parse(over.state.text)).toMatchObject({ error: 429, code: 'too_many_streams' });
    const second = await ctx.ops.createKey({ kind: 'brand', brand_id: own.brand.id });
    const other = await open(second.key);
    expect(other.state.status).toBe(200);
    // A closed stream gives its slot back.
    await streams[0]!.close();
    // The slot comes back once the service has seen the reader go: until then, 429.
    const again = await vi.waitFor(
      async () => {
        const s = await open(own.key.key);
        expect(s.state.status).toBe(200);
        return s;
      },
      { timeout: 3000, interval: 50 },
    );
    for (const s of [...streams.slice(1), other, again]) await s.close();
  });
});

describe('revoking a key', () => {
  it('closes its open streams within 2 s, and not the streams of another key', async () => {
    const own = await ctx.ops.brandWithKey();
    const keep = await ctx.ops.createKey({ kind: 'brand', brand_id: own.brand.id });
    const a = await open(own.key.key);
    const b = await open(own.key.key);
    const kept = await open(keep.key);
    const world = await activeWorld(ctx, own.key.key, 1);
    await a.until(() => a.state.messages.length > 0, 'an event before revocation');
    const revokedAt = Date.now();
    await ctx.ops.revokeKey(own.key.id);
    await a.until(() => a.state.ended && b.state.ended, 'both streams to end', 2000);
    expect(Date.now() - revokedAt).toBeLessThan(2000);
    const seen = a.state.messages.length;
    await submit(ctx, world.campaign.id, world.creators[0]!.id, world.taskId);
    await kept.until(
      () => kept.state.messages.some((m) => m.data.includes('submission.created')),
      'the other key hears on',
    );
    expect(a.state.messages.length).toBe(seen);
    expect(kept.state.ended).toBe(false);
    await kept.close();
  });

  it('closes the streams of another instance when it hears of the revocation, or rechecks after missing it', async () => {
    const own = await ctx.ops.brandWithKey();
    const keep = await ctx.ops.createKey({ kind: 'brand', brand_id: own.brand.id });
    const cacheB = new ApiKeyCache();
    const instanceB = ctx.makeApp({
      apiKeyCache: cacheB,
      events: { pollMs: 25, heartbeatMs: 250 },
    });
    const s = await open(own.key.key, {}, instanceB);
    expect(s.state.status).toBe(200);
    await ctx.ops.revokeKey(own.key.id);
    // Instance B was not told yet: its stream still delivers a change made after the revocation
    // (a positive control that it is open, instead of a wait for it not to end).
    const world = await activeWorld(ctx, keep.key, 0);
    await s.until(
      () => s.state.messages.some((m) => m.data.includes(world.campaign.id)),
      'a change after the revocation',
    );
    expect(s.state.ended).toBe(false);
    cacheB.clear(); // what index.ts does when the LISTEN connection comes back: notifications may be lost
    await s.until(() => s.state.ended, 'the stream of the revoked key to end', 2000);

    const other = await ctx.ops.brandWithKey();
    const t = await open(other.key.key, {}, instanceB);
    cacheB.forget(other.key.id); // the notification of a revocation elsewhere
    await t.until(() => t.state.ended, 'the stream to end on the notification', 2000);
  });
});

describe('ending a credential elsewhere', () => {
  it("closes the credential's streams when the registry is told (an ended session)", async () => {
    const own = await ctx.ops.brandWithKey();
    const streams = new StreamRegistry(ctx.db, apiKeyCacheOf(ctx.db));
    const instance = ctx.makeApp({ streams, events: { pollMs: 25, heartbeatMs: 250 } });
    const s = await open(own.key.key, {}, instance);
    expect(streams.count(own.key.id)).toBe(1);
    streams.closeCredential(own.key.id);
    await s.until(() => s.state.ended, 'the stream to end', 2000);
    expect(streams.count(own.key.id)).toBe(0);
  });
});

async function insertEvents(brandId: string, count: number, prefix = 'CODE') {
  await ctx.db.execute(
    sql`insert into events (brand_id, campaign_id, type, resource_id)
      select ${brandId}::uuid, null, 'code.updated', ${prefix} || n from generate_series(1, ${count}) n`,
  );
}

describe('resuming with Last-Event-ID', () => {
  it('starts with a reset event instead of a replay for a Last-Event-ID that is not ours, such as 0', async () => {
    const s = await open(brand.key.key, { 'Last-Event-ID': '0' });
    await s.until(() => s.state.messages.length > 0, 'the first message');
    const [first] = s.state.messages;
    expect(first!.event).toBe('reset');
    expect(JSON.parse(first!.data)).toEqual({ type: 'reset', reason: 'unknown_position' });
    expect(first!.id).toMatch(/^\d+\.\d+$/);
    // Then it follows live changes.
    const world = await activeWorld(ctx, brand.key.key, 1);
    await s.until(
      () => s.state.messages.some((m) => m.data.includes(world.campaign.id)),
      'a live event after the reset',
    );
    await s.close();
  });

  it(`starts with a reset when the key's brands had more than ${MAX_REPLAY_EVENTS} events since, and replays ${MAX_REPLAY_EVENTS}`, async () => {
    const own = await ctx.ops.brandWithKey();
    const from: Position = await currentPosition(ctx.db);
    await insertEvents(own.brand.id, MAX_REPLAY_EVENTS);
    const replay = await open(own.key.key, { 'Last-Event-ID': formatPosition(from) });
    await replay.until(
      () => replay.state.messages.length >= MAX_REPLAY_EVENTS,
      'the replay',
      10_000,
    );
    expect(replay.state.messages.every((m) => m.event === 'message')).toBe(true);
    await replay.close();

    await insertEvents(own.brand.id, 1);
    const reset = await open(own.key.key, { 'Last-Event-ID': formatPosition(from) });
    await reset.until(() => reset.state.messages.length > 0, 'the first message');
    // A live event after the reset as the positive control, instead of a wait: a replay would
    // have come before it.
    await insertEvents(own.brand.id, 1, 'AFTER');
    await reset.until(() => reset.state.messages.length > 1, 'a live event after the reset');
    expect(reset.state.messages.map((m) => m.event)).toEqual(['reset', 'message']);
    expect(reset.state.messages[1]!.data).toContain('AFTER1');
    expect(JSON.parse(reset.state.messages[0]!.data).reason).toBe('too_far_behind');
    await reset.close();
  });

  it('starts with a reset when Last-Event-ID is older than the oldest event kept', async () => {
    const own = await ctx.ops.brandWithKey();
    await insertEvents(own.brand.id, 1);
    const s = await open(own.key.key, { 'Last-Event-ID': '1.0' });
    await s.until(() => s.state.messages.length > 0, 'the first message');
    expect(s.state.messages[0]!.event).toBe('reset');
    expect(JSON.parse(s.state.messages[0]!.data).reason).toBe('too_old');
    await s.close();
  });
});

describe('fan-out', () => {
  it("hands an event only to its brand's streams, whatever the number of others", async () => {
    const hub = new EventHub(ctx.db, { pollMs: 60_000 });
    const busy = randomUUID();
    const quiet = randomUUID();
    const subs = [];
    for (let i = 0; i < 500; i++) subs.push(await hub.subscribe([busy], () => {}));
    const got: Delivery[] = [];
    const listener = await hub.subscribe([quiet], (d) => got.push(d));
    await hub.poll();
    const before = { ...hub.stats };
    await insertEvents(quiet, 1);
    await pollUntil(hub, () => got.length > 0);
    // Events of this file's other tests may be read in the same polls (a read held back by another
    // database's transaction catches up): they have no subscriber here, and cost no visit.
    expect(got.flatMap((d) => d.events)).toHaveLength(1);
    expect(hub.stats.visits - before.visits).toBe(1);
    expect(got.flatMap((d) => d.events.map((e) => e.brandId))).toEqual([quiet]);
    expect(new TextDecoder().decode(got[0]!.bytes)).toBe(got[0]!.events[0]!.frame);
    for (const s of [...subs, listener]) s.close();
  });

  it('builds the bytes of a read once for every stream of the same brands, and apart for others', async () => {
    const hub = new EventHub(ctx.db, { pollMs: 60_000 });
    const one = randomUUID();
    const two = randomUUID();
    const got = new Map<string, Delivery[]>();
    const follow = (name: string, brands: string[]) =>
      hub.subscribe(brands, (d) => got.set(name, [...(got.get(name) ?? []), d]));
    const subs = [
      await follow('a', [one]),
      await follow('b', [one]),
      await follow('agency', [two, one]),
      await follow('agency again', [one, two]),
    ];
    await hub.poll();
    await insertEvents(one, 2);
    await insertEvents(two, 1);
    const events = (name: string) => (got.get(name) ?? []).flatMap((d) => d.events).length;
    await pollUntil(hub, () => events('a') === 2 && events('agency') === 3);
    const [a, b, agency, again] = ['a', 'b', 'agency', 'agency again'].map((n) => got.get(n)!);
    expect(a).toHaveLength(1);
    // The same Delivery, not equal copies: built once.
    expect(b![0]).toBe(a![0]);
    expect(again![0]).toBe(agency![0]);
    expect(a![0]!.events.map((e) => e.brandId)).toEqual([one, one]);
    expect(agency![0]!.events.map((e) => e.brandId)).toEqual([one, one, two]);
    expect(new TextDecoder().decode(agency![0]!.bytes)).toBe(
      agency![0]!.events.map((e) => e.frame).join(''),
    );
    for (const s of subs) s.close();
  });
});
