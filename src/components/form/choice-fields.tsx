import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describedBy, FieldError, REQUIRED_MARK } from './form-field';

/**
 * A group of controls under one legend (radios, toggles, a list of rows). The render prop gets the
 * ids of the description and error, so the control that takes focus can announce them too.
 */
export function FieldsetField({
  legend,
  description,
  error,
  children,
  className,
  required = false,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  children: (describedById: string | undefined) => ReactNode;
  className?: string;
  /** Marks the legend; the description should say what is required ("Choose at least one"). */
  required?: boolean;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      aria-describedby={describedBy(descriptionId, errorId)}
      className={clsx('min-w-0 space-y-2', className)}
    >
      <legend className={clsx('text-sm font-medium text-gray-900', required && REQUIRED_MARK)}>
        {legend}
      </legend>
      {description ? (
        <p id={descriptionId} className="-mt-1 text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {children(describedBy(errorId))}
      {error && errorId ? <FieldError id={errorId} message={error} /> : null}
    </fieldset>
  );
}

export type ChoiceOption<V extends string> = { value: V; label: string; description?: string };

type RadioInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'id'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * Radios shown as cards, each with a one-line explanation. `inputProps` wires each radio (e.g.
 * react-hook-form's `register(name)`); the radio's value is the option's.
 */
export function RadioCardGroup<V extends string>({
  legend,
  description,
  error,
  options,
  inputProps,
  columns = 2,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  options: readonly ChoiceOption<V>[];
  inputProps: (value: V) => RadioInputProps;
  columns?: 1 | 2 | 4;
}) {
  const id = useId();
  return (
    <FieldsetField legend={legend} description={description} error={error}>
      {(errorId) => (
        <div
          className={clsx(
            'grid gap-2',
            columns === 2 && 'sm:grid-cols-2',
            columns === 4 && 'sm:grid-cols-2 lg:grid-cols-4',
          )}
        >
          {options.map((option) => {
            const inputId = `${id}-${option.value}`;
            const hintId = option.description ? `${inputId}-hint` : undefined;
            return (
              <div
                key={option.value}
                className="flex gap-3 rounded-md border border-gray-300 bg-white p-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-disabled:bg-gray-50"
              >
                <input
                  {...inputProps(option.value)}
                  id={inputId}
                  type="radio"
                  value={option.value}
                  aria-describedby={describedBy(hintId, errorId)}
                  className="mt-0.5 size-4 shrink-0 accent-indigo-700"
                />
                <div>
                  <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
                    {option.label}
                  </label>
                  {option.description ? (
                    <p id={hintId} className="text-sm text-gray-600">
                      {option.description}
                    </p>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </FieldsetField>
  );
}

/**
 * A set of on/off buttons (`aria-pressed`) for choosing several options. The value keeps the
 * options' order, whatever order they were pressed in. `firstRef` lets a form focus the group.
 */
export function ToggleButtonGroup<V extends string>({
  legend,
  description,
  error,
  options,
  value,
  onChange,
  onBlur,
  firstRef,
  disabled,
  required = false,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  options: readonly ChoiceOption<V>[];
  value: readonly V[];
  onChange: (next: V[]) => void;
  onBlur?: () => void;
  firstRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
}) {
  const toggle = (option: V) => {
    const chosen = new Set(value);
    if (chosen.has(option)) chosen.delete(option);
    else chosen.add(option);
    onChange(options.map((o) => o.value).filter((v) => chosen.has(v)));
  };
  return (
    <FieldsetField legend={legend} description={description} error={error} required={required}>
      {(errorId) => (
        <div className="flex flex-wrap gap-2">
          {options.map((option, index) => {
            const pressed = value.includes(option.value);
            return (
              <button
                key={option.value}
                ref={index === 0 ? firstRef : undefined}
                type="button"
                aria-pressed={pressed}
                aria-describedby={errorId}
                disabled={disabled}
                onClick={() => toggle(option.value)}
                onBlur={onBlur}
                className={clsx(
                  'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed',
                  pressed
                    ? 'border-indigo-700 bg-indigo-700 text-white hover:bg-indigo-800 disabled:border-indigo-400 disabled:bg-indigo-400'
                    : 'border-gray-400 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-500',
                )}
              >
                {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
                {option.label}
              </button>
            );
          })}
        </div>
      )}
    </FieldsetField>
  );
}
