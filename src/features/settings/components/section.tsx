import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { EmptyState } from '#components/ui/empty-state';
import { SkeletonBlock } from '#components/ui/skeleton';
import { describeError } from '#lib/api-client';

/** A titled part of the Settings screen (Members, API keys), a landmark named by its title. */
export function SettingsSection({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-200 p-4 sm:p-5">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-gray-600">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

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
 * A list's states in one place: loading rows, the load error with Try again, the empty state,
 * or the list itself.
 */
export function ListStates({
  query,
  loading,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  errorTitle: string;
  /** What to say when the list is empty; null when it is not. */
  empty: { icon: LucideIcon; title: string; text: ReactNode } | null;
  children: ReactNode;
}) {
  if (query.isPending) return <RowsSkeleton label={loading} />;
  if (query.isError)
    return (
      <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
    );
  if (empty)
    return (
      <div className="p-4 sm:p-5">
        <EmptyState icon={empty.icon} title={empty.title}>
          {empty.text}
        </EmptyState>
      </div>
    );
  return children;
}
