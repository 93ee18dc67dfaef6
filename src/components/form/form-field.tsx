import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatNumber } from '#lib/format';
import { Label } from '../ui/label';

/** What a field's control needs so its label, description and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

/**
 * The mark of a required field after its label: a CSS `*` (not text), so the label's text stays
 * the field's name; the control says "required" with `aria-required`.
 */
export const REQUIRED_MARK = "after:ml-0.5 after:text-red-700 after:content-['*']";

/** The mark alone, for a sentence such as "Fields marked * are required". */
export function RequiredMark() {
  return <span className={REQUIRED_MARK} />;
}

/** The `aria-describedby` of a control: the ids given, or none. */
export function describedBy(...ids: (string | false | undefined)[]) {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** A field's (or a group's) error under it, with its icon. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** The ids of a field's description and error, from the control's id. */
const noteIds = (id: string) => ({ descriptionId: `${id}-description`, errorId: `${id}-error` });

/**
 * A field's description, then its error, under the control; `indent` lines them up with the label
 * beside a checkbox.
 */
function FieldNotes({
  id,
  description,
  error,
  indent = false,
}: {
  id: string;
  description?: ReactNode;
  error?: string | undefined;
  indent?: boolean;
}) {
  const { descriptionId, errorId } = noteIds(id);
  return (
    <>
      {description ? (
        <p id={descriptionId} className={clsx(indent && 'pl-6', 'text-sm text-gray-600')}>
          {description}
        </p>
      ) : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </>
  );
}

/** A text's length against its limit, shown under the control. */
export type CharacterCount = { length: number; max: number };

/**
 * "123 / 200 characters": always visible for a bounded text, so the limit is known before it
 * bites; amber from 90%, red past the limit. Screen readers hear it with the field (it is part of
 * the control's description), not on every keystroke.
 */
export function CharacterCounter({ id, count }: { id?: string; count: CharacterCount }) {
  const { length, max } = count;
  return (
    <p
      id={id}
      className={clsx(
        'text-right text-xs tabular-nums',
        length > max
          ? 'font-medium text-red-700'
          : length >= max * 0.9
            ? 'text-amber-800'
            : 'text-gray-600',
      )}
    >
      {formatNumber(length)} / {formatNumber(max)} characters
    </p>
  );
}

/**
 * A labelled field: label above, control, description, error under the input. The control gets
 * `aria-describedby` (description + counter + error) and `aria-invalid` through the render prop.
 * `count` shows a bounded text's length against its limit (give the control `maxLength` too);
 * `required` marks the label and sets `aria-required`.
 */
export function FormField({
  label,
  description,
  error,
  count,
  required = false,
  children,
}: {
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  count?: CharacterCount | undefined;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const { descriptionId, errorId } = noteIds(id);
  const countId = `${id}-count`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className={required ? REQUIRED_MARK : undefined}>
        {label}
      </Label>
      {children({
        id,
        'aria-describedby': describedBy(
          description ? descriptionId : false,
          count ? countId : false,
          error ? errorId : false,
        ),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {count ? <CharacterCounter id={countId} count={count} /> : null}
      <FieldNotes id={id} description={description} error={error} />
    </div>
  );
}

/** A checkbox with its label beside it and the description under both. */
export function CheckboxField({
  label,
  description,
  error,
  children,
}: {
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const { descriptionId, errorId } = noteIds(id);
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        {children({
          id,
          'aria-describedby': describedBy(
            description ? descriptionId : false,
            error ? errorId : false,
          ),
          ...(error ? { 'aria-invalid': true as const } : {}),
        })}
        <Label htmlFor={id}>{label}</Label>
      </div>
      <FieldNotes id={id} description={description} error={error} indent />
    </div>
  );
}
