import { clsx } from 'clsx';
import type { InputHTMLAttributes, Ref } from 'react';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox: keyboard, forms and screen readers work without extra code or bytes. */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className={clsx('size-4 shrink-0 rounded border-gray-400 accent-indigo-700', className)}
      {...props}
    />
  );
}
