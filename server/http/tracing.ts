import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from './context.ts';

// OpenTelemetry traces (decision 0085, docs/deployment.md#traces): when OTEL_EXPORTER_OTLP_ENDPOINT
// is set, each request is a server span exported over OTLP/HTTP (JSON) in batches, joined to the
// caller's trace when it sends a W3C `traceparent` (and `tracestate`). Work a request starts (its
// database transaction, the jobs an instance runs) is a child span through `inSpan`. This file
// needs only the OpenTelemetry API; the SDK (server/tracing-provider.ts) is loaded by index.ts only
// when an endpoint is set, and without it every span here is the API's no-op.

export const TRACER_NAME = 'campaign-console';

function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/**
 * One server span per request, a child of the caller's `traceparent` when it sent one. Its name is
 * the method and the route pattern (`GET /2026-07/campaigns/:campaign_id`), never the raw path, so
 * ids do not make a new name per resource. Answers of 500 and more mark the span as an error.
 */
export function traceRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const carrier: Record<string, string> = {};
    const traceparent = c.req.header('traceparent');
    if (traceparent) carrier.traceparent = traceparent;
    const tracestate = c.req.header('tracestate');
    if (tracestate) carrier.tracestate = tracestate;
    const parent = propagation.extract(context.active(), carrier);
    const span = tracer().startSpan(
      c.req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': c.req.method,
          'url.path': c.req.path,
          'user_agent.original': c.req.header('user-agent') ?? '',
        },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      const route = routePath(c, -1);
      span.updateName(`${c.req.method} ${route === '/*' || route === '*' ? c.req.path : route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', c.res.status);
      const requestId = c.get('requestId');
      if (requestId) span.setAttribute('campaign_console.request_id', requestId);
      if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}

/**
 * Runs `work` in a child span of the current one (a database transaction, a job). Without tracing
 * it is the no-op span of the OpenTelemetry API.
 */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The current trace id, for log lines (null outside a sampled span). */
export function currentTraceId(): string | null {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : null;
}
