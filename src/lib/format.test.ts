import { describe, expect, it } from 'vitest';
import {
  formatCompactMoney,
  formatEngagementRate,
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelativeTime,
} from './format';

const en = { locale: 'en-US' };

describe('format', () => {
  it('shows integer cents as money', () => {
    expect(formatMoney(123456, en)).toBe('$1,234.56');
    expect(formatMoney(0, en)).toBe('$0.00');
    expect(formatMoney(-250, en)).toBe('-$2.50');
    expect(formatMoney(1999, { locale: 'de-DE', currency: 'EUR' })).toBe('19,99\u00a0€');
  });

  it('shows numbers, compact numbers and percentages', () => {
    expect(formatNumber(1234567, en)).toBe('1,234,567');
    expect(formatNumber(3.14159, en)).toBe('3.14');
    expect(formatCompactNumber(1234, en)).toBe('1.2K');
    expect(formatCompactNumber(1_250_000, en)).toBe('1.3M');
    expect(formatPercent(0.0425, en)).toBe('4.3%');
    expect(formatPercent(1, en)).toBe('100%');
  });

  it('shows a calendar date as the same day in every time zone', () => {
    expect(formatDate('2026-07-01', en)).toBe('Jul 1, 2026');
    expect(formatDate('2026-07-01', { ...en, timeZone: 'Pacific/Honolulu' })).toBe('Jul 1, 2026');
  });

  it('shows date-times in the given time zone', () => {
    // ICU versions differ in the space before AM (narrow no-break or plain).
    const dateTime = formatDateTime('2026-07-01T10:00:00Z', { ...en, timeZone: 'UTC' });
    expect(dateTime.replace(/\s/g, ' ')).toBe('Jul 1, 2026, 10:00 AM');
    expect(formatDate('2026-07-01T23:30:00Z', { ...en, timeZone: 'Asia/Tokyo' })).toBe(
      'Jul 2, 2026',
    );
  });

  it('answers an em dash for missing or invalid values', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
    expect(formatCompactNumber(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
  });

  it('says how long ago a moment was, then its date', () => {
    const now = Date.parse('2026-07-10T12:00:00Z');
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect(formatRelativeTime(ago(5), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
    expect(formatRelativeTime(ago(50), now)).toBe('1 min ago');
    expect(formatRelativeTime(ago(120), now)).toBe('2 min ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 h ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86400), now)).toBe('4 days ago');
    expect(formatRelativeTime('2026-06-01T12:00:00Z', now, { ...en, timeZone: 'UTC' })).toBe(
      'Jun 1, 2026',
    );
    expect(formatRelativeTime(null, now)).toBe('—');
  });
});

describe('formatEngagementRate', () => {
  it('shows a rate with two decimals, and no rate at all without views', () => {
    expect(formatEngagementRate({ views: 4000, engagement_rate: 0.0762 })).toBe('7.62%');
    expect(formatEngagementRate({ views: 10, engagement_rate: 0 })).toBe('0%');
    expect(formatEngagementRate({ views: 0, engagement_rate: 0 })).toBe('—');
  });
});

describe('formatCompactMoney', () => {
  it('shortens money for an axis', () => {
    expect(formatCompactMoney(140_000, en)).toBe('$1.4K');
    expect(formatCompactMoney(35_000, en)).toBe('$350');
    expect(formatCompactMoney(0, en)).toBe('$0');
  });
});
