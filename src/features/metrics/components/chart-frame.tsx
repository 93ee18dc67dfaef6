import { clsx } from 'clsx';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Spinner } from '#components/ui/spinner';
import { NumberCell, Table } from '#components/ui/table';

/**
 * A chart with a table view of the same numbers. The drawing is an image named by `summary`
 * for screen readers; the table (one click or key press away) has every value. The chart's code
 * loads lazily, so the table and the rest of the screen never wait for it.
 */
export function ChartFrame({
  title,
  summary,
  chart,
  table,
  actions,
  footnote,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
  /** What the numbers leave out, under both views. */
  footnote?: ReactNode;
}) {
  const id = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          <div
            role="group"
            aria-label={`${title}: view as`}
            className="flex rounded-md border border-gray-300"
          >
            {(['chart', 'table'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={clsx(
                  'px-3 py-1 text-sm font-medium first:rounded-l-md last:rounded-r-md',
                  view === v
                    ? 'bg-indigo-700 text-white'
                    : 'bg-white text-gray-800 hover:bg-gray-50',
                )}
              >
                {v === 'chart' ? 'Chart' : 'Table'}
              </button>
            ))}
          </div>
        </div>
      </div>
      {view === 'chart' ? (
        <div role="img" aria-label={summary}>
          <Suspense
            fallback={
              <div className="flex h-[280px] items-center justify-center text-gray-600">
                <Spinner label="Loading the chart…" />
              </div>
            }
          >
            {chart}
          </Suspense>
        </div>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than a phone.
        <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={`${title}: table`}>
          {table}
        </div>
      )}
      {footnote ? <p className="mt-3 text-xs text-gray-600">{footnote}</p> : null}
    </section>
  );
}

/** A plain table of a chart's numbers: the first column names the row. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <Table
      caption={caption}
      columns={columns.map((c) => ({ label: c.label, align: c.numeric ? 'right' : undefined }))}
    >
      {rows.map((row) => (
        <tr key={row.key}>
          {row.cells.map((cell, i) =>
            i === 0 ? (
              <th key={i} scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                {cell}
              </th>
            ) : columns[i]?.numeric ? (
              <NumberCell key={i}>{cell}</NumberCell>
            ) : (
              // Words wrap (figures never do), so a table fits a phone where it can.
              <td key={i} className="px-3 py-2">
                {cell}
              </td>
            ),
          )}
        </tr>
      ))}
    </Table>
  );
}
