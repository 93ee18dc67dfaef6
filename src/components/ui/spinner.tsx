import { clsx } from 'clsx';
import { SkeletonBlock } from './skeleton';

/** A spinning ring. With `label` it is announced as a status; without, it is decoration. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const ring = (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={clsx('animate-spin', className ?? 'size-5')}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A whole area waiting for data: the shapes of what is coming (rows), with the label as a
 * status, so a slow answer reads as progress rather than an empty screen.
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="min-h-48 space-y-3" role="status">
      <p className="flex items-center gap-2 text-sm text-gray-600">
        <Spinner className="size-4" />
        <span>{label}</span>
      </p>
      <SkeletonBlock className="h-10 w-full" />
      <SkeletonBlock className="h-10 w-full" />
      <SkeletonBlock className="h-10 w-3/4" />
    </div>
  );
}
