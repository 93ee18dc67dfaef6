import type { Db } from '../../db/client.ts';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  readEvents,
  replayProblem,
  type EventHub,
  type OutboxEvent,
  type Position,
  type ReplayProblem,
  type Subscription,
} from '../../domain/events.ts';
import type { StreamRegistry } from '../../domain/streams.ts';
import { getAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { eventsRoute } from './events.routes.ts';
import { sseBody } from './sse-body.ts';

export interface EventRouteDeps {
  db: Db;
  hub: EventHub;
  /** The open streams of this instance by credential: the cap, and closing on revocation. */
  streams: StreamRegistry;
  /** A `: ping` comment after this long without anything sent. */
  heartbeatMs: number;
  /** The reconnection delay suggested to clients (`retry:`). */
  retryMs: number;
}

const CATCH_UP_BATCH = 500;

export function eventRoutes(deps: EventRouteDeps) {
  const { db, hub, streams } = deps;
  return createRouter().openapi(eventsRoute, async (c) => {
    const auth = getAuth(c);
    // The slot first (429 past the cap), given back however the stream ends.
    let end: () => void = () => {};
    let endedEarly = false;
    const slot = streams.open(auth.keyId, () => {
      endedEarly = true;
      end();
    });
    let sub: Subscription;
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
      sub = await hub.subscribe(auth.brandIds);
    } catch (err) {
      slot.release();
      throw err;
    }
    let open = true;
    const stream = sseBody(() => end());
    end = () => {
      open = false;
      sub.close();
      stream.close();
    };
    if (endedEarly) end();
    void (async () => {
      try {
        let position = resume && !reset ? resume : sub.start;
        let lastWrite = Date.now();
        // The events of one read in one write: a stream costs a write per batch, not per event.
        const send = async (events: readonly OutboxEvent[]) => {
          let frames = '';
          for (const e of events) {
            if (comparePositions(e.position, position) <= 0) continue;
            position = e.position;
            frames += e.frame;
          }
          if (frames === '') return;
          await stream.write(frames);
          lastWrite = Date.now();
        };
        await stream.write(`retry: ${deps.retryMs}\n\n`);
        if (reset) {
          // Too far behind to replay: the client refetches what it shows, then follows from here.
          await stream.write(
            `event: reset\nid: ${formatPosition(sub.start)}\ndata: ${JSON.stringify({ type: 'reset', reason: reset })}\n\n`,
          );
        } else if (resume) {
          for (;;) {
            const batch = await readEvents(db, position, auth.brandIds, CATCH_UP_BATCH);
            await send(batch);
            if (batch.length < CATCH_UP_BATCH || !open) break;
          }
        }
        while (open) {
          const wait = Math.max(0, deps.heartbeatMs - (Date.now() - lastWrite));
          const events = await sub.next(wait);
          if (events === null) break;
          await send(events);
          if (Date.now() - lastWrite >= deps.heartbeatMs) {
            await stream.write(': ping\n\n');
            lastWrite = Date.now();
          }
        }
      } catch (err) {
        // A read that failed (the database away): said on the stream, which ends; the client
        // resumes with Last-Event-ID (as hono's streamSSE did).
        if (err instanceof Error)
          await stream.write(
            `event: error\ndata: ${err.message.split(/\r\n|\r|\n/).join('\ndata: ')}\n\n`,
          );
      } finally {
        end();
        slot.release();
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
