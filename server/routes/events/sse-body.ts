// The body of an event stream: one ReadableStream the server reads straight from. Writing never
// waits: a chunk goes to the reader when it asks for one (one chunk in the stream's queue, as
// hono's streamSSE had), and what comes meanwhile waits here and goes out as one chunk at the next
// pull. Past `maxWaiting` messages waiting, the connection is too slow: the body closes (after what
// its reader already has) and the client resumes with Last-Event-ID. The hub hands thousands of
// streams their events in one synchronous pass, without a promise per stream (decision 0078);
// streamSSE chained a TransformStream and a second ReadableStream, a dozen promise turns per
// write (decision 0074).

export interface SseBody {
  readonly body: ReadableStream<Uint8Array>;
  /**
   * Sends `chunk` (`messages` SSE messages) as soon as the reader takes it. False when the body is
   * closed, or closes now because too much was waiting.
   */
  push(chunk: Uint8Array | string, messages?: number): boolean;
  /** Resolves once nothing waits for the reader (or the body is closed). */
  drained(): Promise<void>;
  /** Closes after what was pushed. */
  close(): void;
}

const encoder = new TextEncoder();

export function sseBody(options: {
  /** The reader went away, or the body closed because its reader was too slow. */
  onEnd: () => void;
  /** Messages that may wait for a slow reader. */
  maxWaiting: number;
}): SseBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let waiting: Uint8Array[] = [];
  let waitingMessages = 0;
  let onDrained: (() => void)[] = [];
  const drain = () => {
    const resolve = onDrained;
    onDrained = [];
    for (const r of resolve) r();
  };
  const take = () => {
    const chunk = waiting.length === 1 ? waiting[0]! : Buffer.concat(waiting);
    waiting = [];
    waitingMessages = 0;
    return chunk;
  };
  /** Closes the body; what waits is sent first unless the reader is too slow for it. */
  const close = (dropWaiting = false) => {
    if (closed) return;
    closed = true;
    try {
      if (waiting.length > 0 && !dropWaiting) controller.enqueue(take());
      controller.close();
    } catch {
      // already cancelled
    }
    waiting = [];
    drain();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: () => {
        if (closed) return;
        if (waiting.length === 0) drain();
        else controller.enqueue(take());
      },
      cancel: () => {
        closed = true;
        waiting = [];
        drain();
        options.onEnd();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
  return {
    body,
    push(chunk, messages = 1) {
      if (closed) return false;
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      if (waiting.length === 0 && (controller.desiredSize ?? 0) > 0) {
        controller.enqueue(bytes);
        return true;
      }
      waitingMessages += messages;
      if (waitingMessages > options.maxWaiting) {
        close(true);
        options.onEnd();
        return false;
      }
      waiting.push(bytes);
      return true;
    },
    drained() {
      if (closed || (waiting.length === 0 && (controller.desiredSize ?? 0) > 0))
        return Promise.resolve();
      return new Promise<void>((resolve) => onDrained.push(resolve));
    },
    close: () => close(),
  };
}
