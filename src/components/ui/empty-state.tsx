import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a screen shows when it has nothing to list: what would be here, and what to do. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  focusTarget = false,
}: {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The title can take the focus from a script (where focus goes when a list empties). */
  focusTarget?: boolean;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      {Icon ? (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <h2
        tabIndex={focusTarget ? -1 : undefined}
        data-focus-target={focusTarget || undefined}
        className="text-base font-semibold text-gray-900"
      >
        {title}
      </h2>
      {children ? <div className="mt-2 max-w-prose text-sm text-gray-600">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
