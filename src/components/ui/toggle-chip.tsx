import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

/**
 * A filter chip: a toggle button (`aria-pressed`) named by its text. A check mark, not only the
 * colour, shows that it is on.
 */
export function ToggleChip({
  pressed,
  className,
  children,
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> & { pressed: boolean }) {
  return (
    <button
      type={type}
      aria-pressed={pressed}
      className={clsx(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
        pressed
          ? 'border-indigo-700 bg-indigo-50 text-indigo-900'
          : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
        className,
      )}
      {...props}
    >
      {pressed ? <Check aria-hidden="true" className="-ml-1 size-4" /> : null}
      {children}
    </button>
  );
}
