import { clsx } from 'clsx';
import type { Ref, TextareaHTMLAttributes } from 'react';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  ref?: Ref<HTMLTextAreaElement>;
};

/** A multi-line text input, styled like `Input`. */
export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={clsx(
        'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-500',
        'aria-[invalid=true]:border-red-700 disabled:bg-gray-100 disabled:text-gray-600',
        className,
      )}
      {...props}
    />
  );
}
