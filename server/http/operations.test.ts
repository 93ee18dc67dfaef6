import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { Lifecycle } from './lifecycle.ts';
import { ServiceMetrics } from './metrics.ts';

// Readiness and metrics (decisions 0081, 0082; docs/deployment.md#probes).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const TOKEN = 'metrics-token-0123456789';

describe('readiness', () => {
  it('answers 200 with the database migrated, and 503 at once when draining while the rest is served', async () => {
    const lifecycle = new Lifecycle();
    const app = ctx.makeApp({ lifecycle });
    expect((await ctx.requestTo(app, 'GET', '/healthz/ready')).status).toBe(200);
    lifecycle.drain();
    const ready = await ctx.requestTo(app, 'GET', '/healthz/ready');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ error: 503, code: 'internal' });
    const live = await ctx.requestTo(app, 'GET', '/healthz/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('Connection')).toBe('close');
  });

  it('answers 503 when the database lacks a migration of this build', async () => {
    const app = ctx.makeApp();
    const [row] = await queryRows<{ last: string }>(
      ctx.db,
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const last = Number(row!.last);
    await ctx.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = ${last - 1} where created_at = ${last}`,
    );
    try {
      const res = await ctx.requestTo(app, 'GET', '/healthz/ready');
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(/migrations/);
    } finally {
      await ctx.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${last} where created_at = ${last - 1}`,
      );
    }
  });
});

describe('metrics', () => {
  it('are not served without METRICS_TOKEN', async () => {
    const lifecycle = new Lifecycle();
    const metrics = new ServiceMetrics({ db: ctx.db, lifecycle });
    const app = ctx.makeApp({ lifecycle, metrics });
    const res = await ctx.requestTo(app, 'GET', '/metrics', { key: TOKEN });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });

  it('count requests by operation and status, refusals and the job queue, behind the token', async () => {
    const lifecycle = new Lifecycle();
    const metrics = new ServiceMetrics({ db: ctx.db, lifecycle });
    // With a dashboard: its catch-all routes match every GET, yet the operation is the one that answered.
    const staticDir = mkdtempSync(join(tmpdir(), 'cc-metrics-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html>');
    const app = ctx.makeApp({
      lifecycle,
      metrics,
      metricsToken: TOKEN,
      failedAuthPerMinute: 1,
      staticDir,
    });
    const { key } = await ctx.ops.brandWithKey();
    for (let i = 0; i < 3; i++)
      await ctx.requestTo(app, 'GET', '/2026-07/campaigns', { key: key.key });
    await ctx.requestTo(app, 'GET', '/2026-07/campaigns/00000000-0000-4000-8000-000000000000', {
      key: key.key,
    });
    for (let i = 0; i < 3; i++)
      await ctx.requestTo(app, 'GET', '/2026-07/me', { key: 'cck_wrong' });

    await ctx.requestTo(app, 'GET', '/healthz/ready');
    expect((await ctx.requestTo(app, 'GET', '/metrics')).status).toBe(401);
    expect(
      (await ctx.requestTo(app, 'GET', '/metrics', { key: 'not-the-token-xxxxxx' })).status,
    ).toBe(401);
    const res = await ctx.requestTo(app, 'GET', '/metrics', { key: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain(
      'cc_http_requests_total{operation="/2026-07/campaigns",method="GET",status="200"} 3',
    );
    expect(text).toContain(
      'cc_http_requests_total{operation="/2026-07/campaigns/:campaign_id",method="GET",status="404"} 1',
    );
    expect(text).toMatch(
      /cc_http_request_duration_seconds_count\{operation="\/2026-07\/campaigns",method="GET",status="200"\} 3/,
    );
    expect(text).toContain(
      'cc_http_requests_total{operation="/healthz/ready",method="GET",status="200"} 1',
    );
    expect(text).toMatch(/cc_rate_limit_refusals_total\{operation="[^"]+"\} 2/);
    expect(text).toMatch(/cc_jobs_queue\{state="due"\} \d+/);
    expect(text).toMatch(/cc_jobs_oldest_due_age_seconds \d/);
    expect(text).toContain('cc_event_streams_open 0');
    expect(text).toContain('cc_intake_reports{outcome="applied"}');
    expect(text).toContain('cc_process_cpu_seconds_total');
    await ctx.requestTo(app, 'GET', '/');
    expect((await ctx.requestTo(app, 'GET', '/metrics', { key: TOKEN })).text).toContain(
      'cc_http_requests_total{operation="static",method="GET",status="200"} 1',
    );
  });
});
