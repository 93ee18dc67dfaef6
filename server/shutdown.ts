import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Lifecycle } from './http/lifecycle.ts';

// SIGTERM in a rolling restart (decision 0082, docs/deployment.md#shutdown):
//   1. at once: readiness answers 503 (the load balancer stops sending), requests still served;
//   2. after `drainMs`: stop accepting connections, end the event streams (each client reconnects
//      elsewhere after the stream's `retry:` with Last-Event-ID), stop the job worker and release
//      the job it holds, close idle keep-alive connections, let requests in flight finish;
//   3. close the rest (intake, database, Redis) and exit 0;
//   at `timeoutMs` whatever still runs is cut and the process exits 1.

export interface ShutdownOptions {
  server: Server;
  lifecycle: Lifecycle;
  logger: Logger;
  drainMs: number;
  timeoutMs: number;
  /** Ends this instance's event streams. */
  endStreams: () => void;
  /** Stops taking jobs and releases the one held (bounded by the caller). */
  stopJobs: () => Promise<void>;
  /** Closes what outlives the HTTP server: intake, database, Redis, the metrics port. */
  closeRest: () => Promise<void>;
  exit: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Runs the steps above once; later calls return the same promise. */
export function gracefulShutdown(options: ShutdownOptions): Promise<void> {
  const { server, lifecycle, logger } = options;
  const started = Date.now();
  lifecycle.drain();
  logger.info(
    { drain_ms: options.drainMs, timeout_ms: options.timeoutMs },
    'shutting down: readiness 503, still serving while the load balancer stops sending',
  );
  const force = setTimeout(() => {
    logger.warn(
      { in_flight: lifecycle.inFlight, streams: lifecycle.openStreams },
      `still running after ${options.timeoutMs} ms; exiting anyway`,
    );
    server.closeAllConnections();
    options.exit(1);
  }, options.timeoutMs);
  force.unref();

  return (async () => {
    await sleep(options.drainMs);
    const closed = new Promise<void>((done) => server.close(() => done()));
    options.endStreams();
    server.closeIdleConnections();
    // Keep-alive connections that finish a request meanwhile become idle: close them as they do.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    await Promise.all([
      closed,
      options
        .stopJobs()
        .catch((err: unknown) => logger.warn({ err }, 'stopping the job worker failed')),
    ]);
    clearInterval(idle);
    await options
      .closeRest()
      .catch((err: unknown) => logger.error({ err }, 'closing the rest failed'));
    clearTimeout(force);
    logger.info({ ms: Date.now() - started }, 'shut down');
    options.exit(0);
  })();
}
