import { createParser } from 'eventsource-parser';
import {
  reportUnauthenticated,
  resolveBaseUrl,
  sessionCredentials,
  type ApiPath,
} from './api-client';

/** One Server-Sent Event as the stream delivered it. */
export type StreamEvent = { id: string | null; event: string; data: string };

/**
 * An incremental parser of `text/event-stream` (`eventsource-parser`, which follows the WHATWG
 * rules, including a line ending split between two chunks): feed it chunks as they arrive; it
 * calls `onEvent` for each complete event (with the last id the stream gave, as `EventSource`
 * does) and `onRetry` when the server sets `retry:`.
 */
export function createEventStreamParser(
  handlers: {
    onEvent: (event: StreamEvent) => void;
    onRetry?: (ms: number) => void;
  },
  /** The id an earlier connection ended with, kept until this stream names another. */
  lastEventId: string | null = null,
) {
  let lastId = lastEventId;
  const parser = createParser({
    onEvent: (message) => {
      if (message.id !== undefined) lastId = message.id;
      handlers.onEvent({ id: lastId, event: message.event ?? 'message', data: message.data });
    },
    onRetry: (ms) => handlers.onRetry?.(ms),
  });
  return {
    push(chunk: string) {
      parser.feed(chunk);
    },
    /** The id of the last event seen, sent as `Last-Event-ID` when reconnecting. */
    get lastEventId() {
      return lastId;
    },
  };
}

export type EventStreamOptions = {
  /** Path under the base URL, e.g. `/events`: a `GET` operation of the OpenAPI document. */
  path: ApiPath<'get'>;
  onEvent: (event: StreamEvent) => void;
  /** Called when a connection opened (`true`) or failed / ended (`false`). */
  onStatus?: (connected: boolean) => void;
  signal: AbortSignal;
  /** First wait before reconnecting; doubles on each failure in a row, up to `maxDelayMs`. */
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
 * `Last-Event-ID` after a drop or a failed attempt, waiting twice as long after each failure in a
 * row (back to `initialDelayMs` once a connection opens; never less than the server's `retry:`).
 * Stops for good on a 401/403/404, when there is no session, or when `signal` aborts. A 401 (the
 * session ended, the key was revoked, the member removed: the service closes their streams) is
 * reported like a refused request's, so the console signs out at once rather than on its next
 * request.
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
    const parser = createEventStreamParser(
      {
        onEvent: (event) => {
          lastEventId = parser.lastEventId;
          options.onEvent(event);
        },
        onRetry: (ms) => {
          serverRetry = ms;
        },
      },
      lastEventId,
    );
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${credentials.apiKey}`,
    };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    try {
      // The one request outside the typed client: a stream is read as it arrives, where the
      // client reads whole JSON answers (docs/decisions/0111-one-typed-client.md).
      // eslint-disable-next-line no-restricted-globals -- the event stream, as said above
      const response = await fetch(`${resolveBaseUrl(credentials.baseUrl)}${options.path}`, {
        headers,
        signal,
      });
      if ([401, 403, 404].includes(response.status)) {
        options.onStatus?.(false);
        // Still this session's stream (not one already replaced by another sign-in).
        if (response.status === 401 && sessionCredentials()?.apiKey === credentials.apiKey) {
          reportUnauthenticated();
        }
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
