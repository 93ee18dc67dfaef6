import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '#contract/me';
import { OpsAgency, OpsBrand, OpsKeyCreated } from '#contract/ops';
import { queryRows } from '../../db/client.ts';
import { hashApiKey } from '../../domain/keys.ts';
import { fileContext, TEST_OPS_TOKEN, uniqueName, type TestResponse } from '../../test/harness.ts';

const ctx = await fileContext();

const ops = (method: string, path: string, body?: unknown) =>
  ctx.request(method, path, { key: TEST_OPS_TOKEN, ...(body !== undefined ? { body } : {}) });

/** Expects exactly the error body of one issue: status, code, message and the one field. */
function expectSingleIssue(
  res: TestResponse,
  status: number,
  code: string,
  field: string,
  message: string,
) {
  expect(res.status).toBe(status);
  expect(res.json).toEqual({
    error: status,
    code,
    message: `${field}: ${message}`,
    issues: [{ field, message }],
  });
}

describe('/ops guard', () => {
  it('answers 401 unauthenticated without the ops token', async () => {
    const res = await ctx.request('POST', '/ops/brands', { body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 401, code: 'unauthenticated' });
  });

  it('answers 401 unauthenticated for a wrong token', async () => {
    const res = await ctx.request('POST', '/ops/brands', {
      key: `${TEST_OPS_TOKEN}x`,
      body: { name: 'x' },
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 unauthenticated for an API key', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const res = await ctx.request('POST', '/ops/brands', { key: key.key, body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthenticated');
  });

  it('answers 404 not_found for an unknown ops route', async () => {
    const res = await ops('GET', '/ops/nothing');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });
});

describe('POST /ops/brands', () => {
  it('creates a brand (201) with a trimmed name', async () => {
    const name = uniqueName('Brand');
    const res = await ops('POST', '/ops/brands', { name: `  ${name} ` });
    expect(res.status).toBe(201);
    expect(OpsBrand.parse(res.json)).toEqual({ id: expect.any(String), name });
  });

  it('answers 422 validation_failed naming a missing name', async () => {
    const res = await ops('POST', '/ops/brands', {});
    expectSingleIssue(res, 422, 'validation_failed', 'name', 'is required');
  });

  it('answers 422 naming an unknown field', async () => {
    const res = await ops('POST', '/ops/brands', { name: 'x', colour: 'red' });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('colour: unknown field');
  });

  it('answers 422 naming the body when it is not an object', async () => {
    const res = await ops('POST', '/ops/brands', ['x']);
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/^body: /);
  });
});

describe('POST /ops/agencies', () => {
  it('creates an agency managing the given brands', async () => {
    const a = await ctx.ops.createBrand();
    const b = await ctx.ops.createBrand();
    const res = await ops('POST', '/ops/agencies', {
      name: uniqueName('Agency'),
      brand_ids: [a.id, b.id, a.id],
    });
    expect(res.status).toBe(201);
    expect(OpsAgency.parse(res.json).brand_ids).toEqual([a.id, b.id]);
  });

  it('answers 422 naming an unknown brand by its position', async () => {
    const a = await ctx.ops.createBrand();
    const res = await ops('POST', '/ops/agencies', {
      name: 'x',
      brand_ids: [a.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/^brand_ids\[1\]: unknown brand/);
  });

  it('answers 422 naming every invalid field', async () => {
    const res = await ops('POST', '/ops/agencies', { brand_ids: ['nope'] });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('name: is required; brand_ids[0]: Invalid UUID');
  });
});

describe('POST /ops/keys', () => {
  it('issues a brand key with every scope by default, shown once', async () => {
    const brand = await ctx.ops.createBrand();
    const res = await ops('POST', '/ops/keys', { kind: 'brand', brand_id: brand.id });
    expect(res.status).toBe(201);
    const created = OpsKeyCreated.parse(res.json);
    expect(created.key).toMatch(/^cck_[0-9A-Za-z]{40}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.kind).toBe('brand');
    expect(created.scopes).toEqual([...ALL_SCOPES]);
  });

  it('issues an agency key with the given scopes', async () => {
    const agency = await ctx.ops.createAgency([]);
    const res = await ops('POST', '/ops/keys', {
      kind: 'agency',
      agency_id: agency.id,
      scopes: ['codes:read', 'campaigns:read'],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: 'agency', scopes: ['campaigns:read', 'codes:read'] });
  });

  it('stores only the hash of the key: no column of api_keys contains it', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`select row_to_json(k)::text as row from api_keys k`,
    );
    const all = rows.map((r) => r.row).join('\n');
    expect(all).toContain(hashApiKey(key.key));
    expect(all).not.toContain(key.key);
    expect(all).not.toContain(key.key.slice(12));
  });

  it('answers 422 naming an unknown brand', async () => {
    const res = await ops('POST', '/ops/keys', {
      kind: 'brand',
      brand_id: '00000000-0000-4000-8000-000000000000',
    });
    expectSingleIssue(res, 422, 'validation_failed', 'brand_id', 'unknown brand');
  });

  it('answers 422 naming an unknown agency', async () => {
    const res = await ops('POST', '/ops/keys', {
      kind: 'agency',
      agency_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('agency_id: unknown agency');
  });

  it('answers 422 naming an invalid kind', async () => {
    const res = await ops('POST', '/ops/keys', { kind: 'admin' });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/^kind: /);
  });

  it('answers 422 naming a field of the other kind and an unknown scope', async () => {
    const brand = await ctx.ops.createBrand();
    const res = await ops('POST', '/ops/keys', {
      kind: 'brand',
      brand_id: brand.id,
      agency_id: brand.id,
      scopes: ['root'],
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toContain('agency_id: unknown field');
    expect(res.json.message).toContain('scopes[0]: ');
  });
});

describe('POST /ops/keys/{key_id}/revoke', () => {
  it('revokes a key, which then answers 401; revoking again keeps the first time', async () => {
    const { key } = await ctx.ops.brandWithKey();
    const first = await ops('POST', `/ops/keys/${key.id}/revoke`);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ id: key.id, revoked_at: expect.any(String) });
    expect((await ctx.request('GET', '/2026-07/me', { key: key.key })).status).toBe(401);
    const again = await ops('POST', `/ops/keys/${key.id}/revoke`);
    expect(again.status).toBe(200);
    expect(again.json.revoked_at).toBe(first.json.revoked_at);
  });

  it('answers 404 not_found for an unknown key', async () => {
    const res = await ops('POST', '/ops/keys/00000000-0000-4000-8000-000000000000/revoke');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });

  it('answers 400 invalid_request for a key id that is not a UUID', async () => {
    const res = await ops('POST', '/ops/keys/not-a-uuid/revoke');
    expectSingleIssue(res, 400, 'invalid_request', 'key_id', 'Invalid UUID');
  });
});

describe('POST /ops/targeting/properties', () => {
  it('adds an option property with its values in order', async () => {
    const id = `eyes_${Date.now()}`;
    const res = await ops('POST', '/ops/targeting/properties', {
      id,
      name: 'Eye colour',
      kind: 'option',
      values: [
        { value: 'e_brown', label: 'Brown' },
        { value: 'e_blue', label: 'Blue' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id, name: 'Eye colour', kind: 'option' });
    const { key } = await ctx.ops.brandWithKey();
    const values = await ctx.request('GET', `/2026-07/targeting/properties/${id}/values`, {
      key: key.key,
    });
    expect(values.json.data).toEqual([
      { value: 'e_brown', label: 'Brown' },
      { value: 'e_blue', label: 'Blue' },
    ]);
  });

  it('makes an opaque id when none is given', async () => {
    const res = await ops('POST', '/ops/targeting/properties', {
      name: 'Height (cm)',
      kind: 'number',
    });
    expect(res.status).toBe(201);
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each<{ what: string; body: Record<string, unknown>; message: string | RegExp }>([
    {
      what: 'for values on a number property',
      body: { name: 'Height', kind: 'number', values: [{ value: '1', label: 'one' }] },
      message: /^values: /,
    },
    {
      what: 'naming a duplicate value',
      body: {
        name: 'Dup',
        kind: 'option',
        values: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'A again' },
        ],
      },
      message: 'values[1].value: duplicate value "a"',
    },
    {
      what: 'naming an id that is taken',
      body: { id: 'prop_country', name: 'Country', kind: 'option' },
      message: /^id: /,
    },
    {
      what: 'naming an id that is not a slug',
      body: { id: 'Has Spaces', name: 'x', kind: 'option' },
      message: 'id: must be a short slug (a-z, 0-9, _ and -)',
    },
  ])('answers 422 $what', async ({ body, message }) => {
    const res = await ops('POST', '/ops/targeting/properties', body);
    expect(res.status).toBe(422);
    expect(res.json.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  });
});
