import {
  parseUsageCsv,
  unknownCodeRefusal,
  usageAdded,
  usagePay,
  usageRefusal,
  type CodeGroup,
  type DiscountCode,
  type UsageEntry,
} from '#contract/codes';
import { issueIndex, type FieldIssue } from '#contract/issues';

export type PreviewRow = {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** The line as written, for rows the parser could not read. */
  text: string;
  code: string | null;
  totalUses: number | null;
  /** The code as the service has it now; null when unknown or unread. */
  current: DiscountCode | null;
  /** New uses this row reports, and what they pay the assigned creator (0 when unassigned). */
  newUses: number | null;
  earningsCents: number | null;
  /** Why the service would refuse the row; empty when it would be accepted. */
  problems: string[];
};

export type UsagePreview = {
  /** A problem of the whole file (no header, no rows): nothing can be sent. */
  fileError: string | null;
  rows: PreviewRow[];
  refused: number;
  /** The rows that would be sent, in file order. */
  usage: UsageEntry[];
  newUses: number;
  earningsCents: number;
};

/** The codes of a usage file that are worth looking up (the parser could read them). */
export function codesOf(text: string): string[] {
  return parseUsageCsv(text).rows.map((r) => r.code);
}

/**
 * What sending `text` as a usage report would do, row by row, before anything is sent: the
 * contract's parser (the service's) marks unreadable rows; `known` (the codes as the service has
 * them now) marks unknown codes, codes of another brand's group and decreases; every other row
 * shows the uses and earnings it adds.
 */
export function previewUsage(
  text: string,
  known: ReadonlyMap<string, DiscountCode>,
  groups: readonly CodeGroup[],
): UsagePreview {
  const parsed = parseUsageCsv(text);
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\n|\r/);
  const commission = new Map(groups.map((g) => [g.id, g.commission_cents]));
  const byLine = new Map<number, PreviewRow>();
  const rowAt = (line: number): PreviewRow => {
    let row = byLine.get(line);
    if (!row) {
      row = {
        line,
        text: lines[line - 1] ?? '',
        code: null,
        totalUses: null,
        current: null,
        newUses: null,
        earningsCents: null,
        problems: [],
      };
      byLine.set(line, row);
    }
    return row;
  };

  let fileError: string | null = null;
  for (const error of parsed.errors) {
    if (error.scope === 'file') {
      fileError = `Line ${error.line}: ${error.message}`;
      continue;
    }
    rowAt(error.line).problems.push(error.message);
  }

  for (const parsedRow of parsed.rows) {
    const row = rowAt(parsedRow.line);
    row.code = parsedRow.code;
    row.totalUses = parsedRow.total_uses;
    const current = known.get(parsedRow.code);
    if (!current) {
      row.problems.push(unknownCodeRefusal(parsedRow.code));
      continue;
    }
    const rate = commission.get(current.group_id);
    if (rate === undefined) {
      row.problems.push(`code "${parsedRow.code}" belongs to another brand's group`);
      continue;
    }
    row.current = current;
    const refusal = usageRefusal(current.total_uses, parsedRow.total_uses, parsedRow.code);
    if (refusal) {
      row.problems.push(refusal);
      continue;
    }
    const basis = {
      current: current.total_uses,
      reported: parsedRow.total_uses,
      commissionCents: rate,
      assigned: current.assigned_creator_id !== null,
    };
    row.newUses = usageAdded(basis);
    row.earningsCents = usagePay(basis);
  }

  const rows = [...byLine.values()].sort((a, b) => a.line - b.line);
  const accepted = rows.filter((r) => r.problems.length === 0);
  return {
    fileError,
    rows,
    refused: rows.length - accepted.length,
    usage: accepted.map((r) => ({ code: r.code!, total_uses: r.totalUses! })),
    newUses: accepted.reduce((n, r) => n + (r.newUses ?? 0), 0),
    earningsCents: accepted.reduce((n, r) => n + (r.earningsCents ?? 0), 0),
  };
}

/** How many rows one `PUT /codes` carries; each batch is all or nothing on its own. */
export const USAGE_BATCH_ROWS = 500;

/** The report in batches, in file order. */
export function usageBatches(usage: readonly UsageEntry[], size = USAGE_BATCH_ROWS) {
  const batches: UsageEntry[][] = [];
  for (let i = 0; i < usage.length; i += size) batches.push(usage.slice(i, i + size));
  return batches;
}

/**
 * The rows of a refused batch that the refusal's `issues` name (`usage[3].code`), with what is
 * wrong with each; empty when it names none (the refusal is the whole batch's).
 */
export function rowsNamedIn(
  issues: readonly FieldIssue[],
  batch: readonly UsageEntry[],
): Map<number, string> {
  const named = new Map<number, string>();
  for (const issue of issues) {
    const index = issueIndex(issue.field, 'usage');
    if (index === null || index >= batch.length) continue;
    const before = named.get(index);
    named.set(index, before ? `${before}; ${issue.message}` : issue.message);
  }
  return named;
}
