import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '#contract/common';
import { issuesMessage, type FieldIssue } from '#contract/issues';

/**
 * The one error type of the service: throw it from anywhere (route, middleware, domain rule) and
 * the central error handler answers the interface's error body `{error, message, code}`.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  /** Extra response headers, e.g. Allow or Retry-After. */
  readonly headers: Record<string, string>;
  /** The fields a refusal names, answered as `issues` so a client places them without reading prose. */
  readonly issues: readonly FieldIssue[] | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    issues?: readonly FieldIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.issues = issues;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.status, message: this.message, code: this.code };
    if (this.issues && this.issues.length > 0) body.issues = [...this.issues];
    return body;
  }
}

/** An error naming fields: its message lists them, its body's `issues` carries them. */
export const fieldsRefused = (
  status: ContentfulStatusCode,
  code: ErrorCode,
  issues: readonly FieldIssue[],
  headers: Record<string, string> = {},
) => new ApiError(status, code, issuesMessage(issues), headers, issues);

export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found`);

/**
 * 409 `invalid_state_transition`: the item's state does not allow the change; `field` names what
 * stands in the way (`status`, `task_id`), `message` says why.
 */
export const invalidTransition = (field: string, message: string) =>
  fieldsRefused(409, 'invalid_state_transition', [{ field, message }]);

/** 422 `validation_failed`; `field` is the path the dashboard maps back onto a form field. */
export const validationFailed = (field: string, message: string) =>
  fieldsRefused(422, 'validation_failed', [{ field, message }]);
