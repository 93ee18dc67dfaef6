import { describe, expect, it } from 'vitest';
import { describeReviewTime, formatWait } from './review-time';

const summary = (typical: number | null, most: number | null, decisions = 20) => ({
  decisions,
  typical_seconds: typical,
  most_within_seconds: most,
  since: '2026-07-01T00:00:00.000Z',
});

describe('formatWait', () => {
  it('rounds to the unit people would say', () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(40)).toBe('40 seconds');
    expect(formatWait(61)).toBe('1 minute');
    expect(formatWait(150)).toBe('3 minutes');
    expect(formatWait(3 * 3600 + 100)).toBe('3 hours');
    expect(formatWait(2 * 86_400)).toBe('2 days');
  });
});

describe('describeReviewTime', () => {
  it('says the typical wait and the wait of nine in ten', () => {
    expect(describeReviewTime(summary(38, 57))).toBe(
      'Review usually takes about 38 seconds; 9 in 10 are done within 57 seconds.',
    );
    expect(describeReviewTime(summary(300, 4000))).toBe(
      'Review usually takes about 5 minutes; 9 in 10 are done within 1 hour.',
    );
  });

  it('leaves out the second figure when it says nothing more or rests on few reviews', () => {
    expect(describeReviewTime(summary(70, 80))).toBe('Review usually takes about 1 minute.');
    expect(describeReviewTime(summary(40, 100, 3))).toBe('Review usually takes about 40 seconds.');
  });

  it('does not guess without recent reviews', () => {
    expect(describeReviewTime(summary(null, null, 0))).toBe(
      'There have been no reviews lately, so we cannot say yet how long one takes.',
    );
    expect(describeReviewTime(undefined)).toBeNull();
  });
});
