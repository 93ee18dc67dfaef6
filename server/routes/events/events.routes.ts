import { createRoute, z } from '@hono/zod-openapi';
import { LiveEvent } from '#contract/events';
import { requireScope } from '../../http/auth.ts';
import { bearerWithScope, errorResponses } from '../../http/openapi.ts';
import * as examples from '../../http/openapi-examples.ts';

export const eventsRoute = createRoute({
  method: 'get',
  path: '/events',
  operationId: 'streamEvents',
  tags: ['Events'],
  summary: 'Live changes for the key’s brands (Server-Sent Events)',
  description:
    'Each event’s data is a LiveEvent {type, id, campaign_id, brand_id, occurred_at}; the client refetches what it shows. ' +
    'Send Last-Event-ID (the id of the last event received) to resume after a reconnect; without it the stream starts now. ' +
    'A `: ping` comment comes every 15 s without events. A connection that falls too far behind is closed; it resumes with Last-Event-ID. ' +
    'A Last-Event-ID older than the events kept, more than 1,000 events behind, not one this service sent, or ahead of the newest event starts the stream with an `event: reset` ' +
    '(data `{type: "reset", reason}`): refetch everything shown, then follow the stream. At most 10 streams may be open per key or session, and 50 per member across their sessions (one more: 429 too_many_streams); ' +
    'revoking the key, ending or expiring the session, or removing the member or changing their role closes its streams within 2 s.',
  security: bearerWithScope('campaigns:read'),
  middleware: [requireScope('campaigns:read')],
  request: {
    headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
  },
  responses: {
    200: {
      description: 'A text/event-stream of LiveEvent',
      content: { 'text/event-stream': { schema: LiveEvent, example: examples.liveEvent } },
    },
    ...errorResponses(400, 401, 403, 429),
  },
});
