import { streamSSE } from 'hono/streaming';
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
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(
      c,
      async (stream) => {
        let open = true;
        end = () => {
          open = false;
          sub.close();
        };
        if (endedEarly) end();
        stream.onAbort(end);
        try {
          let position = resume && !reset ? resume : sub.start;
          let lastWrite = Date.now();
          const send = async (e: OutboxEvent) => {
            if (comparePositions(e.position, position) <= 0) return;
            position = e.position;
            await stream.write(e.frame);
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
              for (const e of batch) await send(e);
              if (batch.length < CATCH_UP_BATCH || !open) break;
            }
          }
          while (open) {
            const wait = Math.max(0, deps.heartbeatMs - (Date.now() - lastWrite));
            const events = await sub.next(wait);
            if (events === null) break;
            for (const e of events) await send(e);
            if (Date.now() - lastWrite >= deps.heartbeatMs) {
              await stream.write(': ping\n\n');
              lastWrite = Date.now();
            }
          }
        } finally {
          end();
          slot.release();
        }
      },
      async () => {
        end();
        slot.release();
      },
    );
  });
}
