import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { SkeletonBlock } from '#components/ui/skeleton';
import { describeError } from '#lib/api-client';

/** Rows of grey blocks while a list loads; the status says what is loading. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="divide-y divide-gray-100">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 p-4 sm:px-5">
          <div className="min-w-0 flex-1 space-y-2">
            <SkeletonBlock className="h-4 w-40" />
            <SkeletonBlock className="h-3 w-56 max-w-full" />
          </div>
          <SkeletonBlock className="hidden h-8 w-28 sm:block" />
          <SkeletonBlock className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}

/** A list that could not load: what the service said, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const described = describeError(error);
  return (
    <div className="p-4 sm:p-5">
      <Alert tone="error" title={title}>
        <p>
          {described.title}. {described.description}
        </p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}

/**
 * A titled part of the Settings screen (Members, API keys), a landmark named by its title, that
 * lists items in a table: with a button to add one, and the list's states in one place (loading
 * rows, the load error with Try again, the empty state, or the rows under column headings).
 */
export function SettingsListSection({
  id,
  title,
  description,
  add,
  query,
  loading,
  errorTitle,
  empty,
  grid,
  columns,
  listLabel,
  rows,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  add: { icon: LucideIcon; label: string; onClick: () => void };
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  errorTitle: string;
  /** What to say when the list is empty; null when it is not. */
  empty: { icon: LucideIcon; title: string; text: ReactNode } | null;
  /** The table's columns from `md` up, shared by the headings and each row. */
  grid: string;
  /** The headings of the columns before the last one, the row's action. */
  columns: readonly string[];
  listLabel: string;
  /** The list's items, each a `SettingsRow`. */
  rows: ReactNode;
  /** The section's dialogs. */
  children: ReactNode;
}) {
  const Icon = add.icon;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-200 p-4 sm:p-5">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-gray-600">{description}</p>
        </div>
        <Button onClick={add.onClick}>
          <Icon aria-hidden="true" className="size-4" />
          {add.label}
        </Button>
      </div>
      {query.isPending ? (
        <RowsSkeleton label={loading} />
      ) : query.isError ? (
        <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <div className="p-4 sm:p-5">
          <EmptyState icon={empty.icon} title={empty.title}>
            {empty.text}
          </EmptyState>
        </div>
      ) : (
        <div>
          <div
            aria-hidden="true"
            className={`hidden border-b border-gray-100 px-5 py-2 text-xs font-medium tracking-wide text-gray-600 uppercase ${grid}`}
          >
            {columns.map((column) => (
              <span key={column}>{column}</span>
            ))}
            <span className="sr-only">Actions</span>
          </div>
          <ul aria-label={listLabel} className="divide-y divide-gray-100">
            {rows}
          </ul>
        </div>
      )}
      {children}
    </section>
  );
}

/** One item of a `SettingsListSection`: its cells in the section's columns, stacked when narrow. */
export function SettingsRow({
  grid,
  className,
  children,
  ...data
}: {
  grid: string;
  className?: string;
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  return (
    <li
      {...data}
      className={clsx(
        'grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 p-4 md:px-5 md:py-3',
        grid,
        className,
      )}
    >
      {children}
    </li>
  );
}

/** The last cell of a row: its action, a small button named for the row (or none). */
export function RowAction({
  action,
}: {
  action: { label: string; name: string; onClick: () => void } | null;
}) {
  return (
    <div className="col-start-2 row-start-1 justify-self-end md:col-start-auto md:row-start-auto md:justify-self-auto md:text-right">
      {action ? (
        <Button variant="secondary" size="sm" aria-label={action.name} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
