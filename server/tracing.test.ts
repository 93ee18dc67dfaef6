import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandWorld } from './test/harness.ts';
import { ServiceTracing } from './tracing-provider.ts';

// Traces (decision 0085): the service's own SDK exports over OTLP/HTTP to a collector. The
// collector here is a real HTTP listener that receives what the exporter really sends (OTLP JSON,
// POST /v1/traces), so the test sees exactly what Jaeger, Tempo or an OpenTelemetry Collector
// would.

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  status?: { code?: number };
}

const received: { path: string; headers: Record<string, unknown>; spans: OtlpSpan[] }[] = [];
let collector: Server;
let tracing: ServiceTracing;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        spans: body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
  const { port } = collector.address() as AddressInfo;
  tracing = new ServiceTracing({
    endpoint: `http://127.0.0.1:${port}/`,
    serviceName: 'console-under-test',
    headers: { 'x-collector-token': 'secret-1' },
  });
});

afterAll(async () => {
  await tracing.shutdown();
  await new Promise((done) => collector.close(done));
});

const { ctx, brand } = await brandWorld();
const traced = ctx.makeApp({ tracing: true });

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue !== undefined ? Number(value.intValue) : undefined);
};

async function exportedSpans(): Promise<OtlpSpan[]> {
  await tracing.flush();
  return received.flatMap((r) => r.spans);
}

describe('OpenTelemetry traces over OTLP/HTTP', () => {
  it("joins the caller's traceparent and names the span by the route, not the path", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await ctx.requestTo(traced, 'GET', `/2026-07/campaigns/${missing}`, {
      key: brand.key.key,
      headers: { traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'trace-test-1' },
    });
    expect(res.status).toBe(404);

    const span = (await exportedSpans()).find((s) => s.traceId === traceId);
    expect(span).toBeDefined();
    expect(span!.parentSpanId).toBe(parentId);
    expect(span!.name).toBe('GET /2026-07/campaigns/:campaign_id');
    expect(span!.kind).toBe(2); // SERVER
    expect(attribute(span!, 'http.response.status_code')).toBe(404);
    expect(attribute(span!, 'http.route')).toBe('/2026-07/campaigns/:campaign_id');
    expect(attribute(span!, 'campaign_console.request_id')).toBe('trace-test-1');
    // The collector got it where OTLP/HTTP says, with the configured headers.
    expect(received[0]!.path).toBe('/v1/traces');
    expect(received[0]!.headers['x-collector-token']).toBe('secret-1');
  });

  it('starts a new trace without traceparent, and ignores a malformed one', async () => {
    for (const traceparent of [
      undefined,
      'not-a-traceparent',
      `00-${'0'.repeat(32)}-${'0'.repeat(16)}-01`,
    ]) {
      received.length = 0;
      const res = await ctx.requestTo(traced, 'GET', '/2026-07/campaigns', {
        key: brand.key.key,
        ...(traceparent ? { headers: { traceparent } } : {}),
      });
      expect(res.status).toBe(200);
      const spans = (await exportedSpans()).filter((s) => s.name === 'GET /2026-07/campaigns');
      expect(spans).toHaveLength(1);
      expect(spans[0]!.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spans[0]!.traceId).not.toBe('0'.repeat(32));
      expect(spans[0]!.parentSpanId ?? '').toBe('');
    }
  });

  it('an app without tracing exports nothing', async () => {
    received.length = 0;
    const res = await ctx.request('GET', '/2026-07/campaigns', { key: brand.key.key });
    expect(res.status).toBe(200);
    expect(await exportedSpans()).toEqual([]);
  });
});
