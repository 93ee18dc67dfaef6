import { clsx } from 'clsx';
import type { InputHTMLAttributes, Ref } from 'react';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = 'text', ...props }: InputProps) {
  return (
    <input
      type={type}
      className={clsx(
        'block h-10 w-full rounded-md border border-gray-400 bg-white px-3 text-sm text-gray-900 shadow-xs placeholder:text-gray-500',
        'aria-[invalid=true]:border-red-700 disabled:bg-gray-100 disabled:text-gray-600',
        className,
      )}
      {...props}
    />
  );
}
