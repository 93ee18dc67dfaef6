import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

// The instance's part in a rolling restart (decision 0082): readiness answers 503 from the moment
// draining starts while requests are still served; answers then say `Connection: close` so
// clients and proxies move their keep-alive connections to other instances; the open event
// streams are known by credential so the shutdown can end them (the StreamRegistry closes them,
// and each client reconnects after the stream's `retry:` with Last-Event-ID).

type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

export class Lifecycle {
  #draining = false;
  #inFlight = 0;
  /** Event streams open through this instance, by credential. */
  readonly #streams = new Map<string, number>();

  /** True from the SIGTERM on: /healthz/ready answers 503. */
  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }

  /** Requests being answered now (event streams count until their headers are sent). */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Event streams open now. */
  get openStreams(): number {
    let n = 0;
    for (const count of this.#streams.values()) n += count;
    return n;
  }

  /** The credentials with streams open now (for StreamRegistry.closeCredential). */
  streamCredentials(): string[] {
    return [...this.#streams.keys()];
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      this.#inFlight++;
      try {
        await next();
      } finally {
        this.#inFlight--;
      }
      if (this.#draining) c.header('Connection', 'close');
      const credential = c.get('auth')?.keyId;
      const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
      if (
        credential &&
        outgoing &&
        c.res.status === 200 &&
        c.res.headers.get('Content-Type')?.startsWith('text/event-stream')
      ) {
        this.#streams.set(credential, (this.#streams.get(credential) ?? 0) + 1);
        outgoing.once('close', () => {
          const left = (this.#streams.get(credential) ?? 1) - 1;
          if (left > 0) this.#streams.set(credential, left);
          else this.#streams.delete(credential);
        });
      }
    };
  }
}
