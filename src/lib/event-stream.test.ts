import { afterEach, describe, expect, it, vi } from 'vitest';
import { realService } from '#testing/service';
import { configureApiClient, onUnauthenticated } from './api-client';
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

describe('runEventStream, against the real service', () => {
  const service = realService();

  it('sends the key, reconnects with Last-Event-ID after the stream ends, and stops on abort', async () => {
    const team = await service.world.brandTeam();
    const campaign = await service.world.campaign(team, 'active');
    configureApiClient({
      credentials: () => ({ apiKey: team.key, baseUrl: 'https://svc.test/2026-07' }),
    });
    const controller = new AbortController();
    // A fault: the first connection is cut after the service's first two events; the test stops
    // the stream when the client comes back.
    let connections = 0;
    service.intercept(async (request) => {
      if (request.path !== '/events') return undefined;
      connections += 1;
      if (connections > 1) {
        controller.abort();
        return undefined;
      }
      const real = await service.app().request(request.url.pathname, { headers: request.headers });
      const reader = real.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const body = new ReadableStream<Uint8Array>({
        async pull(out) {
          const read = await reader.read();
          if (read.done) return out.close();
          out.enqueue(read.value);
          text += decoder.decode(read.value, { stream: true });
          if ((text.match(/^data:/gm) ?? []).length >= 2) {
            await reader.cancel();
            out.close();
          }
        },
        cancel: () => reader.cancel(),
      });
      return new Response(body, { status: real.status, headers: real.headers });
    });
    const seen: StreamEvent[] = [];
    const statuses: boolean[] = [];
    const running = runEventStream({
      path: '/events',
      signal: controller.signal,
      initialDelayMs: 1,
      onEvent: (e) => seen.push(e),
      onStatus: (s) => statuses.push(s),
    });
    await vi.waitFor(() => expect(statuses).toEqual([true]), { timeout: 5000 });
    await service.world.api(team, 'POST', `/campaigns/${campaign.id}/pause`);
    await service.world.api(team, 'POST', `/campaigns/${campaign.id}/resume`);
    await running;

    expect(seen.map((e) => (JSON.parse(e.data) as { type: string }).type)).toEqual([
      'campaign.updated',
      'campaign.updated',
    ]);
    const calls = service.requests.filter((r) => r.path === '/events');
    expect(calls.map((r) => r.url.href)).toEqual([
      'https://svc.test/2026-07/events',
      'https://svc.test/2026-07/events',
    ]);
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${team.key}`);
    expect(calls[0]!.headers.get('Last-Event-ID')).toBeNull();
    expect(calls[1]!.headers.get('Last-Event-ID')).toBe(seen[1]!.id);
    expect(statuses).toEqual([true, false]);
  });

  it('waits longer after each failure and gives up on 401', async () => {
    const team = await service.world.brandTeam();
    await service.ctx.ops.revokeKey(team.keyId);
    configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: 'https://svc.test' }) });
    // A fault: the service is unavailable three times; then it answers the revoked key.
    let n = 0;
    service.intercept(() => {
      n += 1;
      return n < 4 ? new Response('', { status: 503 }) : undefined;
    });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    await runEventStream({
      path: '/events',
      signal: new AbortController().signal,
      initialDelayMs: 5,
      onEvent: () => undefined,
    });
    const waits = setTimeoutSpy.mock.calls.map(([, ms]) => ms).filter((ms) => ms !== undefined);
    expect(n).toBe(4);
    expect(waits).toEqual([5, 10, 20]);
  });

  it('says the session is no longer accepted when the stream is refused with 401', async () => {
    const team = await service.world.brandTeam();
    const member = await service.world.member(team, 'reviewer');
    configureApiClient({
      credentials: () => ({ apiKey: member.token, baseUrl: 'https://svc.test/2026-07' }),
    });
    // The member is removed (which ends their sessions): the stream is refused from then on.
    await service.world.api(team, 'DELETE', `/members/${member.id}`);
    let refused = 0;
    const stop = onUnauthenticated(() => (refused += 1));
    try {
      await runEventStream({
        path: '/events',
        signal: new AbortController().signal,
        onEvent: () => undefined,
      });
    } finally {
      stop();
    }
    expect(refused).toBe(1);
  });
});
