import { Download } from 'lucide-react';
import { describeError } from '#lib/api-client';
import type { CsvExportState } from '#lib/csv-export';
import { formatNumber } from '#lib/format';
import { Button } from './button';

/**
 * "Export CSV" with what the export is doing: rows fetched so far while it runs (a list has no
 * total, so the bar is indeterminate), then the result, with cancel and dismiss.
 */
export function CsvExportControl({
  label,
  state,
  disabled,
  onStart,
  onCancel,
  onDismiss,
}: {
  label: string;
  state: CsvExportState | null;
  disabled?: boolean;
  onStart: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const running = state?.phase === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" disabled={disabled || running} onClick={onStart}>
        <Download aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <div role="status" className="flex items-center gap-3 text-sm text-gray-700">
        {state ? <ExportStatus state={state} /> : null}
      </div>
      {running ? (
        <>
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuetext={`${state.rows} rows fetched`}
            className="h-2 w-32 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-700" />
          </div>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel export
          </Button>
        </>
      ) : state ? (
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}

function ExportStatus({ state }: { state: CsvExportState }) {
  switch (state.phase) {
    case 'running':
      return (
        <span>
          Exporting… {formatNumber(state.rows)} rows from {formatNumber(state.pages)}{' '}
          {state.pages === 1 ? 'page' : 'pages'}
        </span>
      );
    case 'done':
      return (
        <span>
          Exported {formatNumber(state.rows)} {state.rows === 1 ? 'row' : 'rows'} to{' '}
          {state.filename}
        </span>
      );
    case 'cancelled':
      return <span>Export cancelled; nothing was saved.</span>;
    case 'failed': {
      const { title, description } = describeError(state.error);
      return (
        <span className="text-red-800">
          Export failed after {formatNumber(state.rows)} rows: {title}. {description}
        </span>
      );
    }
  }
}
