import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, Scope } from '#contract/me';
import { generateApiKey, hashApiKey, keyPrefix, normalizeScopes } from './keys.ts';

describe('API keys', () => {
  it('are cck_ followed by 40 base62 characters, all different', () => {
    const keys = Array.from({ length: 500 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^cck_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('show only their first 12 characters', () => {
    expect(keyPrefix('cck_abcdefgh_rest_of_the_key')).toBe('cck_abcdefgh');
  });

  it('are stored as the hex SHA-256 of the whole key', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (key) => {
        const hash = hashApiKey(key);
        expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
      }),
    );
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('get all scopes by default, and otherwise the given ones without duplicates in canonical order', () => {
    expect(normalizeScopes()).toEqual([...ALL_SCOPES]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...Scope.options)), (scopes) => {
        const out = normalizeScopes(scopes);
        expect(new Set(out)).toEqual(new Set(scopes));
        expect(out).toEqual(ALL_SCOPES.filter((s) => out.includes(s)));
      }),
    );
  });
});
