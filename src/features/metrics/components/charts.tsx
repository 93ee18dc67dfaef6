// recharts lives only in this module, which the metrics screen loads lazily: no other screen
// (and not the key screen) pays for it.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatCompactMoney,
  formatCompactNumber,
  formatMoney,
  formatNumber,
  formatShortDate,
} from '#lib/format';
import type { GroupRow, TimelinePoint } from '../report-data';

// The palette's own variables, so a dark appearance (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md)
// turns the series, axes and grid with the rest of the screen.
const INDIGO = 'var(--color-indigo-700, #4338ca)';
const TEAL = 'var(--color-teal-700, #0f766e)';
const SLATE = 'var(--color-gray-600, #475569)';
const GRID = 'var(--color-gray-200, #e5e7eb)';
const AXIS = { fontSize: 12, fill: 'var(--color-gray-700, #374151)' };
const TITLE = { fontSize: 12, fill: 'var(--color-gray-700, #374151)', fontWeight: 600 };
/** The hover card of a chart, on the screen's surface rather than recharts' fixed white. */
const TOOLTIP = {
  contentStyle: {
    backgroundColor: 'var(--color-white, #fff)',
    borderColor: 'var(--color-gray-200, #e5e7eb)',
    color: 'var(--color-gray-900, #101828)',
  },
  labelStyle: { color: 'var(--color-gray-900, #101828)' },
  cursor: { fill: 'var(--color-gray-100, #f3f4f6)', stroke: GRID },
};
/** What both charts share: full width, 300 px tall, room for the axis titles, no keyboard layer. */
const chartFrame = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: 300 },
  margin: { top: 8, right: 8, bottom: 16, left: 8 },
};

/** An axis title: along the bottom, or turned along a side axis. */
const xTitle = (value: string) => ({
  value,
  position: 'insideBottom' as const,
  offset: -4,
  style: TITLE,
});
const yTitle = (value: string, side: 'left' | 'right' = 'left') => ({
  value,
  angle: side === 'left' ? -90 : 90,
  position: side === 'left' ? ('insideLeft' as const) : ('insideRight' as const),
  style: { ...TITLE, textAnchor: 'middle' as const },
});
const compact = (v: number) => formatCompactNumber(v);

const numberTooltip = (value: unknown) => formatNumber(typeof value === 'number' ? value : null);

/** Views and engagements of each group (task or platform), with the service's labels. */
export function BreakdownBars({
  rows,
  groupTitle,
}: {
  rows: readonly GroupRow[];
  /** The axis of groups: "Task" or "Platform". */
  groupTitle: string;
}) {
  return (
    <BarChart {...chartFrame} data={[...rows]}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS} interval={0} label={xTitle(groupTitle)} height={44} />
      <YAxis tick={AXIS} tickFormatter={compact} width={72} label={yTitle('Count')} />
      <Tooltip {...TOOLTIP} formatter={numberTooltip} />
      <Legend verticalAlign="top" />
      <Bar dataKey="views" name="Views" fill={INDIGO} isAnimationActive={false} />
      <Bar dataKey="engagements" name="Engagements" fill={TEAL} isAnimationActive={false} />
    </BarChart>
  );
}

/** The timeline's figures, each drawn on its own chart with its own axis. */
const TIMELINE_FIGURES = [
  { key: 'views', title: 'Views', stroke: INDIGO, tick: compact, tooltip: numberTooltip },
  {
    key: 'engagements',
    title: 'Engagements',
    stroke: TEAL,
    tick: compact,
    tooltip: numberTooltip,
  },
  {
    key: 'spentCents',
    title: 'Spent',
    stroke: SLATE,
    tick: (v: number) => formatCompactMoney(v),
    tooltip: (value: unknown) => formatMoney(typeof value === 'number' ? value : null),
  },
] as const;

/**
 * Views, engagements and spend as they stood at the end of each day: three small charts over the
 * same days, each on its own scale (two scales on one chart would draw the smaller figure above the
 * larger one).
 */
export function TimelineLines({ points }: { points: readonly TimelinePoint[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {TIMELINE_FIGURES.map((figure) => (
        <figure key={figure.key} className="min-w-0">
          <figcaption className="mb-1 flex items-center gap-2 text-sm font-semibold text-gray-800">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4 rounded"
              style={{ backgroundColor: figure.stroke }}
            />
            {figure.title} (total)
          </figcaption>
          <LineChart
            {...chartFrame}
            style={{ width: '100%', height: 200 }}
            margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
            data={[...points]}
          >
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis
              dataKey="day"
              tick={AXIS}
              tickFormatter={(v: string) => formatShortDate(v)}
              minTickGap={24}
            />
            <YAxis
              tick={{ ...AXIS, fill: figure.stroke }}
              tickFormatter={figure.tick}
              width={48}
              allowDecimals={false}
            />
            <Tooltip
              {...TOOLTIP}
              formatter={figure.tooltip}
              labelFormatter={(v) => formatShortDate(String(v))}
            />
            <Line
              dataKey={figure.key}
              name={`${figure.title} (total)`}
              stroke={figure.stroke}
              type="linear"
              strokeWidth={2}
              dot={points.length < 4}
              isAnimationActive={false}
            />
          </LineChart>
        </figure>
      ))}
    </div>
  );
}
