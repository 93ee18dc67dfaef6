import { z } from 'zod';

/** A UUID string, as every campaign, task, submission, post and link id is. */
export const Uuid = z.uuid();

/** An ISO 8601 date-time with offset (`2026-07-01T10:00:00Z`). */
export const DateTime = z.iso.datetime({ offset: true });

/** A calendar date, `YYYY-MM-DD`. */
export const DateString = z.iso.date();

/**
 * An absolute http(s) URI. Other schemes (`javascript:`, `data:`, `ftp:`) are refused, so no URL
 * the service stores can run code when a dashboard renders it as a link.
 */
export const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(2048);

/** Page size of every list: 1 to 100, default 25. Query strings arrive as text, hence the coercion. */
export const Limit = z.coerce
  .number({ error: 'must be an integer from 1 to 100' })
  .int({ error: 'must be an integer from 1 to 100' })
  .min(1, { error: 'must be an integer from 1 to 100' })
  .max(100, { error: 'must be an integer from 1 to 100' })
  .default(25);

/** Opaque cursor from a previous page's `next_cursor`. */
export const Cursor = z.string().min(1).max(512);

/** The `Idempotency-Key` request header: at most 255 characters. */
export const IdempotencyKey = z.string().min(1).max(255);

/** Builds the page envelope `{data, has_more, next_cursor}` around an item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  });
}

/** Machine-readable error codes of the interface (section 7) and the extensions (section 7). */
export const ErrorCode = z.enum([
  'invalid_request',
  'unauthenticated',
  'missing_scope',
  'brand_not_managed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_state_transition',
  'field_locked_for_status',
  'already_decided',
  'already_reviewed',
  'idempotency_conflict',
  'idempotency_in_progress',
  'task_read_only',
  'code_exists',
  'code_assigned',
  'validation_failed',
  'usage_decrease',
  'rate_limited',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The error body of every non-2xx answer. */
export const ErrorBody = z
  .object({
    error: z.number().int().meta({ description: 'the HTTP status code' }),
    message: z.string().meta({ description: 'human-readable; names the offending field where applicable' }),
    code: ErrorCode.optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
