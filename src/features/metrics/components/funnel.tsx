import type { MetricsReport } from '#contract/metrics';
import { formatNumber, formatPercent } from '#lib/format';
import { funnelSequences, type FunnelStep } from '../report-data';
import { ChartFrame, DataTable } from './chart-frame';

const describe = (steps: readonly FunnelStep[]) =>
  steps
    .map(
      (s) =>
        `${s.label} ${formatNumber(s.count)}${s.conversion === null ? '' : ` (${formatPercent(s.conversion)} of the step before)`}`,
    )
    .join(', ');

/** One sequence: a bar per step, as wide as its share of the first step. */
function Sequence({ title, steps }: { title: string; steps: readonly FunnelStep[] }) {
  const first = steps[0]?.count ?? 0;
  return (
    <div>
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      <ol className="mt-2 space-y-2">
        {steps.map((s) => (
          <li key={s.key}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-gray-800">
                {s.label}
                {s.detail ? <span className="font-normal text-gray-600"> · {s.detail}</span> : null}
              </span>
              <span className="text-gray-900 tabular-nums">
                {formatNumber(s.count)}
                {s.conversion === null ? null : (
                  <span className="text-gray-600">
                    {' '}
                    ({formatPercent(s.conversion)} of{' '}
                    {steps[steps.indexOf(s) - 1]?.label.toLowerCase()})
                  </span>
                )}
              </span>
            </div>
            <div className="mt-1 h-3 rounded-sm bg-gray-100">
              <div
                className="h-3 rounded-sm bg-indigo-700"
                style={{ width: `${first > 0 ? Math.min(100, (s.count / first) * 100) : 0}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The funnel as two sequences that never mix: creators (applied → approved) and their content
 * (submitted → approved → posted). A percentage only where a step is a part of the one before.
 */
export function Funnel({ report }: { report: MetricsReport }) {
  const { creators, content } = funnelSequences(report.funnel);
  const rows = [
    ...creators.map((s) => ({ sequence: 'Creators', step: s })),
    ...content.map((s) => ({ sequence: 'Content', step: s })),
  ];
  return (
    <ChartFrame
      title="Funnel"
      summary={`Creators: ${describe(creators)}. Content: ${describe(content)}.`}
      chart={
        <div className="grid gap-6 md:grid-cols-2">
          <Sequence title="Creators" steps={creators} />
          <Sequence title="Content" steps={content} />
        </div>
      }
      footnote="Content sent back for changes, rejected or failed is not counted; deleted posts are not counted anywhere on this screen."
      table={
        <DataTable
          caption="Funnel"
          columns={[
            { label: 'Sequence' },
            { label: 'Step' },
            { label: 'Count', numeric: true },
            { label: 'Share of the step before', numeric: true },
          ]}
          rows={rows.map(({ sequence, step }) => ({
            key: `${sequence}-${step.key}`,
            cells: [
              sequence,
              step.detail ? `${step.label} (${step.detail})` : step.label,
              formatNumber(step.count),
              step.conversion === null ? '—' : formatPercent(step.conversion),
            ],
          }))}
        />
      }
    />
  );
}
