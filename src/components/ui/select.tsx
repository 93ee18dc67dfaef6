import { clsx } from 'clsx';
import type { Ref, SelectHTMLAttributes } from 'react';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
};

/** A native select, styled like `Input`: keyboard and screen readers work as the platform does. */
export function Select({ className, ...props }: SelectProps) {
  return (
    <select
      className={clsx(
        'block h-10 w-full rounded-md border border-gray-400 bg-white px-3 text-sm text-gray-900 shadow-xs',
        'aria-[invalid=true]:border-red-700 disabled:bg-gray-100 disabled:text-gray-600',
        className,
      )}
      {...props}
    />
  );
}
