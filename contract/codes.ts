import { z } from 'zod';
import { DateTime, QueryBoolean, Uuid, pageOf, repeatable, listQuery, listOf } from './common.ts';
import { controlCharacterAt, csvRecords } from './csv.ts';

/** At most this many codes in one `POST /codes`. */
export const MAX_CODES_PER_ADD = 1000;
/** At most this many rows in one usage report, JSON or CSV. */
export const MAX_USAGE_ROWS = 5000;
/** Upper bound of a code's `total_uses`. */
export const MAX_TOTAL_USES = 1_000_000_000;

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const CODE_RULE = 'must be 1 to 64 letters, digits, - or _ (A-Z without accents, no spaces)';

/**
 * A discount code: 1 to 64 letters, digits, `-` and `_`. Codes are case-insensitive and kept in
 * upper case: "summer10" is read as "SUMMER10" wherever a code comes in (docs/decisions/0169-codes-in-upper-case.md).
 */
export const Code = z.string().trim().regex(CODE_PATTERN, { error: CODE_RULE }).toUpperCase();
/** A code as it is kept: trimmed and in upper case (the CSV readers' rule, like `Code`'s). */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export type Code = z.infer<typeof Code>;

/** A cumulative usage count: a whole number from 0 to 1,000,000,000. */
export const TotalUses = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_TOTAL_USES, { error: `must be at most ${MAX_TOTAL_USES}` })
  .meta({ description: 'cumulative usage count; never lower than the stored total' });

/** The manual group that codes belong to; created on the platform side. */
export const CodeGroup = z
  .object({
    id: Uuid,
    brand_id: Uuid,
    name: z.string(),
    user_description: z
      .string()
      .meta({ description: 'the discount or incentive offered to the end user' }),
    commission_cents: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'paid to the assigned creator per use, in cents' }),
    codes_count: z.number().int().min(0),
    intake_address: z.string().meta({
      description:
        'where usage can be reported by e-mail (a CSV attachment with the columns code and total_uses); rotate-intake replaces it',
      example: 'usage+3f9c2a7b1d8e4f60a5b7c9d1e2f3a4b5@intake.localhost',
    }),
    created_at: DateTime,
  })
  .meta({
    id: 'CodeGroup',
    description:
      'A manual group of discount codes of one brand, created on the platform side: the offer to the end user, the commission per use in integer cents, and the e-mail address that takes usage reports.',
  });
export type CodeGroup = z.infer<typeof CodeGroup>;

/** `GET /code-groups`. */
export const CodeGroupListQuery = listQuery({
  brand_id: Uuid.optional().meta({ description: 'agency keys: only this brand' }),
});
export type CodeGroupListQuery = z.infer<typeof CodeGroupListQuery>;

export const CodeGroupPage = pageOf(CodeGroup).meta({
  id: 'CodeGroupPage',
  description: 'A page of code groups in the page envelope {data, has_more, next_cursor}.',
});
export type CodeGroupPage = z.infer<typeof CodeGroupPage>;

export const DiscountCode = z
  .object({
    code: z.string(),
    group_id: Uuid,
    user_description: z
      .string()
      .meta({ description: 'the discount or incentive offered to the end user' }),
    total_uses: z.number().int().min(0).meta({ description: 'cumulative usage count' }),
    assigned_creator_id: z.string().nullable(),
    assigned_campaign_id: Uuid.nullable(),
    earnings_cents: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'paid to the assigned creator for this code, in cents' }),
    last_reported_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .meta({
    id: 'DiscountCode',
    description:
      'A discount code a creator hands out: its group, its cumulative total_uses, the creator and campaign it is assigned to (null when unassigned) and what it has earned, in integer cents.',
  });
export type DiscountCode = z.infer<typeof DiscountCode>;

/** `GET /codes`. */
export const CodeListQuery = listQuery({
  group_id: Uuid.optional(),
  code: repeatable(Code, 100).optional().meta({ description: 'repeat to fetch several codes' }),
  assigned: QueryBoolean.optional().meta({
    description: 'true: only codes assigned to a creator; false: only unassigned codes',
  }),
});
export type CodeListQuery = z.infer<typeof CodeListQuery>;

export const DiscountCodePage = pageOf(DiscountCode).meta({
  id: 'DiscountCodePage',
  description: 'A page of discount codes in the page envelope {data, has_more, next_cursor}.',
});
export type DiscountCodePage = z.infer<typeof DiscountCodePage>;

// An issue on each later occurrence of a repeated value, at path(index).
function flagRepeats(
  values: readonly string[],
  ctx: z.RefinementCtx,
  path: (i: number) => (string | number)[],
) {
  const first = new Map<string, number>();
  values.forEach((v, i) => {
    const seen = first.get(v);
    if (seen === undefined) first.set(v, i);
    else
      ctx.addIssue({
        code: 'custom',
        path: path(i),
        message: `repeats "${v}" (item ${seen})`,
        input: v,
      });
  });
}

/** `POST /codes`: add codes to a group; nothing is added if any code exists already. */
export const CodesAdd = z
  .strictObject({
    group_id: Uuid,
    codes: z
      .array(Code)
      .min(1)
      .max(MAX_CODES_PER_ADD)
      .superRefine((codes, ctx) => flagRepeats(codes, ctx, (i) => [i])),
    user_description: z.string().trim().min(1).max(1000).optional().meta({
      description: "the offer these codes make to the end user; defaults to the group's",
    }),
  })
  .meta({
    id: 'CodesAdd',
    description:
      'The body of POST /codes: 1 to 1,000 new codes (1 to 64 letters, digits, - or _; case-insensitive, kept in upper case) for one group. Nothing is added if any of them exists already, in any brand.',
  });
export type CodesAdd = z.infer<typeof CodesAdd>;

export const CodesAdded = listOf(DiscountCode).meta({
  id: 'CodesAdded',
  description: 'The codes POST /codes added, unassigned and with no uses yet.',
});
export type CodesAdded = z.infer<typeof CodesAdded>;

export const UsageEntry = z.strictObject({ code: Code, total_uses: TotalUses }).meta({
  id: 'UsageEntry',
  description:
    'One row of a usage report: a code and its cumulative total_uses, which may never be lower than the stored total.',
});
export type UsageEntry = z.infer<typeof UsageEntry>;

/** `PUT /codes` as JSON: all or nothing. */
export const UsageReport = z
  .strictObject({
    usage: z
      .array(UsageEntry)
      .min(1)
      .max(MAX_USAGE_ROWS)
      .superRefine((usage, ctx) =>
        flagRepeats(
          usage.map((u) => u.code),
          ctx,
          (i) => [i, 'code'],
        ),
      ),
  })
  .meta({
    id: 'UsageReport',
    description:
      'The JSON body of PUT /codes: 1 to 5,000 usage rows, each code at most once, applied all or nothing.',
  });
export type UsageReport = z.infer<typeof UsageReport>;

export const UsageReportResult = z
  .object({
    updated: z.number().int().min(0).meta({ description: 'how many codes changed' }),
    data: z.array(DiscountCode),
  })
  .meta({
    id: 'UsageReportResult',
    description:
      'The answer to a usage report: how many codes changed and each reported code as it now is.',
  });
export type UsageReportResult = z.infer<typeof UsageReportResult>;

/** `PUT /codes/{code}`. */
export const CodeUsageUpdate = z.strictObject({ total_uses: TotalUses }).meta({
  id: 'CodeUsageUpdate',
  description:
    "The body of PUT /codes/{code}: the code's new cumulative total_uses, never lower than the stored total.",
});
export type CodeUsageUpdate = z.infer<typeof CodeUsageUpdate>;

export const CodeDeleted = z.object({ code: z.string(), deleted: z.literal(true) }).meta({
  id: 'CodeDeleted',
  description: 'The answer to deleting a discount code: the code and deleted true.',
});
export type CodeDeleted = z.infer<typeof CodeDeleted>;

// ---------------------------------------------------------------- the payout rule

/** What one reported total is measured against: the code as stored, and its group's rate. */
export type UsageBasis = {
  /** The stored running total. */
  current: number;
  /** The reported running total. */
  reported: number;
  /** The group's commission per new use. */
  commissionCents: number;
  /** Whether the code is assigned to a creator (only then is a new use paid). */
  assigned: boolean;
};

/**
 * Why a reported total is refused against the stored one: reported usage never decreases
 * (docs/api.md#resources). Null when it may be applied.
 */
export function usageRefusal(current: number, reported: number, code: string): string | null {
  if (reported >= current) return null;
  return `code "${code}" already has ${current} uses reported; reported usage never decreases (got ${reported})`;
}

/** Why a code is refused when it is unknown (to the caller, or to the group of an intake address). */
export const unknownCodeRefusal = (code: string, inGroup = false) =>
  `no code "${code}" exists${inGroup ? ' in this group' : ''}`;

/** New uses a total adds (0 when it does not grow). */
export const usageAdded = ({ current, reported }: UsageBasis) => Math.max(0, reported - current);

/**
 * The payout rule: each new use pays the assigned creator the group's commission; an unassigned
 * code's uses pay nobody. The service pays it, the dashboard's preview shows it.
 */
export const usagePay = (basis: UsageBasis) =>
  basis.assigned ? usageAdded(basis) * basis.commissionCents : 0;

/** A data row of a usage CSV; `line` is its 1-based line in the file. */
export interface UsageCsvRow {
  line: number;
  code: string;
  total_uses: number;
}

/** A problem of a usage CSV, on a 1-based file line (the header is line 1). */
export interface UsageCsvError {
  line: number;
  /** The column the problem is in (its header name, else `column <n>`), when it is one column's. */
  column?: string;
  message: string;
  /** `file`: the whole file is unreadable (no header, no rows); `row`: this line alone is refused. */
  scope: 'file' | 'row';
}

export interface UsageCsvResult {
  rows: UsageCsvRow[];
  errors: UsageCsvError[];
  /** Data lines read (rows with and without an error; blank lines and the header excluded). */
  dataRows: number;
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function usesProblem(text: string): string | null {
  if (text === '') return 'total_uses is empty';
  const shown = shorten(text);
  if (/^-\s*\d/.test(text)) return `total_uses must not be negative (found "${shown}")`;
  if (!/^\d+$/.test(text)) return `total_uses must be a whole number (found "${shown}")`;
  if (Number(text) > MAX_TOTAL_USES)
    return `total_uses must be at most ${MAX_TOTAL_USES} (found ${shown})`;
  return null;
}

// A data row with more or fewer fields than the header: usually a comma in an unquoted value.
function fieldCountError(line: number, width: number, found: number): UsageCsvError {
  return {
    line,
    message: `expected ${width} fields like the header, found ${found} (quote values that contain a comma)`,
    scope: 'row',
  };
}

const HEADER_RULE = 'the first line must be the header "code,total_uses"';

/** The first field of `fields` holding a control character, as an error of its column; else null. */
function controlCharacter(
  fields: readonly string[],
  names: readonly string[] | undefined,
): { column: string; message: string } | null {
  for (let k = 0; k < fields.length; k++) {
    const at = controlCharacterAt(fields[k]!);
    if (at === -1) continue;
    const column = names?.[k] || `column ${k + 1}`;
    const hex = fields[k]!.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
    return {
      column,
      message: `${column} must not contain control characters (found U+${hex} at character ${at + 1})`,
    };
  }
  return null;
}

/**
 * Parses a usage report CSV (`code,total_uses`), as the service does for `PUT /codes` with
 * `text/csv` and the dashboard does for its upload preview. Handles a UTF-8 BOM, CRLF or LF, quoted
 * fields (RFC 4180) and blank lines. The header names its columns in any order, case-insensitive;
 * extra columns are allowed and ignored, but every row must have as many fields as the header, so
 * an unquoted `1,234` is caught rather than read as 1. A field holding a control character (any
 * but tab, CR and LF) is an error on its line naming its column (in the header: the whole file's).
 * Never throws: every problem is an error on its line, and `rows` holds only the rows without one. More than MAX_USAGE_ROWS data rows stops
 * parsing with an error on the first row too many.
 */
export function parseUsageCsv(text: string): UsageCsvResult {
  const rows: UsageCsvRow[] = [];
  const errors: UsageCsvError[] = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let header:
    { line: number; code: number; uses: number; width: number; names: string[] } | undefined;
  const firstLineOf = new Map<string, number>();
  let dataRows = 0;

  for (const record of csvRecords(source)) {
    const { line, fields } = record;
    if (fields.every((f, k) => !record.quoted[k] && f === '')) continue;

    if (!header) {
      const control = controlCharacter(fields, undefined);
      if (control) {
        errors.push({ line, ...control, scope: 'file' });
        return { rows: [], errors, dataRows: 0 };
      }
      const names = fields.map((f) => f.trim().toLowerCase());
      const code = names.indexOf('code');
      const uses = names.indexOf('total_uses');
      const once =
        code >= 0 &&
        uses >= 0 &&
        names.lastIndexOf('code') === code &&
        names.lastIndexOf('total_uses') === uses;
      if (record.error || !once) {
        errors.push({ line, message: HEADER_RULE, scope: 'file' });
        return { rows: [], errors, dataRows: 0 };
      }
      header = { line, code, uses, width: fields.length, names: fields.map((f) => f.trim()) };
      continue;
    }

    dataRows++;
    if (dataRows > MAX_USAGE_ROWS) {
      errors.push({
        line,
        message: `a report may hold at most ${MAX_USAGE_ROWS} rows`,
        scope: 'row',
      });
      break;
    }
    const control = controlCharacter(fields, header.names);
    if (control) {
      errors.push({ line, ...control, scope: 'row' });
      continue;
    }
    if (record.error) {
      errors.push({ line, message: record.error, scope: 'row' });
      continue;
    }
    if (fields.length !== header.width) {
      errors.push(fieldCountError(line, header.width, fields.length));
      continue;
    }

    const typed = (fields[header.code] ?? '').trim();
    const code = normalizeCode(typed);
    const usesText = (fields[header.uses] ?? '').trim();
    let ok = true;
    if (code === '') {
      errors.push({ line, message: 'code is empty', scope: 'row' });
      ok = false;
    } else if (!CODE_PATTERN.test(typed)) {
      errors.push({ line, message: `code "${shorten(typed)}" ${CODE_RULE}`, scope: 'row' });
      ok = false;
    } else {
      const seen = firstLineOf.get(code);
      if (seen !== undefined) {
        errors.push({
          line,
          message: `code "${code}" appears again (first on line ${seen})`,
          scope: 'row',
        });
        ok = false;
      } else firstLineOf.set(code, line);
    }
    const problem = usesProblem(usesText);
    if (problem) {
      errors.push({ line, message: problem, scope: 'row' });
      ok = false;
    }
    if (ok) rows.push({ line, code, total_uses: Number(usesText) });
  }

  if (!header)
    errors.push({ line: 1, message: `the file is empty: ${HEADER_RULE}`, scope: 'file' });
  else if (dataRows === 0)
    errors.push({ line: header.line, message: 'the file has no usage rows', scope: 'file' });
  return { rows, errors, dataRows: Math.min(dataRows, MAX_USAGE_ROWS + 1) };
}

/** A code of a list of codes; `line` is its 1-based line in the text. */
export interface CodesCsvCode {
  line: number;
  code: string;
}

export interface CodesCsvResult {
  codes: CodesCsvCode[];
  /** Problems, each on its line; a list with any is not sent. */
  errors: UsageCsvError[];
  /** Codes given more than once (kept once, on their first line). */
  repeated: string[];
  /** How the text was read: one code per line, or the `code` column under a header line. */
  layout: 'lines' | 'column';
}

/**
 * Reads codes to add (`POST /codes`) from pasted text or a CSV file, with the same RFC 4180 reader
 * as usage reports (BOM, CRLF or LF, quoted fields, blank lines skipped). If the first line is a
 * header with a `code` column (any case), each following line gives the code in that column and
 * must have as many fields as the header; other columns are ignored. Otherwise every line is one
 * code: a line with a comma, a space inside a code or a character outside A-Z, 0-9, - and _ is an
 * error on its line, never split into guesses. Never throws.
 */
export function parseCodesCsv(text: string): CodesCsvResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const codes: CodesCsvCode[] = [];
  const errors: UsageCsvError[] = [];
  const firstLineOf = new Map<string, number>();
  const repeated = new Set<string>();
  let layout: CodesCsvResult['layout'] = 'lines';
  let header: { code: number; width: number } | undefined;
  let first = true;

  for (const record of csvRecords(source)) {
    const { line, fields } = record;
    if (fields.every((f, k) => !record.quoted[k] && f === '')) continue;
    if (first) {
      first = false;
      const names = fields.map((f) => f.trim().toLowerCase());
      if (!record.error && names.includes('code')) {
        layout = 'column';
        header = { code: names.indexOf('code'), width: fields.length };
        continue;
      }
    }
    if (record.error) {
      errors.push({ line, message: record.error, scope: 'row' });
      continue;
    }
    let value: string;
    if (header) {
      if (fields.length !== header.width) {
        errors.push(fieldCountError(line, header.width, fields.length));
        continue;
      }
      value = (fields[header.code] ?? '').trim();
    } else {
      if (fields.length !== 1) {
        errors.push({
          line,
          message: `${fields.length} values on one line: put one code per line, or add a header line with a "code" column`,
          scope: 'row',
        });
        continue;
      }
      value = (fields[0] ?? '').trim();
    }
    if (value === '') {
      errors.push({ line, message: 'code is empty', scope: 'row' });
      continue;
    }
    if (!CODE_PATTERN.test(value)) {
      errors.push({ line, message: `"${shorten(value)}" ${CODE_RULE}`, scope: 'row' });
      continue;
    }
    value = normalizeCode(value);
    if (firstLineOf.has(value)) {
      repeated.add(value);
      continue;
    }
    firstLineOf.set(value, line);
    codes.push({ line, code: value });
  }
  if (codes.length > MAX_CODES_PER_ADD) {
    errors.push({
      line: codes[MAX_CODES_PER_ADD]!.line,
      message: `at most ${MAX_CODES_PER_ADD} codes can be added at once`,
      scope: 'row',
    });
  }
  return { codes, errors, repeated: [...repeated], layout };
}
