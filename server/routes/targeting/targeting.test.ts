import { describe, expect, it } from 'vitest';
import { TargetingPropertyList, TargetingValueList } from '#contract/targeting';
import { expectExactError } from '../../test/campaigns.ts';
import { fileContext, uniqueName } from '../../test/harness.ts';

const ctx = await fileContext();
const key = (await ctx.ops.brandWithKey(['campaigns:read'])).key.key;

describe('GET /targeting/properties', () => {
  it('lists the built-in properties with option and number kinds', async () => {
    const res = await ctx.request('GET', '/2026-07/targeting/properties', { key });
    expect(res.status).toBe(200);
    const { data } = TargetingPropertyList.parse(res.json);
    expect(data.slice(0, 8)).toEqual([
      { id: 'prop_country', name: 'Country', kind: 'option' },
      { id: 'prop_language', name: 'Language', kind: 'option' },
      { id: 'prop_gender', name: 'Gender', kind: 'option' },
      { id: 'prop_age', name: 'Age (years)', kind: 'number' },
      { id: 'prop_followers', name: 'Follower count', kind: 'number' },
      { id: 'prop_niche', name: 'Niche / category', kind: 'option' },
      { id: 'prop_platform', name: 'Platform', kind: 'option' },
      { id: 'prop_engagement_rate', name: 'Engagement rate (%)', kind: 'number' },
    ]);
  });

  it('answers an agency key too', async () => {
    const agency = await ctx.ops.agencyWithKey(1, ['campaigns:read']);
    const res = await ctx.request('GET', '/2026-07/targeting/properties', { key: agency.key.key });
    expect(res.status).toBe(200);
  });

  it('answers 403 missing_scope for a key without campaigns:read', async () => {
    const other = await ctx.ops.brandWithKey(['campaigns:write', 'codes:read']);
    const res = await ctx.request('GET', '/2026-07/targeting/properties', { key: other.key.key });
    expectExactError(res, 403, 'missing_scope', 'This key lacks the scope campaigns:read');
  });

  it('answers 401 unauthenticated without a key', async () => {
    const res = await ctx.request('GET', '/2026-07/targeting/properties');
    expect(res.status).toBe(401);
  });

  it('lists a property added through /ops after the built-ins', async () => {
    const name = uniqueName('Eye colour');
    const created = await ctx.request('POST', '/ops/targeting/properties', {
      key: 'test-ops-token-0123456789',
      body: { name, kind: 'option', values: [{ value: 'e_blue', label: 'Blue' }] },
    });
    expect(created.status).toBe(201);
    const res = await ctx.request('GET', '/2026-07/targeting/properties', { key });
    const ids = res.json.data.map((p: { id: string }) => p.id);
    expect(ids.indexOf(created.json.id)).toBeGreaterThan(ids.indexOf('prop_engagement_rate'));
  });
});

describe('GET /targeting/properties/{property_id}/values', () => {
  it('lists the values of an option property: opaque values, human labels', async () => {
    const res = await ctx.request('GET', '/2026-07/targeting/properties/prop_country/values', {
      key,
    });
    expect(res.status).toBe(200);
    const { data } = TargetingValueList.parse(res.json);
    expect(data).toContainEqual({ value: 'c_us', label: 'United States' });
    expect(data).toContainEqual({ value: 'c_de', label: 'Germany' });
    expect(data.length).toBeGreaterThan(30);
    for (const v of data) expect(v.value).not.toBe(v.label);
  });

  it.each(['prop_language', 'prop_gender', 'prop_niche', 'prop_platform'])(
    'lists values of %s',
    async (id) => {
      const res = await ctx.request('GET', `/2026-07/targeting/properties/${id}/values`, { key });
      expect(res.status).toBe(200);
      expect(res.json.data.length).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(['prop_age', 'prop_followers', 'prop_engagement_rate'])(
    'answers 422 validation_failed for the number property %s',
    async (id) => {
      const res = await ctx.request('GET', `/2026-07/targeting/properties/${id}/values`, { key });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.message).toMatch(/^property_id: /);
    },
  );

  it('answers 404 not_found for an unknown property', async () => {
    const res = await ctx.request('GET', '/2026-07/targeting/properties/prop_shoe_size/values', {
      key,
    });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: 404, code: 'not_found' });
  });

  it('answers 400 invalid_request for a property id over 100 characters', async () => {
    const res = await ctx.request(
      'GET',
      `/2026-07/targeting/properties/${'x'.repeat(101)}/values`,
      { key },
    );
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_request');
    expect(res.json.message).toMatch(/^property_id: /);
  });

  it('answers 403 missing_scope before looking at the property', async () => {
    const other = await ctx.ops.brandWithKey([]);
    const res = await ctx.request('GET', '/2026-07/targeting/properties/prop_shoe_size/values', {
      key: other.key.key,
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('missing_scope');
  });
});
