import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * A column of a `Table`: its header text, right-aligned for figures; a `hidden` header is read by
 * screen readers only (a column of checkboxes or buttons). `className` adds to the header cell
 * (a width).
 */
export type TableColumn = {
  label: string;
  align?: 'right';
  hidden?: boolean;
  className?: string;
};

/**
 * A table of the dashboard's lists: a caption for screen readers, one header row of `columns`,
 * then the rows (`children`) and a `footer` (`<tfoot>`) if any. `busy` while the rows are being
 * read again; `stickyHeader` keeps the headers in view inside a scrolling frame.
 */
export function Table({
  caption,
  columns,
  busy = false,
  stickyHeader = false,
  className = 'min-w-full',
  children,
  footer,
}: {
  caption: ReactNode;
  columns: readonly (TableColumn | null)[];
  busy?: boolean;
  stickyHeader?: boolean;
  /** The table's width: at least its frame's by default. */
  className?: string;
  /** The rows: `<tr>` elements. */
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <table className={clsx(className, 'text-sm')} aria-busy={busy || undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead
        className={clsx(
          stickyHeader && 'sticky top-0',
          'bg-gray-50 text-left text-xs font-semibold text-gray-700',
        )}
      >
        <tr>
          {columns.map((c) =>
            c ? (
              <th
                key={c.label}
                scope="col"
                className={clsx(c.className, 'px-3 py-2', c.align === 'right' && 'text-right')}
              >
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ) : null,
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">{children}</tbody>
      {footer}
    </table>
  );
}

/** A figure in a table row: right-aligned, digits of even width, never broken over lines. */
export function NumberCell({ children }: { children: ReactNode }) {
  return <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{children}</td>;
}
