import { get, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import type { BuilderValues } from './builder-form';
import { sentence } from './messages';

/**
 * The error message of one field, as a sentence. Only this field's errors re-render the caller.
 * A field array's own error (`links.root`) counts as the array's.
 */
export function useFieldError(name: FieldPath<BuilderValues>): string | undefined {
  const { errors } = useFormState<BuilderValues>({ name });
  const error = get(errors, name) as
    { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return typeof message === 'string' && message ? sentence(message) : undefined;
}

/** The length of a text field against its limit, for `FormField count` (the value is watched). */
export function useTextCount(name: FieldPath<BuilderValues>, max: number | undefined) {
  const value: unknown = useWatch<BuilderValues>({ name });
  if (max === undefined) return undefined;
  return { length: typeof value === 'string' ? value.length : 0, max };
}
