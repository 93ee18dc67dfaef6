import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Label } from '../ui/label';

/** What a field's control needs so its label, description and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

function describedBy(...ids: (string | false | undefined)[]) {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/**
 * A labelled field: label above, control, description, error under the input. The control gets
 * `aria-describedby` (description + error) and `aria-invalid` through the render prop.
 */
export function FormField({
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
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-describedby': describedBy(
          description ? descriptionId : false,
          error ? errorId : false,
        ),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {description ? (
        <p id={descriptionId} className="text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
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
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
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
      {description ? (
        <p id={descriptionId} className="pl-6 text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}
