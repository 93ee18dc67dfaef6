import { clsx } from 'clsx';
import type { ReactNode } from 'react';

// A segmented toggle made of native radios: arrow keys, forms and screen readers work as usual.
export function ChoiceToggle<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  className,
}: {
  legend: ReactNode;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (next: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={clsx('min-w-0', className)}>
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <div className="mt-1.5 inline-flex flex-wrap gap-0.5 rounded-md border border-gray-300 bg-gray-100 p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'relative cursor-pointer rounded px-3 py-1.5 text-sm font-medium text-gray-700 hover:text-gray-900',
              'has-checked:bg-white has-checked:text-indigo-800 has-checked:shadow-sm',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
              'has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
