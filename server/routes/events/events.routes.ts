import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  readEvents,
  type EventHub,
  type OutboxEvent,
} from '../../domain/events.ts';
import { getAuth, requireScope } from '../../http/auth.ts';
import { bearerWithScope, createRouter, errorResponses } from '../../http/openapi.ts';

export interface EventRouteDeps {
  db: Db;
  hub: EventHub;
  /** A `: ping` comment after this long without anything sent. */
  heartbeatMs: number;
  /** The reconnection delay suggested to clients (`retry:`). */
  retryMs: number;
}

const CATCH_UP_BATCH = 500;

const eventsRoute = createRoute({
  method: 'get',
  path: '/events',
  operationId: 'streamEvents',
  tags: ['Events'],
  summary: 'Live changes for the key’s brands (Server-Sent Events)',
  description:
    'Each event’s data is a LiveEvent {type, id, campaign_id, brand_id, occurred_at}; the client refetches what it shows. ' +
    'Send Last-Event-ID (the id of the last event received) to resume after a reconnect; without it the stream starts now. ' +
    'A `: ping` comment comes every 15 s without events. A connection that falls too far behind is closed; it resumes with Last-Event-ID.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
  request: {
    headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
  },
  responses: {
    200: {
      description: 'A text/event-stream of LiveEvent',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses(401, 403, 429),
  },
});

export function eventRoutes(deps: EventRouteDeps) {
  const { db, hub } = deps;
  return createRouter().openapi(eventsRoute, async (c) => {
    const auth = getAuth(c);
    const resume = parsePosition(c.req.header('Last-Event-ID'));
    const sub = await hub.subscribe(auth.brandIds);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(
      c,
      async (stream) => {
        let open = true;
        stream.onAbort(() => {
          open = false;
          sub.close();
        });
        let position = resume ?? sub.start;
        let lastWrite = Date.now();
        const send = async (e: OutboxEvent) => {
          if (comparePositions(e.position, position) <= 0) return;
          position = e.position;
          await stream.writeSSE({ id: formatPosition(e.position), data: JSON.stringify(e.event) });
          lastWrite = Date.now();
        };
        await stream.write(`retry: ${deps.retryMs}\n\n`);
        if (resume) {
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
        sub.close();
      },
      async () => {
        sub.close();
      },
    );
  });
}
