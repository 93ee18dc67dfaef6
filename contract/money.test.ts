import { describe, expect, it } from 'vitest';
import { centsAsDecimal } from './money.ts';

describe('centsAsDecimal', () => {
  it('writes integer cents as a plain decimal amount', () => {
    expect(centsAsDecimal(123456)).toBe('1234.56');
    expect(centsAsDecimal(0)).toBe('0.00');
    expect(centsAsDecimal(5)).toBe('0.05');
    expect(centsAsDecimal(-5)).toBe('-0.05');
    expect(centsAsDecimal(100_000_000_001)).toBe('1000000000.01');
  });
});
