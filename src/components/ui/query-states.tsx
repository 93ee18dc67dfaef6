import type { ReactNode } from 'react';
import { InlineError } from '#components/ui/inline-error';
import { LoadingState } from '#components/ui/spinner';

/**
 * A list's states in one place: loading (`loading` says what), the read error with Try again,
 * `empty` when no row arrived, else the list (`children`). An error after some rows arrived (a
 * later page or a refetch) leaves those rows shown.
 */
export function QueryStates({
  query,
  loading,
  rows,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  /** The rows that arrived. */
  rows: readonly unknown[];
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError && rows.length === 0)
    return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return empty;
  return children;
}
