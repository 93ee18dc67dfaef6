import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'gray' | 'blue' | 'amber' | 'green' | 'red' | 'indigo';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-gray-100 text-gray-800 ring-gray-300',
  blue: 'bg-sky-50 text-sky-900 ring-sky-300',
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  green: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  red: 'bg-red-50 text-red-900 ring-red-300',
  indigo: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
};

/** A short label in a pill. The text carries the meaning; the colour only repeats it. */
export function Badge({
  tone = 'gray',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
