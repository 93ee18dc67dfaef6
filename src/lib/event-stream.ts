import { resolveBaseUrl, sessionCredentials } from './api-client';

/** One Server-Sent Event as the stream delivered it. */
export type StreamEvent = { id: string | null; event: string; data: string };

/**
 * An incremental parser of `text/event-stream` (the WHATWG rules): feed it chunks as they arrive;
 * it calls `onEvent` for each complete event and `onRetry` when the server sets `retry:`.
 */
export function createEventStreamParser(handlers: {
  onEvent: (event: StreamEvent) => void;
  onRetry?: (ms: number) => void;
}) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let lastId: string | null = null;

  const dispatch = () => {
    if (data.length > 0) {
      handlers.onEvent({ id: lastId, event: event || 'message', data: data.join('\n') });
    }
    data = [];
    event = '';
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      const lines = buffer.split(/\r\n|\r|\n/);
      // A chunk may end inside a line (or between \r and \n): keep the rest for the next one.
      buffer = lines.pop() ?? '';
      for (const text of lines) line(text);
    },
    /** The id of the last event seen, sent as `Last-Event-ID` when reconnecting. */
    get lastEventId() {
      return lastId;
    },
  };
}

export type EventStreamOptions = {
  /** Path under the base URL, e.g. `/events`. */
  path: string;
  onEvent: (event: StreamEvent) => void;
  /** Called when a connection opened (`true`) or failed / ended (`false`). */
  onStatus?: (connected: boolean) => void;
  signal: AbortSignal;
  /** First wait before reconnecting; doubles on each failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Reads a Server-Sent Events stream of the service with the session's key. `EventSource` cannot
 * send an Authorization header, so this uses `fetch` and reads the body; it reconnects with
 * `Last-Event-ID` after a drop, waiting longer after each failure (never less than the server's
 * `retry:`).
 * Stops for good on a 401/403/404 or when `signal` aborts.
 */
export async function runEventStream(options: EventStreamOptions): Promise<void> {
  const { signal } = options;
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  let delay = initial;
  let serverRetry: number | null = null;
  let lastEventId: string | null = null;

  while (!signal.aborted) {
    const credentials = sessionCredentials();
    if (!credentials) return;
    const parser = createEventStreamParser({
      onEvent: (event) => {
        lastEventId = parser.lastEventId;
        options.onEvent(event);
      },
      onRetry: (ms) => {
        serverRetry = ms;
      },
    });
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${credentials.apiKey}`,
    };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    try {
      const response = await fetch(`${resolveBaseUrl(credentials.baseUrl)}${options.path}`, {
        headers,
        signal,
      });
      if ([401, 403, 404].includes(response.status)) {
        options.onStatus?.(false);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      options.onStatus?.(true);
      delay = initial;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      if (signal.aborted) return;
    }
    options.onStatus?.(false);
    await wait(Math.max(serverRetry ?? 0, delay), signal);
    delay = Math.min(delay * 2, max);
  }
}
