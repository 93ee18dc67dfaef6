import { describe, expect, it } from 'vitest';
import { NumberRange, Targeting, parseRange, rangeOutOfBounds } from './targeting.ts';

describe('parseRange', () => {
  it('reads "<min>-<max>" with whole and decimal numbers', () => {
    expect(parseRange('18-34')).toEqual({ min: 18, max: 34 });
    expect(parseRange('0-0')).toEqual({ min: 0, max: 0 });
    expect(parseRange('1.5-2.25')).toEqual({ min: 1.5, max: 2.25 });
  });

  it('returns null for a reversed range or anything else', () => {
    for (const text of [
      '34-18',
      '18',
      '-5-10',
      '18-',
      '-18',
      '1e3-2e3',
      ' 18-34',
      '18 - 34',
      'a-b',
      '',
    ]) {
      expect(parseRange(text)).toBeNull();
    }
  });
});

describe('NumberRange', () => {
  it('accepts a range and refuses min above max with a readable message', () => {
    expect(NumberRange.parse('1000-50000')).toBe('1000-50000');
    const result = NumberRange.safeParse('50000-1000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'must be a range "<min>-<max>" with min not above max',
    );
  });
});

describe('Targeting', () => {
  it('refuses an operator outside AND/OR and IN/NOT_IN, naming the path', () => {
    const result = Targeting.safeParse({
      root_operator: 'AND',
      groups: [
        {
          operator: 'OR',
          conditions: [{ property: 'age', operator: 'BETWEEN', values: ['18-34'] }],
        },
      ],
    });
    expect(result.error?.issues.map((i) => i.path)).toEqual([
      ['groups', 0, 'conditions', 0, 'operator'],
    ]);
  });
});

describe('number properties with bounds', () => {
  const rule = (values: string[]) => ({
    root_operator: 'AND',
    groups: [
      {
        operator: 'AND',
        conditions: [{ property: 'prop_engagement_rate', operator: 'IN', values }],
      },
    ],
  });

  it('refuses an engagement rate past 100%, naming the value', () => {
    const result = Targeting.safeParse(rule(['2-150']));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['groups.0.conditions.0.values.0', 'must lie within 0-100'],
    ]);
  });

  it('takes a range inside the bounds, and leaves other number properties unbounded above', () => {
    expect(Targeting.safeParse(rule(['0-100'])).success).toBe(true);
    expect(rangeOutOfBounds('prop_followers', '0-5000000')).toBeNull();
  });
});
