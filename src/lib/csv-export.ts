import { useEffect, useRef, useState } from 'react';
import { downloadCsv, toCsv, type CsvCell } from './csv';
import { eachPage, type CursorPage } from './paging';

/** What an export is fetching and turning into rows. */
export type CsvExportJob<T> = {
  filename: string;
  header: readonly string[];
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<T>>;
  toRow: (item: T) => readonly CsvCell[];
};

export type CsvExportState =
  | { phase: 'running'; rows: number; pages: number }
  | { phase: 'done'; rows: number; filename: string }
  | { phase: 'failed'; rows: number; error: unknown }
  | { phase: 'cancelled'; rows: number };

/**
 * Fetches every page of a list (one at a time, following `next_cursor`), reports progress, and
 * saves the rows as a CSV file. Leaving the screen cancels a running export.
 */
export async function runCsvExport<T>(
  job: CsvExportJob<T>,
  signal: AbortSignal,
  onPage: (rows: number, pages: number) => void,
): Promise<{ rows: number }> {
  const rows: (readonly CsvCell[])[] = [job.header];
  let pages = 0;
  for await (const page of eachPage((cursor) => job.fetchPage(cursor, signal))) {
    pages++;
    for (const item of page.data) rows.push(job.toRow(item));
    onPage(rows.length - 1, pages);
  }
  downloadCsv(job.filename, toCsv(rows));
  return { rows: rows.length - 1 };
}

/** A CSV export with its progress, for a button and a status line. */
export function useCsvExport() {
  const [state, setState] = useState<CsvExportState | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start<T>(job: CsvExportJob<T>) {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ phase: 'running', rows: 0, pages: 0 });
    let rowsSoFar = 0;
    try {
      const { rows } = await runCsvExport(job, own.signal, (rows, pages) => {
        rowsSoFar = rows;
        if (!own.signal.aborted) setState({ phase: 'running', rows, pages });
      });
      if (!own.signal.aborted) setState({ phase: 'done', rows, filename: job.filename });
    } catch (error) {
      if (own.signal.aborted) {
        if (controller.current === own) setState({ phase: 'cancelled', rows: rowsSoFar });
        return;
      }
      setState({ phase: 'failed', rows: rowsSoFar, error });
    }
  }

  return {
    state,
    start,
    cancel: () => controller.current?.abort(),
    clear: () => setState(null),
    running: state?.phase === 'running',
  };
}
