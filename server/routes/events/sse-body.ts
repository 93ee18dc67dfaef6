// The body of an event stream: one ReadableStream the server reads straight from, with at most one
// chunk waiting (backpressure like hono's streamSSE, which the stream used before). streamSSE
// chains a TransformStream and a second ReadableStream: a dozen promise turns per write, which with
// thousands of open streams was most of the cost of handing out an event (decision 0074).

export interface SseBody {
  readonly body: ReadableStream<Uint8Array>;
  /** Queues `text`; resolves once the reader wants more (false when the stream is closed). */
  write(text: string): Promise<boolean>;
  close(): void;
}

const encoder = new TextEncoder();

export function sseBody(onCancel: () => void): SseBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let waiting: (() => void) | null = null;
  const release = () => {
    const resolve = waiting;
    waiting = null;
    resolve?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: release,
      cancel: () => {
        closed = true;
        release();
        onCancel();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
  return {
    body,
    async write(text) {
      if (closed) return false;
      controller.enqueue(encoder.encode(text));
      if ((controller.desiredSize ?? 0) <= 0)
        await new Promise<void>((resolve) => (waiting = resolve));
      return !closed;
    },
    close() {
      if (closed) return;
      closed = true;
      release();
      try {
        controller.close();
      } catch {
        // already cancelled
      }
    },
  };
}
