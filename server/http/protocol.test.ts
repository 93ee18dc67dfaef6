import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/campaigns.ts';
import { brandWorld, TEST_OPS_TOKEN } from '../test/harness.ts';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES } from './protocol.ts';

const { ctx, brand: owner } = await brandWorld();

const raw = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  ctx.app.request(path, {
    ...init,
    headers: { Authorization: `Bearer ${owner.key.key}`, ...headers },
  });

describe('Cache-Control: no-store', () => {
  it('is on every answer under /2026-07 and /ops, errors and unknown routes included', async () => {
    const answers = [
      await raw('/2026-07/me'),
      await raw('/2026-07/campaigns'),
      await raw('/2026-07/openapi.json'),
      await raw('/2026-07/campaigns', { Authorization: 'Bearer nope' }),
      await raw('/2026-07/nowhere'),
      await raw(
        '/2026-07/campaigns',
        { 'Content-Type': 'application/json' },
        { method: 'POST', body: '{}' },
      ),
      await raw('/ops/openapi.json'),
      await raw(
        '/ops/brands',
        { Authorization: `Bearer ${TEST_OPS_TOKEN}`, 'Content-Type': 'application/json' },
        {
          method: 'POST',
          body: '{"name":"Cache test"}',
        },
      ),
      await raw('/ops/brands', { Authorization: 'Bearer wrong-token' }, { method: 'POST' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 422, 200, 201, 401]);
    for (const res of answers) expect(res.headers.get('cache-control'), res.url).toBe('no-store');
  });
});

describe('compression of JSON answers', () => {
  it('gzips a JSON answer over 1 KB when the client accepts gzip, and says Vary: Accept-Encoding', async () => {
    const plain = await raw('/2026-07/openapi.json');
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const zipped = await raw('/2026-07/openapi.json', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(plainText.length / 3);
    expect(gunzipSync(bytes).toString('utf8')).toBe(plainText);
  });

  it('uses br when only br is accepted, and nothing when gzip and br are refused', async () => {
    const plainText = await (await raw('/2026-07/openapi.json')).text();
    const br = await raw('/2026-07/openapi.json', { 'Accept-Encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(
      plainText,
    );
    const none = await raw('/2026-07/openapi.json', {
      'Accept-Encoding': 'gzip;q=0, br;q=0, identity',
    });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(plainText);
  });

  it('leaves answers of 1 KB or less as they are, errors included', async () => {
    const me = await raw('/2026-07/me', { 'Accept-Encoding': 'gzip' });
    expect(me.headers.get('content-encoding')).toBeNull();
    expect(((await me.json()) as { key: { id: string } }).key.id).toBe(owner.key.id);
    const error = await raw('/2026-07/nowhere', { 'Accept-Encoding': 'gzip' });
    expect(error.headers.get('content-encoding')).toBeNull();
    expect(((await error.json()) as { code: string }).code).toBe('not_found');
  });

  it('never touches an event stream', async () => {
    const controller = new AbortController();
    const res = await raw(
      '/2026-07/events',
      { 'Accept-Encoding': 'gzip' },
      { signal: controller.signal },
    );
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    controller.abort();
    await res.body?.cancel().catch(() => {});
  });

  it('reads Accept-Encoding with q-values and wildcards', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('br;q=1.0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br')).toBe('br');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeNull();
  });
});

describe('a body over the limit', () => {
  it('answers 413 payload_too_large with Connection: close', async () => {
    const res = await raw(
      '/2026-07/campaigns',
      { 'Content-Type': 'application/json' },
      { method: 'POST', body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) },
    );
    expect(res.headers.get('connection')).toBe('close');
    const text = await res.text();
    expectError(
      { status: res.status, headers: res.headers, text, json: JSON.parse(text) },
      413,
      'payload_too_large',
      'body',
    );
  });
});
