/** A cell of an exported CSV: numbers are written as they are, text is escaped. */
export type CsvCell = string | number | boolean | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): text that a spreadsheet would read as a formula gets a leading `'`,
 * and a field with a comma, quote or line break is quoted with its quotes doubled. Numbers are
 * written as numbers (a negative number is not a formula).
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: CRLF line ends, every row ended, as RFC 4180 and spreadsheets expect. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/**
 * Saves text as a file through the browser's download. A UTF-8 byte order mark goes first so
 * spreadsheet programs read names with accents correctly.
 */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name part from free text: "Spring launch!" → "spring-launch". */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'export';
}
