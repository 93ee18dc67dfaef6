import {
  deliveryOf,
  type Delivery,
  type EventHub,
  type Subscription,
} from '../../domain/event-hub.ts';
import {
  aheadOfNewest,
  comparePositions,
  formatPosition,
  parsePosition,
  readEvents,
  replayProblem,
  type OutboxEvent,
  type Position,
  type ReplayProblem,
} from '../../domain/outbox.ts';
import type { StreamEnd, StreamRegistry } from '../../domain/streams.ts';
import { getAuth } from '../../http/auth.ts';
import type { RouteDeps } from '../../http/context.ts';
import { createRouter } from '../../http/openapi.ts';
import { eventsRoute } from './events.routes.ts';
import { sseBody } from './sse-body.ts';

export interface EventRouteDeps extends RouteDeps {
  hub: EventHub;
  /** The open streams of this instance by credential: the cap, and closing on revocation. */
  streams: StreamRegistry;
  /** A `: ping` comment after this long without anything sent. */
  heartbeatMs: number;
  /** The reconnection delay suggested to clients (`retry:`). */
  retryMs: number;
}

const CATCH_UP_BATCH = 500;

/** The reconnection delay a stream ended by shutdown suggests: 250 ms to 1.25 s, spread at random. */
export function shutdownRetryMs(): number {
  return 250 + Math.floor(Math.random() * 1000);
}

export function eventRoutes(deps: EventRouteDeps) {
  const { db, hub, streams } = deps;
  return createRouter().openapi(eventsRoute, async (c) => {
    const auth = getAuth(c);
    // The slot first (429 past the cap), given back however the stream ends.
    let open = true;
    let end: (reason?: StreamEnd) => void = () => (open = false);
    const slot = streams.open(auth, (reason) => end(reason));
    let sub: Subscription | null = null;
    let heartbeat: ReturnType<typeof setTimeout> | undefined;
    const stream = sseBody({ onEnd: () => end(), maxWaiting: hub.queueLimit });
    let ended = false;
    end = (reason) => {
      open = false;
      sub?.close();
      if (ended) return;
      ended = true;
      clearTimeout(heartbeat);
      // The instance is going away (docs/deployment.md#shutdown): reconnect soon, elsewhere, and
      // not every client in the same millisecond.
      if (reason === 'shutdown') stream.push(`retry: ${shutdownRetryMs()}\n\n`, 0);
      stream.close();
      slot.release();
    };

    // What is sent after `position`, the last event this stream sent.
    let position: Position = { txId: 0, id: 0 };
    let lastWrite = Date.now();
    const push = (chunk: Uint8Array | string, messages = 1) => {
      lastWrite = Date.now();
      stream.push(chunk, messages);
    };
    const send = (delivery: Delivery) => {
      position = delivery.last;
      push(delivery.bytes, delivery.events.length);
    };
    /** The events after `position` (a catch-up's overlap with live events is left out). */
    const sendEvents = (events: readonly OutboxEvent[]) => {
      const fresh = events.filter((e) => comparePositions(e.position, position) > 0);
      if (fresh.length > 0) send(deliveryOf(fresh));
    };
    // Live events: the hub's shared bytes when all are new to this stream (the usual case).
    // Until the catch-up is sent they wait, in order.
    let early: Delivery[] | null = [];
    const deliver = (delivery: Delivery) => {
      if (early) early.push(delivery);
      else if (comparePositions(delivery.first, position) > 0) send(delivery);
      else sendEvents(delivery.events);
    };
    // A `: ping` comment after heartbeatMs without anything sent (one timer per stream).
    const beat = () => {
      if (!open) return;
      if (Date.now() - lastWrite >= deps.heartbeatMs) push(': ping\n\n');
      heartbeat = setTimeout(beat, Math.max(1, lastWrite + deps.heartbeatMs - Date.now()));
      heartbeat.unref?.();
    };

    let resume: Position | null;
    let reset: ReplayProblem | null;
    try {
      const header = c.req.header('Last-Event-ID');
      resume = parsePosition(header);
      reset =
        header === undefined || header.trim() === ''
          ? null
          : resume
            ? await replayProblem(db, resume, auth.brandIds)
            : 'unknown_position';
      sub = await hub.subscribe(auth.brandIds, deliver);
      if (resume && !reset && (await aheadOfNewest(db, resume, sub.start))) reset = 'ahead';
    } catch (err) {
      end();
      throw err;
    }
    const { start } = sub;
    if (!open) end();
    void (async () => {
      try {
        position = resume && !reset ? resume : start;
        push(`retry: ${deps.retryMs}\n\n`);
        if (reset) {
          // Too far behind to replay: the client refetches what it shows, then follows from here.
          push(
            `event: reset\nid: ${formatPosition(start)}\ndata: ${JSON.stringify({ type: 'reset', reason: reset })}\n\n`,
          );
        } else if (resume) {
          // At the reader's pace: a replay is not a slow connection.
          for (;;) {
            await stream.drained();
            if (!open) break;
            const batch = await readEvents(db, position, auth.brandIds, CATCH_UP_BATCH);
            sendEvents(batch);
            if (batch.length < CATCH_UP_BATCH) break;
          }
        }
        const waiting = early ?? [];
        early = null;
        for (const delivery of waiting) sendEvents(delivery.events);
        beat();
      } catch (err) {
        // A read that failed (the database away): said on the stream, which ends; the client
        // resumes with Last-Event-ID (as hono's streamSSE did).
        if (err instanceof Error)
          push(`event: error\ndata: ${err.message.split(/\r\n|\r|\n/).join('\ndata: ')}\n\n`);
        end();
      }
    })();
    c.header('X-Accel-Buffering', 'no');
    c.header('Transfer-Encoding', 'chunked');
    c.header('Content-Type', 'text/event-stream');
    c.header('Cache-Control', 'no-cache');
    c.header('Connection', 'keep-alive');
    return c.body(stream.body);
  });
}
