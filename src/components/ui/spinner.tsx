import { clsx } from 'clsx';

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

/** A whole area waiting for data. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center gap-3 text-gray-600" role="status">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
