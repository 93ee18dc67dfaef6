// The CSV reader of the contract: RFC 4180 records with their file lines, and the control
// characters no report may hold. Codes to add and usage reports read their text with it, on the
// service and in the dashboard alike (docs/decisions/0110-rules-as-data-in-the-contract.md).

/** One record of a CSV text: its fields, which were quoted, and the file line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
  quoted: boolean[];
  error: string | undefined;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const endsField = (c: string | undefined) => c === ',' || c === '\n' || c === '\r';

/**
 * The RFC 4180 records of `text`, each with the 1-based file line it starts on (a quoted field may
 * span lines). Lenient about spaces around quotes; a record that cannot be read carries `error`
 * and the reader goes on with the next one.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const record: CsvRecord = { line, fields: [], quoted: [], error: undefined };
    for (;;) {
      let j = i;
      while (isBlank(text[j])) j++;
      if (text[j] === '"') {
        i = j + 1;
        let value = '';
        let closed = false;
        while (i < n) {
          const c = text[i] as string;
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === '\r' || c === '\n') {
            // A quoted field may span lines; count them so later records keep their line numbers.
            if (c === '\r' && text[i + 1] === '\n') i++;
            line++;
            value += '\n';
          } else value += c;
          i++;
        }
        if (!closed) record.error ??= 'a quoted field is not closed';
        while (isBlank(text[i])) i++;
        if (i < n && !endsField(text[i])) {
          record.error ??= 'unexpected text after a closing quote';
          while (i < n && !endsField(text[i])) i++;
        }
        record.fields.push(value);
        record.quoted.push(true);
      } else {
        const start = i;
        while (i < n && !endsField(text[i])) i++;
        record.fields.push(text.slice(start, i).trim());
        record.quoted.push(false);
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1;
      else if (text[i] === '\n') i++;
      line++;
      break;
    }
    yield record;
  }
}

// Control characters (C0 but tab, CR and LF; DEL; C1): PostgreSQL cannot store a NUL, and none of
// them belongs in a report, so a line holding one is refused naming its column (api.md, Codes).
const isControl = (ch: number) =>
  (ch < 0x20 && ch !== 0x09 && ch !== 0x0a && ch !== 0x0d) || (ch >= 0x7f && ch <= 0x9f);

/** Where the first control character of `text` is (any but tab, LF and CR), or -1. */
export function controlCharacterAt(text: string): number {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return i;
  return -1;
}
