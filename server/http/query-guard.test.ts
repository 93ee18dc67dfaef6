import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../test/campaigns.ts';
import { fileContext, TEST_OPS_TOKEN } from '../test/harness.ts';
import { declaredQueryNames } from './openapi.ts';
import { z } from 'zod';

const ctx = await fileContext();
const agency = await ctx.ops.agencyWithKey(1);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

async function operations(base: '/2026-07' | '/ops') {
  const doc = (await ctx.request('GET', `${base}/openapi.json`)).json as {
    paths: Record<string, Record<string, unknown>>;
  };
  const out: { method: string; path: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS)
      if (item[method]) out.push({ method: method.toUpperCase(), path: `${base}${path}` });
  }
  return out;
}

describe('unknown query parameters', () => {
  it('answer 400 invalid_request naming the parameter on every operation of both documents', async () => {
    const ops = [...(await operations('/2026-07')), ...(await operations('/ops'))];
    expect(ops.length).toBeGreaterThan(50);
    for (const op of ops) {
      const path = op.path.replace(/\{[^}]+\}/g, () => randomUUID());
      const key = op.path.startsWith('/ops') ? TEST_OPS_TOKEN : agency.key.key;
      const res = await ctx.request(op.method, `${path}?zz_unknown=1`, { key });
      expect(res.status, `${op.method} ${op.path}: ${res.text}`).toBe(400);
      expectError(res, 400, 'invalid_request', 'zz_unknown');
    }
  });

  it('answer 400 on the operations the probe found open', async () => {
    const key = agency.key.key;
    expectError(await ctx.request('GET', '/2026-07/me?x=1', { key }), 400, 'invalid_request', 'x');
    expectError(
      await ctx.request('GET', '/2026-07/targeting/properties?limit=abc', { key }),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await ctx.request('GET', '/2026-07/events?x', { key }),
      400,
      'invalid_request',
      'x',
    );
    expectError(
      await ctx.request('POST', '/2026-07/campaigns?x', { key, body: { name: 'A' } }),
      400,
      'invalid_request',
      'x',
    );
  });

  it('leave declared parameters alone, repeatable ones included', async () => {
    const key = agency.key.key;
    expectStatus(
      await ctx.request('GET', '/2026-07/campaigns?status=draft&status=active&limit=5', { key }),
      200,
    );
    expectStatus(await ctx.request('GET', '/2026-07/me', { key }), 200);
    expectStatus(await ctx.request('GET', '/2026-07/me?', { key }), 200);
  });

  it('are read from the zod object a route declares, through optional, default and pipe', () => {
    expect(declaredQueryNames(z.object({ a: z.string(), b: z.number() }).strict())).toEqual([
      'a',
      'b',
    ]);
    expect(declaredQueryNames(z.object({ a: z.string() }).optional())).toEqual(['a']);
    expect(declaredQueryNames(z.object({ a: z.string() }).transform((q) => q.a))).toEqual(['a']);
    expect(() => declaredQueryNames(z.string())).toThrow(/zod object/);
  });
});
