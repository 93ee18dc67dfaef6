import { parseCodesCsv } from '#contract/codes';

export type CodesText = {
  codes: string[];
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
    problems: read.errors.map((e) => `Line ${e.line}: ${e.message}`),
    repeated: read.repeated,
    reading:
      read.layout === 'column'
        ? 'Read as a CSV file: the “code” column under the header line; other columns are ignored.'
        : 'Read as one code per line.',
  };
}
