import { clsx } from 'clsx';

/**
 * A button's keyboard shortcut shown beside its label, for sighted keyboard users only: hidden on
 * small and touch screens, and from screen readers (the button's `aria-keyshortcuts` says it).
 * `onPrimary`: on a primary button it keeps the button's text colour, dimmed.
 */
export function KeyHint({ label, onPrimary = false }: { label: string; onPrimary?: boolean }) {
  return (
    <kbd
      aria-hidden="true"
      className={clsx(
        'text-xs max-sm:hidden pointer-coarse:hidden',
        onPrimary ? 'opacity-80' : 'text-gray-600',
      )}
    >
      {label}
    </kbd>
  );
}
