import { z } from 'zod';
import { DateTime, Uuid } from './common.ts';

/** Kinds of live event streamed by `GET /events` (docs/api.md#live-events). */
export const EventType = z
  .enum([
    'campaign.updated',
    'submission.created',
    'submission.updated',
    'creator.applied',
    'creator.updated',
    'post.created',
    'post.updated',
    'code.updated',
    'usage_report.created',
  ])
  .meta({
    id: 'EventType',
    description: 'The kind of change a live event reports (docs/api.md#live-events).',
  });
export type EventType = z.infer<typeof EventType>;

/** The `data:` of a Server-Sent Event: what changed, so the dashboard refetches what it shows. */
export const LiveEvent = z
  .object({
    type: EventType,
    id: z.string().meta({
      description:
        'id of the resource that changed: a campaign, submission or post UUID, a creator id, a discount code, or a usage report UUID',
    }),
    campaign_id: Uuid.nullable().meta({
      description: 'null for a code not assigned to a campaign and for a usage report',
    }),
    brand_id: Uuid,
    occurred_at: DateTime,
  })
  .meta({
    id: 'LiveEvent',
    description:
      'The data of one Server-Sent Event of GET /events: what changed, not how, so a client refetches what it shows.',
  });
export type LiveEvent = z.infer<typeof LiveEvent>;
