import { describe, expect, it, vi } from 'vitest';
import { sseBody } from './sse-body.ts';

const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

describe('sseBody', () => {
  it('hands the reader one chunk at a time; what comes meanwhile waits and goes out as one', async () => {
    const onEnd = vi.fn();
    const body = sseBody({ onEnd, maxWaiting: 10 });
    const reader = body.body.getReader();
    expect(body.push('a\n\n')).toBe(true);
    expect(body.push('b\n\n')).toBe(true);
    expect(body.push(new TextEncoder().encode('c\n\n'), 2)).toBe(true);
    let drained = false;
    void body.drained().then(() => (drained = true));
    expect(text((await reader.read()).value)).toBe('a\n\n');
    expect(text((await reader.read()).value)).toBe('b\n\nc\n\n');
    await vi.waitFor(() => expect(drained).toBe(true));
    // Nothing waits now: the next push goes straight to a reader that asks.
    const next = reader.read();
    body.push('d\n\n');
    expect(text((await next).value)).toBe('d\n\n');
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('closes after what the reader has when more than maxWaiting messages wait', async () => {
    const onEnd = vi.fn();
    const body = sseBody({ onEnd, maxWaiting: 2 });
    body.push('retry: 1\n\n');
    expect(body.push('1\n\n')).toBe(true);
    expect(body.push('2\n\n')).toBe(true);
    expect(body.push('3\n\n')).toBe(false);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(body.push('4\n\n')).toBe(false);
    expect(await new Response(body.body).text()).toBe('retry: 1\n\n');
  });

  it('sends what waits before closing', async () => {
    const body = sseBody({ onEnd: () => {}, maxWaiting: 10 });
    body.push('a\n\n');
    body.push('event: error\ndata: gone\n\n');
    body.close();
    expect(await new Response(body.body).text()).toBe('a\n\nevent: error\ndata: gone\n\n');
  });

  it('tells when its reader goes away', async () => {
    const onEnd = vi.fn();
    const body = sseBody({ onEnd, maxWaiting: 10 });
    await body.body.cancel();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(body.push('a\n\n')).toBe(false);
    await body.drained();
  });
});
