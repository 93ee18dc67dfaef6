/**
 * The one formatter of the dashboard: money, dates, numbers via `Intl`. Every function accepts
 * `null`/`undefined` and answers an em dash, so screens need no guards for missing values.
 */

type Locale = string | undefined;
export type FormatOptions = { locale?: Locale; timeZone?: string };

const EMPTY = '—';
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Integer cents as money: `formatMoney(123456)` → "$1,234.56". */
export function formatMoney(
  cents: number | null | undefined,
  options: FormatOptions & { currency?: string } = {},
): string {
  if (!isNumber(cents)) return EMPTY;
  return numberFormat(options.locale, {
    style: 'currency',
    currency: options.currency ?? 'USD',
  }).format(cents / 100);
}

/** A whole or decimal number with grouping: 12345 → "12,345". */
export function formatNumber(
  value: number | null | undefined,
  options: FormatOptions & { maximumFractionDigits?: number } = {},
): string {
  if (!isNumber(value)) return EMPTY;
  return numberFormat(options.locale, {
    maximumFractionDigits: options.maximumFractionDigits ?? 2,
  }).format(value);
}

/** Short counts for dense places: 1234567 → "1.2M". */
export function formatCompactNumber(
  value: number | null | undefined,
  options: FormatOptions = {},
): string {
  if (!isNumber(value)) return EMPTY;
  return numberFormat(options.locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A fraction as a percentage: 0.0425 → "4.3%" (the interface sends rates as fractions). */
export function formatPercent(
  fraction: number | null | undefined,
  options: FormatOptions & { maximumFractionDigits?: number } = {},
): string {
  if (!isNumber(fraction)) return EMPTY;
  return numberFormat(options.locale, {
    style: 'percent',
    maximumFractionDigits: options.maximumFractionDigits ?? 1,
  }).format(fraction);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant to show and the zone to show it in; null when there is no valid date. */
function readDay(
  value: string | Date | null | undefined,
  timeZone: string | undefined,
): { date: Date; timeZone: string | undefined } | null {
  if (value === null || value === undefined || value === '') return null;
  const calendar = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  // A calendar date has no time zone: read and show it in UTC so it never shifts a day.
  if (calendar) {
    const utc = Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]));
    return { date: new Date(utc), timeZone: 'UTC' };
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : { date, timeZone };
}

/**
 * A calendar date (`2026-07-01`, shown as that day everywhere) or the date part of a date-time
 * (in the viewer's time zone unless `timeZone` is given): "Jul 1, 2026".
 */
export function formatDate(
  value: string | Date | null | undefined,
  options: FormatOptions = {},
): string {
  const day = readDay(value, options.timeZone);
  if (!day) return EMPTY;
  return dateFormat(options.locale, { dateStyle: 'medium', timeZone: day.timeZone }).format(
    day.date,
  );
}

/** A date-time with minutes: "Jul 1, 2026, 10:00 AM". */
export function formatDateTime(
  value: string | Date | null | undefined,
  options: FormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return EMPTY;
  return dateFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

/** A day for chart axes and short lists: "Jul 1" (a calendar date is shown as that day). */
export function formatShortDate(
  value: string | Date | null | undefined,
  options: FormatOptions = {},
): string {
  const day = readDay(value, options.timeZone);
  if (!day) return EMPTY;
  return dateFormat(options.locale, {
    month: 'short',
    day: 'numeric',
    timeZone: day.timeZone,
  }).format(day.date);
}

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
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return EMPTY;
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
