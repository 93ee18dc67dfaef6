import { Code, MAX_CODES_PER_ADD } from '#contract/codes';

export type CodesText = {
  codes: string[];
  /** Problems that keep the codes from being added, each naming the code. */
  problems: string[];
  /** Codes given more than once (added once). */
  repeated: string[];
};

/**
 * The codes of pasted text or a CSV file: one per line or separated by commas, semicolons or
 * spaces; a CSV whose first line has a `code` column contributes that column only.
 */
export function readCodesText(text: string): CodesText {
  const lines = text
    .replace(/^\ufeff/, '')
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '')
    .split(',')
    .map((f) => f.trim().replace(/^"|"$/g, '').toLowerCase());
  const column = header.indexOf('code');
  const raw =
    column >= 0
      ? lines.slice(1).map((l) => (l.split(',')[column] ?? '').trim().replace(/^"|"$/g, ''))
      : lines.flatMap((l) => l.split(/[\s,;]+/));
  const seen = new Set<string>();
  const codes: string[] = [];
  const repeated = new Set<string>();
  const problems: string[] = [];
  for (const value of raw.map((v) => v.trim()).filter(Boolean)) {
    if (seen.has(value)) {
      repeated.add(value);
      continue;
    }
    seen.add(value);
    const parsed = Code.safeParse(value);
    if (!parsed.success)
      problems.push(`"${value.slice(0, 40)}": ${parsed.error.issues[0]?.message ?? 'not a code'}`);
    else codes.push(parsed.data);
  }
  if (codes.length + problems.length > MAX_CODES_PER_ADD)
    problems.push(`at most ${MAX_CODES_PER_ADD} codes can be added at once`);
  return { codes, problems, repeated: [...repeated] };
}
