import { parseCodesCsv } from '#contract/codes';
import { issueIndex, type FieldIssue } from '#contract/issues';

export type CodesText = {
  codes: string[];
  /** The line of the text each code is on (`lines[i]` for `codes[i]`), counted from 1. */
  lines: number[];
  /** Problems that keep the codes from being added, each starting with its line. */
  problems: string[];
  /** Codes given more than once (added once). */
  repeated: string[];
  /** How the text was read, in words, for the person pasting it. */
  reading: string;
};

/**
 * The codes of pasted text or a CSV file, read by the contract's CSV reader (the rule the service
 * keeps): one code per line, or the `code` column under a header line. Nothing is guessed: a bad
 * line is a problem naming its line number, and a list with problems is not sent.
 */
export function readCodesText(text: string): CodesText {
  const read = parseCodesCsv(text);
  return {
    codes: read.codes.map((c) => c.code),
    lines: read.codes.map((c) => c.line),
    problems: read.errors.map((e) => `Line ${e.line}: ${e.message}`),
    repeated: read.repeated,
    reading:
      read.layout === 'column'
        ? 'Read as a CSV file: the “code” column under the header line; other columns are ignored.'
        : 'Read as one code per line.',
  };
}

/**
 * A refusal's `issues` in the numbering the person sees: the service names the sent list's items
 * from 0 (`codes[2]`), the page names the lines of the text from 1 ("Line 4", after a header or
 * blank lines). The one place where one becomes the other; issues that name no code are left out.
 */
export function problemsNamedIn(issues: readonly FieldIssue[], read: CodesText): string[] {
  return issues.flatMap((issue) => {
    const index = issueIndex(issue.field, 'codes');
    const line = index === null ? undefined : read.lines[index];
    return line === undefined ? [] : [`Line ${line}: ${issue.message}`];
  });
}
