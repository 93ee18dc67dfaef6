import { describe, expect, it } from 'vitest';
import { expectError } from '../test/campaigns.ts';
import { brandWorld, TEST_OPS_TOKEN } from '../test/harness.ts';
import { redactKeys } from './errors.ts';

const { ctx, brand: owner } = await brandWorld();

const post = (body: string | Uint8Array, key = owner.key.key) =>
  ctx.app.request('/2026-07/campaigns', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body,
  });

const read = async (res: Response) => {
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: JSON.parse(text) };
};

describe('text PostgreSQL cannot store is refused before any route', () => {
  it('answers 400 invalid_request for a NUL character in the path or a query value', async () => {
    const key = owner.key.key;
    expectError(
      await ctx.request('GET', '/2026-07/campaigns/%00', { key }),
      400,
      'invalid_request',
      'path',
    );
    expectError(
      await ctx.request('GET', '/2026-07/campaigns?starting_after=a%00', { key }),
      400,
      'invalid_request',
      'starting_after',
    );
  });

  it('answers 400 invalid_request for a JSON body that is not UTF-8', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"name":"A'),
      0xc3,
      0x28,
      ...new TextEncoder().encode('"}'),
    ]);
    expectError(await read(await post(bytes)), 400, 'invalid_request', 'body');
  });

  it('answers 422 naming the field for a NUL or a lone surrogate in a string', async () => {
    const nul = await read(
      await post(
        JSON.stringify({
          name: 'ok',
          links: [{ url: 'https://a.example', description: 'a\u0000b' }],
        }),
      ),
    );
    expectError(nul, 422, 'validation_failed', 'links[0].description');
    const surrogate = await read(await post('{"name":"x\\ud800y"}'));
    expectError(surrogate, 422, 'validation_failed', 'name');
    const list = await ctx.request('GET', '/2026-07/campaigns', { key: owner.key.key });
    expect(list.json.data).toEqual([]);
  });

  it('still accepts well-formed text, emoji and other scripts included', async () => {
    const res = await read(await post(JSON.stringify({ name: 'Été 🌞 夏 \u{1F600}' })));
    expect(res.status, res.text).toBe(201);
    expect(res.json.name).toBe('Été 🌞 夏 \u{1F600}');
  });
});

describe('API keys in messages', () => {
  it('cuts anything shaped like a key to its prefix', () => {
    expect(redactKeys('No route for GET /x/cck_abcdefghijklmnopqrstuvwxyz0123456789ABCD')).toBe(
      'No route for GET /x/cck_abcdefgh…',
    );
    expect(redactKeys('cck_short')).toBe('cck_short');
  });

  it('never echoes a key a caller put in a path', async () => {
    const res = await ctx.request('GET', `/2026-07/nowhere/${owner.key.key}`, {
      key: owner.key.key,
    });
    expectError(res, 404, 'not_found');
    expect(res.text).not.toContain(owner.key.key);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `{"name":"x","links":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('answers 422 validation_failed naming the body for nesting deeper than 64, on the API and on /ops', async () => {
    // nested(64) is 65 deep: the object and 64 arrays.
    for (const depth of [64, 65, 3_750, 200_000]) {
      const res = await read(await post(nested(depth)));
      expectError(res, 422, 'validation_failed', 'body');
      expect(res.json.message).toContain('64');
    }
    const ops = await ctx.app.request('/ops/brands', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_OPS_TOKEN}`, 'Content-Type': 'application/json' },
      body: `{"name":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    });
    expectError(await read(ops), 422, 'validation_failed', 'body');
  });

  it('lets nesting of 64 through to the route, brackets inside strings not counted', async () => {
    // 63 arrays inside the object: depth 64 reaches the route, which names the wrong field.
    const res = await read(await post(nested(63)));
    expectError(res, 422, 'validation_failed', 'links[0]');
    const inString = await read(
      await post(JSON.stringify({ name: '['.repeat(90) + '{'.repeat(90) })),
    );
    expect(inString.status, inString.text).toBe(201);
  });
});

describe('the charset of a JSON body', () => {
  const postAs = (contentType: string, body: string | Uint8Array) =>
    ctx.app.request('/2026-07/campaigns', {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.key.key}`, 'Content-Type': contentType },
      body,
    });

  it('answers 415 unsupported_media_type naming Content-Type for a charset other than UTF-8, on the API and on /ops', async () => {
    const utf16 = new Uint8Array(Buffer.from('\uFEFF{"name":"Sixteen"}', 'utf16le'));
    for (const type of [
      'application/json; charset=utf-16',
      'application/json;charset=UTF-16LE',
      'application/json; charset="iso-8859-1"',
      'application/merge-patch+json; charset=latin1',
    ]) {
      // UTF-16 bytes, and ASCII bytes that UTF-8 would read the same (the probe's case).
      for (const body of [utf16, JSON.stringify({ name: 'Sixteen' })]) {
        const res = await read(await postAs(type, body));
        expectError(res, 415, 'unsupported_media_type', 'Content-Type');
        expect(res.json.message).toContain('utf-8');
      }
    }
    const ops = await ctx.app.request('/ops/brands', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${TEST_OPS_TOKEN}`,
        'Content-Type': 'application/json; charset=utf-16',
      },
      body: utf16,
    });
    expectError(await read(ops), 415, 'unsupported_media_type', 'Content-Type');
    const list = await ctx.request('GET', '/2026-07/campaigns', { key: owner.key.key });
    expect(list.json.data.map((c: { name: string }) => c.name)).not.toContain('Sixteen');
  });

  it('accepts utf-8 and utf8 in any case, quoted or not, and no charset at all', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=UTF8',
      'application/json; charset="Utf-8"',
    ]) {
      const res = await read(await postAs(type, JSON.stringify({ name: 'Eight' })));
      expect(res.status, `${type}: ${res.text}`).toBe(201);
    }
  });
});
