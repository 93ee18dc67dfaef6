import { isApiError } from '#lib/api-client';

/**
 * What the service said about each field of a form: the error body's `issues`, else a message
 * that starts with a field's name (`email: a member with this e-mail address already exists`).
 * Paths such as `scopes[2]` are reported under their field (`scopes`).
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!isApiError(error)) return found;
  const place = (path: string, message: string) => {
    const field = fields.find(
      (f) => path === f || path.startsWith(`${f}[`) || path.startsWith(`${f}.`),
    );
    if (field && found[field] === undefined) found[field] = message;
  };
  for (const issue of error.issues) place(issue.field, issue.message);
  if (error.issues.length === 0) {
    const prefixed = /^([\w.[\]]+): (.+)$/.exec(error.message);
    if (prefixed) place(prefixed[1]!, prefixed[2]!);
  }
  return found;
}

/** A sentence that starts with a capital letter and ends with a full stop. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The refusal of the last admin, in words: who needs one. */
export const lastAdminMessage = (teamName: string) =>
  `${teamName} needs at least one admin. Make another member admin first.`;

export const isLastAdmin = (error: unknown) => isApiError(error) && error.code === 'last_admin';
