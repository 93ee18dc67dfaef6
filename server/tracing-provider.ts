import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { TRACER_NAME } from './http/tracing.ts';

// The OpenTelemetry SDK of the process (decision 0085, docs/deployment.md#traces): loaded by
// index.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans go in batches to the collector over
// OTLP/HTTP (JSON); `traceparent` is read and written with the W3C Trace Context propagator.

export interface TracingSettings {
  /** OTLP/HTTP base address (`http://collector:4318`); traces go to `<it>/v1/traces`. */
  endpoint: string;
  /** `service.name` of every span (OTEL_SERVICE_NAME; default `campaign-console`). */
  serviceName?: string;
  /** The service's version, as `service.version`. */
  serviceVersion?: string;
  /** Extra request headers of the exporter (OTEL_EXPORTER_OTLP_HEADERS, `k=v,k2=v2`). */
  headers?: Record<string, string>;
}

/** The process's tracer provider; `shutdown` flushes what is buffered (graceful shutdown). */
export class ServiceTracing {
  readonly #provider: NodeTracerProvider;

  constructor(settings: TracingSettings) {
    const exporter = new OTLPTraceExporter({
      url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces`,
      headers: settings.headers ?? {},
    });
    this.#provider = new NodeTracerProvider({
      resource: resourceFromAttributes({
        'service.name': settings.serviceName ?? TRACER_NAME,
        ...(settings.serviceVersion ? { 'service.version': settings.serviceVersion } : {}),
      }),
      spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
    });
    this.#provider.register({ propagator: new W3CTraceContextPropagator() });
  }

  /** Exports every finished span now (tests; shutdown). */
  flush(): Promise<void> {
    return this.#provider.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.#provider.shutdown();
  }
}

/** Parses OTEL_EXPORTER_OTLP_HEADERS (`k=v,k2=v2`, values URL-encoded as the specification says). */
export function parseOtlpHeaders(value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(
      pair.slice(at + 1).trim(),
    );
  }
  return headers;
}
