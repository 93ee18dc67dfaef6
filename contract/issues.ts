import type { z } from 'zod';
import { pathString } from './common.ts';

type Issue = z.core.$ZodIssue;

/** The fields an issue is about, as path strings (`tasks[0].platforms`); an unknown-keys issue names each key. */
export function issueFields(issue: Issue): string[] {
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((k) => pathString([...issue.path, k]));
  return issue.path.length > 0 ? [pathString(issue.path)] : [];
}

/** One line per problem, field first: `content_deadline_date: must be on or before post_deadline_date`. */
export function issueLines(issues: readonly Issue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issueFields(issue).map((field) => `${field}: unknown or read-only field`);
    }
    const [field] = issueFields(issue);
    return [field ? `${field}: ${issue.message}` : issue.message];
  });
}

/** The message of a 400/422 answer: every problem, field first, joined by `; `. */
export function formatIssues(issues: readonly Issue[]): string {
  return issueLines(issues).join('; ');
}

const LEADING_FIELD = /^([A-Za-z_]\w*(?:\[\d+\]|\.[A-Za-z_]\w*)*): /;

/** The field an error message names first (`tasks[0].title: ...` gives `tasks[0].title`), or null. */
export function fieldOfMessage(message: string): string | null {
  return LEADING_FIELD.exec(message)?.[1] ?? null;
}
