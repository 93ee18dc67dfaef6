import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FormField } from '#components/form/form-field';
import { Button } from '#components/ui/button';
import { Input } from '#components/ui/input';

type FieldProps = {
  /** The field's name in the `AuthForm`'s form: it is registered under it. */
  name: string;
  label: string;
  description?: ReactNode;
  required?: boolean;
  /** The input's own props, e.g. its `autoComplete`. */
  input?: Omit<ComponentProps<typeof Input>, 'name' | 'maxLength'>;
};

/** The form's error for a field of an `AuthForm`, and what registers the field. */
function useAuthField(name: string) {
  const { register } = useFormContext();
  const message = useFormState({ name }).errors[name]?.message;
  return { error: typeof message === 'string' ? message : undefined, registered: register(name) };
}

/** The length of the text typed in a field against its limit; none without a limit. */
function useLengthOf(name: string, max: number | undefined) {
  const value: unknown = useWatch({ name });
  return max === undefined ? undefined : { length: String(value ?? '').trim().length, max };
}

/** A text input of an `AuthForm`; with `max`, its length is shown against it and held to it. */
export function AuthInputField({ name, max, input, ...field }: FieldProps & { max?: number }) {
  const { error, registered } = useAuthField(name);
  const count = useLengthOf(name, max);
  return (
    <FormField {...field} error={error} count={count}>
      {(control) => <Input {...control} {...registered} {...input} maxLength={max} />}
    </FormField>
  );
}

/**
 * A secret of an `AuthForm` (a password, an API key), typed hidden, with a toggle that shows it:
 * an eye inside the input (`inset`), or a Show button beside it (`beside`).
 */
export function AuthSecretField({
  name,
  showLabel,
  toggle,
  input,
  ...field
}: FieldProps & {
  /** The toggle's name, e.g. "Show password". */
  showLabel: string;
  toggle: 'inset' | 'beside';
}) {
  const { error, registered } = useAuthField(name);
  const [shown, setShown] = useState(false);
  const toggleProps = {
    'aria-label': showLabel,
    'aria-pressed': shown,
    onClick: () => setShown((v) => !v),
  };
  const eye = shown ? (
    <EyeOff aria-hidden="true" className="size-4" />
  ) : (
    <Eye aria-hidden="true" className="size-4" />
  );
  return (
    <FormField {...field} error={error}>
      {(control) => (
        <div className={toggle === 'inset' ? 'relative' : 'flex gap-2'}>
          <Input
            {...control}
            {...registered}
            {...input}
            type={shown ? 'text' : 'password'}
            spellCheck={false}
            autoCapitalize="off"
          />
          {toggle === 'inset' ? (
            <button
              type="button"
              {...toggleProps}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-gray-600 hover:text-gray-900"
            >
              {eye}
            </button>
          ) : (
            <Button
              variant="secondary"
              className="shrink-0"
              aria-controls={control.id}
              {...toggleProps}
            >
              {eye}
              Show
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}
