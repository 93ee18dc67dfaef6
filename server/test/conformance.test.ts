import { afterAll, describe, expect, it } from 'vitest';
import { checkAnswer } from './conformance.ts';
import { createTestContext } from './harness.ts';

// The check every service test's answers go through (test/conformance.ts) finds what it is meant
// to: without these positive controls a checker that never complains would pass the whole suite.

const ctx = await createTestContext();
afterAll(() => ctx.close());

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: new Headers({ 'content-type': 'application/json', ...extra }),
  json: body,
  text: JSON.stringify(body),
});

async function problemsOf(
  method: string,
  url: string,
  status: number,
  answer: ReturnType<typeof json>,
) {
  const found = new Set<string>();
  await checkAnswer(ctx.app, method, url, { status, ...answer }, found);
  return [...found];
}

describe('the answers-against-the-document check', () => {
  it('accepts a real answer as the service sends it', async () => {
    const brand = await ctx.ops.brandWithKey();
    const res = await ctx.request('GET', '/2026-07/me', { key: brand.key.key });
    const found = new Set<string>();
    await checkAnswer(ctx.app, 'GET', '/2026-07/me', res, found);
    expect([...found]).toEqual([]);
  });

  it('finds a status the operation does not declare', async () => {
    expect(await problemsOf('GET', '/2026-07/me', 418, json({}))).toEqual([
      'GET /2026-07/me 418: status not declared',
    ]);
  });

  it('finds a header of ours the answer does not declare', async () => {
    const body = { error: 404, message: 'no', code: 'not_found' };
    expect(
      await problemsOf(
        'GET',
        '/2026-07/campaigns/x',
        404,
        json(body, { 'idempotent-replay': 'true' }),
      ),
    ).toEqual([
      'GET /2026-07/campaigns/{campaign_id} 404: header idempotent-replay sent but not declared',
    ]);
  });

  it('finds a body that does not match the declared schema', async () => {
    const [problem] = await problemsOf('GET', '/2026-07/campaigns/x', 404, json({ error: 'x' }));
    expect(problem).toMatch(/^GET \/2026-07\/campaigns\/\{campaign_id\} 404: body does not match/);
  });

  it('checks a 405 for its Allow header, and ignores unknown paths and preflights', async () => {
    expect(
      await problemsOf(
        'DELETE',
        '/2026-07/me',
        405,
        json({ error: 405, message: 'm', code: 'method_not_allowed' }, { allow: 'GET' }),
      ),
    ).toEqual([]);
    expect(await problemsOf('GET', '/2026-07/nowhere', 404, json({}))).toEqual([]);
    expect(await problemsOf('OPTIONS', '/2026-07/me', 204, json({}))).toEqual([]);
  });
});
