/**
 * The one formatter of the dashboard: money, dates, numbers via `Intl`. Every function accepts
 * `null`/`undefined` and answers an em dash, so screens need no guards for missing values.
 */

import { centsAsDecimal } from '#contract/money';

type Locale = string | undefined;
export type FormatOptions = { locale?: Locale; timeZone?: string };

const EMPTY = '—';
/** `make`, remembering each formatter it made by locale and options (they are costly to make). */
function cachedFormats<O, F>(make: (locale: Locale, options: O) => F) {
  const formats = new Map<string, F>();
  return (locale: Locale, options: O): F => {
    const key = `${locale ?? ''}|${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      format = make(locale, options);
      formats.set(key, format);
    }
    return format;
  };
}

const numberFormat = cachedFormats(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
const dateFormat = cachedFormats(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A number formatter of this module: `intl` says how from the caller's options; the value is
 * divided by `scale` first (cents to dollars). No number answers the em dash.
 */
function numberFormatter<O extends FormatOptions>(
  intl: (options: O) => Intl.NumberFormatOptions,
  scale = 1,
) {
  return (value: number | null | undefined, options: O = {} as O): string =>
    isNumber(value) ? numberFormat(options.locale, intl(options)).format(value / scale) : EMPTY;
}

type DigitOptions = FormatOptions & { maximumFractionDigits?: number };

/** Integer cents as money: `formatMoney(123456)` → "$1,234.56". */
export const formatMoney = numberFormatter<FormatOptions & { currency?: string }>(
  (options) => ({ style: 'currency', currency: options.currency ?? 'USD' }),
  100,
);

/** Money for dense places (a chart's axis): `formatCompactMoney(140000)` → "$1.4K". */
export const formatCompactMoney = numberFormatter<FormatOptions & { currency?: string }>(
  (options) => ({
    style: 'currency',
    currency: options.currency ?? 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }),
  100,
);

/** A whole or decimal number with grouping: 12345 → "12,345". */
export const formatNumber = numberFormatter<DigitOptions>((options) => ({
  maximumFractionDigits: options.maximumFractionDigits ?? 2,
}));

/** Short counts for dense places: 1234567 → "1.2M". */
export const formatCompactNumber = numberFormatter<FormatOptions>(() => ({
  notation: 'compact',
  maximumFractionDigits: 1,
}));

/** A fraction as a percentage: 0.0425 → "4.3%" (the interface sends rates as fractions). */
export const formatPercent = numberFormatter<DigitOptions>((options) => ({
  style: 'percent',
  maximumFractionDigits: options.maximumFractionDigits ?? 1,
}));

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-time as a `Date`; null when there is none or it is not a valid one. */
function readInstant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instant to show and the zone to show it in; null when there is no valid date. */
function readDay(
  value: string | Date | null | undefined,
  timeZone: string | undefined,
): { date: Date; timeZone: string | undefined } | null {
  const calendar = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  // A calendar date has no time zone: read and show it in UTC so it never shifts a day.
  if (calendar) {
    const utc = Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]));
    return { date: new Date(utc), timeZone: 'UTC' };
  }
  const date = readInstant(value);
  return date ? { date, timeZone } : null;
}

/** A formatter of days (see `readDay`) showing the date parts `intl`. */
function dayFormatter(intl: Intl.DateTimeFormatOptions) {
  return (value: string | Date | null | undefined, options: FormatOptions = {}): string => {
    const day = readDay(value, options.timeZone);
    if (!day) return EMPTY;
    return dateFormat(options.locale, { ...intl, timeZone: day.timeZone }).format(day.date);
  };
}

/**
 * A calendar date (`2026-07-01`, shown as that day everywhere) or the date part of a date-time
 * (in the viewer's time zone unless `timeZone` is given): "Jul 1, 2026".
 */
export const formatDate = dayFormatter({ dateStyle: 'medium' });

/** A date-time with minutes: "Jul 1, 2026, 10:00 AM". */
export function formatDateTime(
  value: string | Date | null | undefined,
  options: FormatOptions = {},
): string {
  const date = readInstant(value);
  if (!date) return EMPTY;
  return dateFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

/** A day for chart axes and short lists: "Jul 1" (a calendar date is shown as that day). */
export const formatShortDate = dayFormatter({ month: 'short', day: 'numeric' });

/**
 * How long ago a date-time was, briefly: "just now", "2 min ago", "3 h ago", "yesterday",
 * "4 days ago", then the date ("Jul 1, 2026"). A time slightly ahead of `now` (clocks differ)
 * reads "just now".
 */
export function formatRelativeTime(
  value: string | Date | null | undefined,
  now: Date | number = Date.now(),
  options: FormatOptions = {},
): string {
  const date = readInstant(value);
  if (!date) return EMPTY;
  const seconds = Math.floor((Number(now) - date.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(date, options);
}

/**
 * Integer cents as a file writes them (an export's CSV): "1234.56", no symbol or grouping; the
 * contract's rule, which the service's e-mails follow too.
 */
export const formatAmount = (cents: number): string => centsAsDecimal(cents);

/**
 * An engagement rate (a fraction of views) as every screen shows it: "7.62%", and "—" without
 * views, since a rate of nothing is not 0%.
 */
export function formatEngagementRate(figures: { views: number; engagement_rate: number }): string {
  if (figures.views <= 0) return EMPTY;
  return formatPercent(figures.engagement_rate, { maximumFractionDigits: 2 });
}
