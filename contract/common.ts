import { z } from 'zod';

/** A UUID string, as every campaign, task, submission, post and link id is. */
export const Uuid = z.uuid();

/** An ISO 8601 date-time with offset (`2026-07-01T10:00:00Z`). */
// Year 0000 matches ISO 8601 but does not exist in PostgreSQL (or the Gregorian calendar).
const notYearZero = (v: string) => !v.startsWith('0000');

export const DateTime = z.iso
  .datetime({ offset: true })
  .refine(notYearZero, { error: 'year 0000 does not exist' });

/** A calendar date, `YYYY-MM-DD`. */
export const DateString = z.iso.date().refine(notYearZero, { error: 'year 0000 does not exist' });

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
  .default(25)
  .meta({ description: 'How many items a page holds: an integer from 1 to 100, default 25.' });

/** Opaque cursor from a previous page's `next_cursor`. */
export const Cursor = z.string().min(1).max(512);

/** The `Idempotency-Key` request header: at most 255 characters. */
export const IdempotencyKey = z.string().min(1).max(255);

/** Builds the page envelope `{data, has_more, next_cursor}` around an item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    has_more: z.boolean().meta({
      description: 'Whether another page follows; false on the last page.',
    }),
    next_cursor: z.string().nullable().meta({
      description:
        'Pass it back as starting_after (with the same filters) for the next page; opaque, and null on the last page.',
    }),
  });
}

/** Builds the envelope `{data}` of a whole list, answered in one piece (not paged). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

/** The paging parameters of every list: the page size and the cursor to continue from. */
export const pagingShape = {
  limit: Limit,
  starting_after: Cursor.optional().meta({
    description:
      "Continue a list after the previous page: pass that page's next_cursor. Cursors are opaque and bound to their list, its filters and the brands of the credential that got them; any other answers 400 invalid_request.",
  }),
};

/** The query of a list endpoint: its filters, then the paging parameters; unknown ones are refused. */
export function listQuery<T extends z.ZodRawShape>(filters: T) {
  return z.strictObject({ ...filters, ...pagingShape });
}

/** Machine-readable error codes of the interface (docs/api.md#errors). */
export const ErrorCode = z.enum([
  'invalid_request',
  'unauthenticated',
  'missing_scope',
  'brand_not_managed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'request_timeout',
  'invalid_state_transition',
  'field_locked_for_status',
  'already_decided',
  'already_reviewed',
  'inspection_pending',
  'idempotency_conflict',
  'idempotency_in_progress',
  'task_read_only',
  'code_exists',
  'code_assigned',
  'validation_failed',
  'usage_decrease',
  'rate_limited',
  'too_many_streams',
  'invalid_credentials',
  'last_admin',
  'member_exists',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One problem of a refused request: the field's path (`tasks[0].title`) and what is wrong. */
export const FieldIssue = z
  .object({
    field: z.string().meta({
      description:
        'path of the field, e.g. `tasks[0].title`; `body`, `query`, `path` or `headers` for the whole',
    }),
    message: z.string().meta({ description: 'what is wrong, without the field' }),
  })
  .meta({
    id: 'FieldIssue',
    description:
      'One problem of a refused request: the path of the field it is about and what is wrong with it.',
  });
export type FieldIssue = z.infer<typeof FieldIssue>;

/** The error body of every non-2xx answer. */
export const ErrorBody = z
  .object({
    error: z.number().int().meta({ description: 'the HTTP status code' }),
    message: z
      .string()
      .meta({ description: 'human-readable; names the offending field where applicable' }),
    code: ErrorCode.optional(),
    issues: z.array(FieldIssue).optional().meta({
      description:
        'on 400 invalid_request, 409 field_locked_for_status and 422 validation_failed: each problem with the field it names (the message says the same in prose)',
    }),
  })
  .meta({
    id: 'Error',
    description:
      'The body of every answer that is not a success: the HTTP status, a message for people, a machine-readable code and, where applicable, the issues field by field.',
  });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An opaque creator id (creator ids are not UUIDs). */
export const CreatorId = z.string().min(1).max(128);

/** The longest text each kind of field takes, so a form shows and enforces the service's limit. */
export const TEXT_LIMITS = {
  name: 200,
  longText: 10_000,
  caption: 2_200,
  linkDescription: 1_000,
  affiliateCode: 200,
  inviteCode: 64,
} as const;

/** A name someone types: trimmed, 1 to 200 characters. */
export const Name = z.string().trim().min(1).max(TEXT_LIMITS.name);

/** A long free text (descriptions, instructions, feedback): at most 10,000 characters. */
export const LongText = z.string().max(TEXT_LIMITS.longText);

/** A long text that must say something: trimmed, 1 to 10,000 characters. */
export const FilledLongText = z.string().trim().min(1).max(TEXT_LIMITS.longText);

/**
 * A query parameter that may be repeated (`?status=a&status=b`). A URL gives one value as a string
 * and several as an array; both become an array. The OpenAPI parameter is an array of `item`.
 */
export function repeatable<T extends z.ZodType>(item: T, max = 20) {
  return z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(item).min(1).max(max),
  );
}

/**
 * The enum of a label map's keys, in their order. An enum the dashboard labels is declared by its
 * label map, so each value is written once, next to its label, and none can lack one.
 */
export function enumOf<const V extends string>(labels: Record<V, string>) {
  return z.enum(Object.keys(labels) as [V, ...V[]]);
}

/** A boolean query parameter: the text `true` or `false`. */
export const QueryBoolean = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** A zod issue path as one string: `tasks[0].platforms`. */
export function pathString(path: readonly PropertyKey[]): string {
  return path
    .map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`))
    .join('');
}

/**
 * `schema` or null. Use it instead of `.nullable()` on a schema that has a meta id: the OpenAPI
 * generator (@asteasolutions/zod-to-openapi 9) would otherwise make the shared component itself
 * nullable, or emit an `allOf` no value satisfies, depending on which use it meets first. A union
 * reports only "Invalid input", so the message carries the issues of `schema` instead.
 */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const inner = issue.errors[0] ?? [];
      return inner.length === 0
        ? undefined
        : inner
            .map((i) => (i.path.length > 0 ? `${pathString(i.path)}: ${i.message}` : i.message))
            .join('; ');
    },
  });
}
