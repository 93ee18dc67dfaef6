import { appName } from '#config/env';

/**
 * The product's mark and name, as shown in every header; `compact` keeps only the mark on a
 * phone (the name stays for screen readers).
 */
export function ProductMark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="relative flex shrink-0 items-center gap-2 text-base font-semibold text-gray-900">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" className="fill-indigo-700" />
        <path
          d="M10 19.5v-7l9-4.5v16zM19 13h3.5v6H19M12.5 19.8l1.3 4.7h3l-1-4"
          fill="none"
          stroke="white"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className={compact ? 'max-sm:sr-only' : undefined}>{appName}</span>
    </span>
  );
}
