/** What the two inputs of a number condition hold, as typed. */
export type RangeText = { min: string; max: string };

export type RangeProblem = { field: 'min' | 'max' | 'both'; message: string };

const PLAIN = /^\d+(?:\.\d+)?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
// Like `parseRange` of the contract, but keeps a reversed range so it can be shown and corrected.
const RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

/** "10,000" → "10000"; null for anything that is not a number of 0 or more. */
export function normalizeNumberText(text: string): string | null {
  const trimmed = text.trim();
  if (PLAIN.test(trimmed)) return trimmed;
  if (GROUPED.test(trimmed)) return trimmed.replaceAll(',', '');
  return null;
}

/** The `<min>-<max>` range a number condition sends, or no value while either end is missing. */
export function rangeValues(text: RangeText): string[] {
  const min = normalizeNumberText(text.min);
  const max = normalizeNumberText(text.max);
  return min === null || max === null ? [] : [`${min}-${max}`];
}

/** Both ends of a `<min>-<max>` string, even when reversed; null when it is not one. */
export function splitRange(value: string): { min: string; max: string } | null {
  const match = RANGE.exec(value);
  return match ? { min: match[1]!, max: match[2]! } : null;
}

export function rangeTextFromValues(values: readonly string[]): RangeText {
  const range = values.length === 1 ? splitRange(values[0]!) : null;
  return range ?? { min: '', max: '' };
}

export function rangeProblems(text: RangeText): RangeProblem[] {
  const problems: RangeProblem[] = [];
  for (const field of ['min', 'max'] as const) {
    const typed = text[field].trim();
    const name = field === 'min' ? 'minimum' : 'maximum';
    if (typed === '' || normalizeNumberText(typed) !== null) continue;
    problems.push({
      field,
      message: /^-\s*\d/.test(typed)
        ? `The ${name} can’t be below 0.`
        : `Enter the ${name} as a number, like 10000 or 2.5.`,
    });
  }
  const min = normalizeNumberText(text.min);
  const max = normalizeNumberText(text.max);
  if (problems.length === 0 && min !== null && max !== null && Number(min) > Number(max)) {
    problems.push({ field: 'both', message: 'The minimum must not be above the maximum.' });
  }
  return problems;
}
