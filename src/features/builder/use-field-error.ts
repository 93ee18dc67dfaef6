import { get, useFormState, type FieldPath } from 'react-hook-form';
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
