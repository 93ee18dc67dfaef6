import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('sameValue', () => {
  it('compares plain values deeply, whatever order their keys came in', () => {
    expect(
      sameValue({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 }),
    ).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: undefined }, {})).toBe(true);
  });
});
