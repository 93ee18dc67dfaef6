import type { FieldPath } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';
import { FormField } from '#components/form/form-field';
import { Input } from '#components/ui/input';
import { Textarea } from '#components/ui/textarea';
import type { BuilderValues } from '../builder-form';
import { useFieldError, useTextCount } from '../use-field-error';

/**
 * A text field of the builder's form: registered under `path`, with its label, the service's or
 * the schema's error for it, and a counter when the text has a limit (the limit is shown before
 * it bites). A longer text is kept as typed or pasted, never cut without a word: the counter turns
 * red and the field says to shorten it (no `maxLength`, which would drop the end of a paste).
 */
export function BoundTextField({
  path,
  max,
  type = 'text',
  rows,
  spellCheck,
  ...field
}: {
  path: FieldPath<BuilderValues>;
  label: string;
  description?: string;
  max?: number | undefined;
  type?: 'text' | 'url';
  /** A multi-line text of this many rows. */
  rows?: number;
  required?: boolean;
  spellCheck?: boolean;
}) {
  const { register } = useFormContext<BuilderValues>();
  const error = useFieldError(path);
  const count = useTextCount(path, max);
  return (
    <FormField {...field} error={error} count={count}>
      {(control) =>
        rows ? (
          <Textarea {...control} {...register(path)} rows={rows} />
        ) : (
          <Input
            {...control}
            {...register(path)}
            type={type}
            {...(type === 'url'
              ? { inputMode: 'url' as const, placeholder: 'https://', spellCheck: false }
              : spellCheck === false
                ? { spellCheck: false }
                : {})}
          />
        )
      }
    </FormField>
  );
}
