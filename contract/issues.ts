import type { z } from 'zod';
import { pathString, type FieldIssue } from './common.ts';

type Issue = z.core.$ZodIssue;

export type { FieldIssue };

/** The most problems a message lists; the rest are counted ("and 3 more"). */
export const MAX_LISTED_ISSUES = 10;

// A union whose first branch is the real schema and the other null (`orNull`): its issues are the
// first branch's, under the union's path, so `targeting.root_operator` is named, not `targeting`.
function unionBranchIssues(issue: Issue): Issue[] | null {
  if (issue.code !== 'invalid_union') return null;
  const [first, second] = issue.errors;
  const orNull = second?.some((i) => i.code === 'invalid_type' && i.expected === 'null');
  if (!first || first.length === 0 || issue.errors.length !== 2 || !orNull) return null;
  return first.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as Issue);
}

/** Every problem of a zod failure, one per field; an unknown-keys issue names each key. */
export function fieldIssues(issues: readonly Issue[], wholeName = 'body'): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    const inner = unionBranchIssues(issue);
    if (inner) return fieldIssues(inner, wholeName);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: pathString([...issue.path, key]),
        message: 'unknown field',
      }));
    }
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    return [
      {
        field: pathString(issue.path) || wholeName,
        message: missing ? 'is required' : issue.message,
      },
    ];
  });
}

/** The error body's `message` for these problems: each field first, joined by `; `. */
export function issuesMessage(issues: readonly FieldIssue[]): string {
  const parts = issues.map((issue) => `${issue.field}: ${issue.message}`);
  const shown = parts.slice(0, MAX_LISTED_ISSUES);
  if (parts.length > shown.length) shown.push(`and ${parts.length - shown.length} more`);
  return shown.join('; ');
}

/** The message of a 400/422 answer to a zod failure. */
export function formatIssues(issues: readonly Issue[], wholeName = 'body'): string {
  return issuesMessage(fieldIssues(issues, wholeName));
}

/**
 * The item of the list `list` an issue's field names (`usage[3].code` → 3 for `usage`); null when
 * it names none. A client places a refusal on its row with this, never by reading `message`.
 */
export function issueIndex(field: string, list: string): number | null {
  if (!field.startsWith(`${list}[`)) return null;
  const match = /^\[(\d+)\]/.exec(field.slice(list.length));
  return match ? Number(match[1]) : null;
}
