import { describe, expect, it } from 'vitest';
import { StreamRegistry } from '../../domain/streams.ts';
import { apiKeyCacheOf } from '../../domain/key-cache.ts';
import { brandWorld } from '../../test/harness.ts';
import { readSseBlocks, waitUntil } from '../../test/sse.ts';

// Shutdown (docs/deployment.md#shutdown): the instance ends its event streams with a fresh, short
// and spread-out `retry:` hint, so clients reconnect to another instance at once (with
// Last-Event-ID) instead of after the stream's usual delay, and not all in the same millisecond.
// A revocation ends a stream without one (the credential has nothing to come back to).

const { ctx, brand } = await brandWorld();
const streams = new StreamRegistry(ctx.db, apiKeyCacheOf(ctx.db));
const app = ctx.makeApp({ streams, events: { pollMs: 25, heartbeatMs: 60_000, retryMs: 5000 } });

async function openStream() {
  const res = await app.request('/2026-07/events', {
    headers: { Authorization: `Bearer ${brand.key.key}` },
  });
  expect(res.status).toBe(200);
  const blocks: string[][] = [];
  let ended = false;
  readSseBlocks(
    res.body!,
    (lines) => blocks.push(lines),
    () => (ended = true),
  );
  await waitUntil(() => blocks.length > 0, 'the first block');
  return { blocks, ended: () => ended };
}

describe('event streams at shutdown', () => {
  it('end with a retry: hint of 250 ms to 1.25 s, after the usual one', async () => {
    const hints = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const stream = await openStream();
      expect(stream.blocks[0]).toEqual(['retry: 5000']);
      streams.closeCredential(brand.key.id, 'shutdown');
      await waitUntil(stream.ended, 'the stream to end');
      const last = stream.blocks.at(-1)!;
      expect(last).toHaveLength(1);
      const retry = Number(/^retry: (\d+)$/.exec(last[0]!)?.[1]);
      expect(retry).toBeGreaterThanOrEqual(250);
      expect(retry).toBeLessThan(1250);
      hints.add(retry);
    }
    // Spread out: five streams do not all get the same delay.
    expect(hints.size).toBeGreaterThan(1);
  });

  it('a revocation ends the stream without a new hint', async () => {
    const stream = await openStream();
    streams.closeCredential(brand.key.id);
    await waitUntil(stream.ended, 'the stream to end');
    expect(stream.blocks).toEqual([['retry: 5000']]);
  });
});
