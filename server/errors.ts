import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '#contract/common';

/**
 * The one error type of the service: throw it from anywhere (route, middleware, domain rule) and
 * the central error handler answers the interface's error body `{error, message, code}`.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  /** Extra response headers, e.g. Allow or Retry-After. */
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { error: this.status, message: this.message, code: this.code };
  }
}

export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found`);

/** 422 `validation_failed`; `field` is the path the dashboard maps back onto a form field. */
export const validationFailed = (field: string, message: string) =>
  new ApiError(422, 'validation_failed', `${field}: ${message}`);
