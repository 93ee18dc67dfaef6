import { clsx } from 'clsx';

/** A grey placeholder block; decoration only (the status beside it is what is announced). */
export function SkeletonBlock({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse rounded-md bg-gray-200 motion-reduce:animate-none', className)}
    />
  );
}
