import { describe, expect, it } from 'vitest';
import { advisoryLockId, requestHash } from './idempotency.ts';
import { canonicalJson, sameJson } from './json.ts';

describe('request hashes', () => {
  it('ignore the order of object keys but not of arrays', () => {
    const a = requestHash('POST', '/campaigns', {
      name: 'x',
      settings: { a: 1, b: 2 },
      tasks: [1, 2],
    });
    expect(
      requestHash('post', '/campaigns', { tasks: [1, 2], settings: { b: 2, a: 1 }, name: 'x' }),
    ).toBe(a);
    expect(
      requestHash('POST', '/campaigns', { name: 'x', settings: { a: 1, b: 2 }, tasks: [2, 1] }),
    ).not.toBe(a);
    expect(
      requestHash('POST', '/other', { name: 'x', settings: { a: 1, b: 2 }, tasks: [1, 2] }),
    ).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tell a missing member from a null one', () => {
    expect(requestHash('POST', '/c', { a: null })).not.toBe(requestHash('POST', '/c', {}));
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(sameJson({ x: 1, y: [1, { b: 1, a: 2 }] }, { y: [1, { a: 2, b: 1 }], x: 1 })).toBe(true);
  });
});

describe('advisory lock ids', () => {
  it('are signed 64-bit integers, the same for one key and different across API keys', () => {
    const id = advisoryLockId('key-a', 'abc');
    expect(BigInt(id)).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(BigInt(id)).toBeLessThan(2n ** 63n);
    expect(advisoryLockId('key-a', 'abc')).toBe(id);
    expect(advisoryLockId('key-b', 'abc')).not.toBe(id);
    expect(advisoryLockId('key-a', 'abd')).not.toBe(id);
  });
});
