import type { z } from 'zod';
import { formatNumber } from '#lib/format';

/**
 * Messages for the problems zod reports in its own words ("Too small: expected string to have
 * >=1 characters"). The contract's own messages ("must name at least one platform") win over
 * these, so the form and the service still say the same thing where the contract speaks.
 */
export function builderIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1 ? 'required' : `use at least ${minimum} characters`;
      if (issue.origin === 'array') return `choose at least ${minimum}`;
      return `must be at least ${formatNumber(minimum)}`;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') {
        // A pasted text is kept whole (never cut without a word): say by how much it is over.
        const over = typeof issue.input === 'string' ? issue.input.length - maximum : 0;
        return over > 0
          ? `use at most ${formatNumber(maximum)} characters: shorten it by ${formatNumber(over)}`
          : `use at most ${formatNumber(maximum)} characters`;
      }
      if (issue.origin === 'array') return `at most ${formatNumber(maximum)} allowed`;
      return `must be at most ${formatNumber(maximum)}`;
    }
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return 'enter a whole number';
      return undefined;
    case 'invalid_format':
      if (issue.format === 'date') return 'enter a date';
      if (issue.format === 'uuid') return 'choose one of the options';
      return undefined;
    case 'invalid_value':
      return 'choose one of the options';
    default:
      return undefined;
  }
}

// Field names the contract's messages mention, in the words the builder's labels use.
const FIELD_WORDS: Record<string, string> = {
  post_deadline_date: 'the post deadline',
  content_deadline_date: 'the content deadline',
  invite_code: 'invite code',
  completion_mode: 'completion mode',
  is_required: 'required flag',
};

/** "must be on or before post_deadline_date" → "Must be on or before the post deadline." */
export function sentence(message: string): string {
  const text = message
    .trim()
    .replace(
      /\b(post_deadline_date|content_deadline_date|invite_code|completion_mode|is_required)\b/g,
      (word) => FIELD_WORDS[word] ?? word,
    );
  if (!text) return text;
  const capital = text.charAt(0).toLocaleUpperCase('en') + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
