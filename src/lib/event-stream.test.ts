import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './api-client';
import { createEventStreamParser, runEventStream, type StreamEvent } from './event-stream';

afterEach(() => configureApiClient({ credentials: () => null }));

function parse(chunks: string[]) {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser({
    onEvent: (e) => events.push(e),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries, parser };
}

/** A streamed body made of these chunks, then the end of the stream. */
function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('event-stream parser', () => {
  it('reads id, event, data and retry lines, across chunk boundaries', () => {
    const { events, retries, parser } = parse([
      ': keep-alive\n\nretry: 2500\nid: 7\nevent: change\nda',
      'ta: {"a":1}\r\n\r\nid: 8\ndata: line one\ndata:line two\n\n',
    ]);
    expect(retries).toEqual([2500]);
    expect(events).toEqual([
      { id: '7', event: 'change', data: '{"a":1}' },
      { id: '8', event: 'message', data: 'line one\nline two' },
    ]);
    expect(parser.lastEventId).toBe('8');
  });

  it('gives events without an id the last id seen and ignores blocks without data', () => {
    const { events } = parse(['id: 3\ndata: a\n\nevent: x\n\ndata: b\n\nretry: soon\n\n']);
    expect(events).toEqual([
      { id: '3', event: 'message', data: 'a' },
      { id: '3', event: 'message', data: 'b' },
    ]);
  });

  it('reads one event from a chunk that ends between \\r and \\n', () => {
    const { events } = parse(['id: 9\r\ndata: one\r', '\ndata: two\r\n\r', '\n']);
    expect(events).toEqual([{ id: '9', event: 'message', data: 'one\ntwo' }]);
  });

  it('starts from the id an earlier connection ended with', () => {
    const events: StreamEvent[] = [];
    const parser = createEventStreamParser({ onEvent: (e) => events.push(e) }, '41');
    parser.push('data: x\n\n');
    expect(events).toEqual([{ id: '41', event: 'message', data: 'x' }]);
    expect(parser.lastEventId).toBe('41');
  });
});

describe('runEventStream', () => {
  it('sends the key, reconnects with Last-Event-ID after the stream ends, and stops on abort', async () => {
    configureApiClient({
      credentials: () => ({ apiKey: 'cck_test', baseUrl: 'https://svc.test/2026-07' }),
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const calls: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push(new Headers(init.headers));
        expect(url).toBe('https://svc.test/2026-07/events');
        if (calls.length === 1) {
          return Promise.resolve(
            new Response(streamOf(['id: 41\ndata: a\n\nid: 42\ndata: b\n\n'])),
          );
        }
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      }),
    );
    const statuses: boolean[] = [];
    await runEventStream({
      path: '/events',
      signal: controller.signal,
      initialDelayMs: 1,
      onEvent: (e) => seen.push(e.data),
      onStatus: (s) => statuses.push(s),
    });
    expect(seen).toEqual(['a', 'b']);
    expect(calls[0]!.get('Authorization')).toBe('Bearer cck_test');
    expect(calls[0]!.get('Last-Event-ID')).toBeNull();
    expect(calls[1]!.get('Last-Event-ID')).toBe('42');
    expect(statuses).toEqual([true, false]);
  });

  it('waits longer after each failure and gives up on 401', async () => {
    configureApiClient({ credentials: () => ({ apiKey: 'k', baseUrl: 'https://svc.test' }) });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        n += 1;
        return Promise.resolve(new Response('', { status: n < 4 ? 503 : 401 }));
      }),
    );
    await runEventStream({
      path: '/events',
      signal: new AbortController().signal,
      initialDelayMs: 5,
      onEvent: () => undefined,
    });
    expect(n).toBe(4);
    const waits = setTimeoutSpy.mock.calls.map(([, ms]) => ms).filter((ms) => ms !== undefined);
    expect(waits).toEqual([5, 10, 20]);
  });
});
