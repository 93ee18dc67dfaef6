import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeGroup, UsageEntry } from '#contract/codes';
import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Label } from '#components/ui/label';
import { LoadingState } from '#components/ui/spinner';
import { NumberCell, Table } from '#components/ui/table';
import { InlineError } from '#components/ui/inline-error';
import { describeError, isApiError } from '#lib/api-client';
import { formatMoney, formatNumber } from '#lib/format';
import { brandQueryKey } from '#lib/query-client';
import { codeKeys, lookupCodes, reportUsage } from '../api/codes';
import {
  codesOf,
  previewUsage,
  rowsNamedIn,
  usageBatches,
  type PreviewRow,
  type UsagePreview,
} from '../usage-preview';
import { CsvFileField, PastedLines } from './csv-input';

type SendState = {
  running: boolean;
  sent: number;
  total: number;
  updated: number;
  /** The service's refusal, per code of a refused batch. */
  refusals: Map<string, string>;
};

/**
 * Usage by CSV (`code,total_uses`): the file (or pasted text) is previewed row by row against the
 * codes as the service has them now, every row that would be refused is marked, and only a clean
 * file is sent, in batches with a progress bar. A refusal is shown on the rows it names.
 */
export function UsageUpload({
  brandId,
  groups,
}: {
  brandId: string;
  groups: readonly CodeGroup[];
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const [send, setSend] = useState<SendState | null>(null);
  const [finished, setFinished] = useState<{
    updated: number;
    rows: number;
    earningsCents: number;
  } | null>(null);

  const codes = checked === null ? [] : codesOf(checked);
  const known = useQuery({
    queryKey: [...codeKeys.all(brandId), 'lookup', [...new Set(codes)].sort()],
    queryFn: ({ signal }) => lookupCodes(codes, signal),
    enabled: checked !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const preview: UsagePreview | null =
    checked !== null && known.data && !known.isPlaceholderData
      ? previewUsage(checked, known.data, groups)
      : null;

  const check = (value: string) => {
    setChecked(value);
    setSend(null);
    setFinished(null);
  };

  const start = async (p: UsagePreview) => {
    const batches = usageBatches(p.usage);
    const state: SendState = {
      running: true,
      sent: 0,
      total: p.usage.length,
      updated: 0,
      refusals: new Map(),
    };
    setSend({ ...state });
    setFinished(null);
    for (const batch of batches) {
      try {
        const result = await reportUsage(batch);
        state.updated += result.updated;
      } catch (error) {
        markRefusal(state.refusals, error, batch);
      }
      state.sent += batch.length;
      setSend({ ...state, refusals: new Map(state.refusals) });
    }
    state.running = false;
    setSend({ ...state, refusals: new Map(state.refusals) });
    // Codes, groups, creators' and campaigns' spend: everything of the brand may have moved.
    await queryClient.invalidateQueries({ queryKey: brandQueryKey(brandId) });
    if (state.refusals.size === 0) {
      setFinished({ updated: state.updated, rows: p.usage.length, earningsCents: p.earningsCents });
      setText('');
      setChecked(null);
      setSend(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
          Report usage
        </h2>
        <p className="mt-1 max-w-prose text-sm text-gray-600">
          A CSV with the columns <code>code</code> and <code>total_uses</code> (the running total of
          each code, never lower than before). Every row is checked before anything is sent.
        </p>
      </div>
      {finished ? (
        <Alert tone="success" title="Usage reported">
          {formatNumber(finished.rows)} rows sent, {formatNumber(finished.updated)}{' '}
          {finished.updated === 1 ? 'code' : 'codes'} changed; creators earn{' '}
          {formatMoney(finished.earningsCents)} more.
        </Alert>
      ) : null}
      <CsvFileField
        id={`${id}-file`}
        label="CSV file"
        inputRef={fileInput}
        onRead={(content) => {
          setText(content);
          check(content);
        }}
      />
      <div className="space-y-1">
        <Label htmlFor={`${id}-text`}>Usage CSV</Label>
        <PastedLines
          id={`${id}-text`}
          value={text}
          aria-describedby={`${id}-text-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-text-hint`} className="text-xs text-gray-600">
          Paste the CSV here or choose a file; edit it to fix a marked row, then preview again.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={text.trim() === '' || send?.running}
          onClick={() => check(text)}
        >
          Preview
        </Button>
        {preview ? (
          <Button
            disabled={
              send?.running ||
              preview.fileError !== null ||
              preview.refused > 0 ||
              preview.usage.length === 0
            }
            onClick={() => void start(preview)}
          >
            <Upload aria-hidden="true" className="size-4" />
            Send usage for {formatNumber(preview.usage.length)}{' '}
            {preview.usage.length === 1 ? 'code' : 'codes'}
          </Button>
        ) : null}
      </div>
      {checked === null ? null : known.isPending || known.isPlaceholderData ? (
        <LoadingState label="Checking the codes…" />
      ) : known.isError ? (
        <InlineError error={known.error} onRetry={() => void known.refetch()} />
      ) : preview ? (
        <PreviewResult preview={preview} send={send} />
      ) : null}
    </section>
  );
}

function markRefusal(refusals: Map<string, string>, error: unknown, batch: readonly UsageEntry[]) {
  const message =
    isApiError(error) && error.status >= 400 && error.status < 500
      ? error.message
      : `${describeError(error).title}: not sent`;
  const named = isApiError(error) ? rowsNamedIn(error.issues, batch) : new Map<number, string>();
  batch.forEach((entry, index) => {
    refusals.set(
      entry.code,
      named.size === 0
        ? message
        : (named.get(index) ??
            'not saved: another row of its batch was refused; send again once fixed'),
    );
  });
}

function PreviewResult({ preview, send }: { preview: UsagePreview; send: SendState | null }) {
  if (preview.fileError) {
    return (
      <Alert tone="error" title="This file cannot be sent">
        {preview.fileError}
      </Alert>
    );
  }
  const failed = send ? send.refusals.size : 0;
  return (
    <div className="space-y-3">
      {preview.refused > 0 ? (
        <Alert
          tone="error"
          title={`${formatNumber(preview.refused)} ${preview.refused === 1 ? 'row' : 'rows'} would be refused`}
        >
          Fix the marked rows (edit the text above or choose a corrected file), then preview again.
          Nothing has been sent.
        </Alert>
      ) : (
        <p role="status" className="text-sm text-gray-700">
          {formatNumber(preview.usage.length)} {preview.usage.length === 1 ? 'row' : 'rows'} ready:{' '}
          {formatNumber(preview.newUses)} new uses, {formatMoney(preview.earningsCents)} in earnings
          for creators.
        </p>
      )}
      {send ? <SendProgress send={send} /> : null}
      {send && !send.running && failed > 0 ? (
        <Alert
          tone="error"
          title={`The service refused ${formatNumber(failed)} ${failed === 1 ? 'row' : 'rows'}`}
        >
          The marked rows were not saved; the others were. Fix them and send again (sending a total
          that was already saved changes nothing).
        </Alert>
      ) : null}
      <div className="max-h-96 overflow-auto rounded-lg border border-gray-200">
        <Table
          caption="Usage preview"
          stickyHeader
          columns={[
            { label: 'Line', align: 'right' },
            { label: 'Code' },
            { label: 'Reported uses', align: 'right' },
            { label: 'Uses now', align: 'right' },
            { label: 'New uses', align: 'right' },
            { label: 'Earnings', align: 'right' },
            { label: 'Check' },
          ]}
        >
          {preview.rows.map((row) => (
            <PreviewLine
              key={row.line}
              row={row}
              refusal={row.code ? send?.refusals.get(row.code) : undefined}
            />
          ))}
        </Table>
      </div>
    </div>
  );
}

function PreviewLine({ row, refusal }: { row: PreviewRow; refusal: string | undefined }) {
  // The service's refusal first: the preview may since have learnt why (fresher totals).
  // The service's refusal and the preview's own finding word a rule the same way (both from the
  // contract): one sentence, once.
  const problem =
    [...new Set([...(refusal ? [refusal] : []), ...row.problems])].join('; ') || undefined;
  return (
    <tr className={clsx(problem && 'bg-red-50')}>
      <NumberCell>{row.line}</NumberCell>
      <th scope="row" className="px-3 py-2 text-left font-mono font-medium text-gray-900">
        {row.code ?? <span className="font-normal text-gray-700">{row.text || '(empty)'}</span>}
      </th>
      <NumberCell>{formatNumber(row.totalUses)}</NumberCell>
      <NumberCell>{formatNumber(row.current?.total_uses)}</NumberCell>
      <NumberCell>{formatNumber(row.newUses)}</NumberCell>
      <NumberCell>{formatMoney(row.earningsCents)}</NumberCell>
      <td className="px-3 py-2">
        {problem ? (
          <span className="text-red-800">
            <span className="font-medium">Refused: </span>
            {problem}
          </span>
        ) : row.newUses === 0 ? (
          <span className="text-gray-700">No change</span>
        ) : (
          <span className="text-emerald-800">OK</span>
        )}
      </td>
    </tr>
  );
}

function SendProgress({ send }: { send: SendState }) {
  return (
    <div className="space-y-1">
      <p role="status" className="text-sm text-gray-700">
        {send.running ? 'Sending usage…' : 'Sent:'} {formatNumber(send.sent)} of{' '}
        {formatNumber(send.total)} rows
      </p>
      <div
        role="progressbar"
        aria-label="Usage sent"
        aria-valuemin={0}
        aria-valuemax={send.total}
        aria-valuenow={send.sent}
        aria-valuetext={`${send.sent} of ${send.total} rows`}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full bg-indigo-700 transition-[width]"
          style={{ width: `${send.total ? (send.sent / send.total) * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}
