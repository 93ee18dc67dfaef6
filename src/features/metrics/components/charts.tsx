// recharts lives only in this module, which the metrics screen loads lazily: no other screen
// (and not the key screen) pays for it.
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatCompactNumber,
  formatNumber,
  formatPercent,
  formatShortDate,
} from '../../../lib/format';
import type { FunnelStep, GroupRow, TimelinePoint } from '../report-data';

const INDIGO = '#4338ca';
const TEAL = '#0f766e';
const AXIS = { fontSize: 12, fill: '#374151' };
const chartStyle = { width: '100%', height: 280 };

const numberTooltip = (value: unknown) => formatNumber(typeof value === 'number' ? value : null);

/** The funnel as horizontal bars, each labelled with its conversion from the step before. */
export function FunnelBars({ steps }: { steps: readonly FunnelStep[] }) {
  const data = steps.map((s) => ({
    ...s,
    note:
      s.conversion === null
        ? formatNumber(s.count)
        : `${formatNumber(s.count)} (${formatPercent(s.conversion)})`,
  }));
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      style={chartStyle}
      data={data}
      layout="vertical"
      margin={{ top: 8, right: 96, bottom: 8, left: 8 }}
    >
      <CartesianGrid horizontal={false} stroke="#e5e7eb" />
      <XAxis type="number" tick={AXIS} tickFormatter={(v: number) => formatCompactNumber(v)} />
      <YAxis type="category" dataKey="label" width={130} tick={AXIS} />
      <Tooltip formatter={numberTooltip} />
      <Bar dataKey="count" name="Count" fill={INDIGO} isAnimationActive={false}>
        <LabelList dataKey="note" position="right" style={AXIS} />
      </Bar>
    </BarChart>
  );
}

/** Views and engagements of each group (task or platform), with the service's labels. */
export function BreakdownBars({ rows }: { rows: readonly GroupRow[] }) {
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      style={chartStyle}
      data={[...rows]}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
    >
      <CartesianGrid vertical={false} stroke="#e5e7eb" />
      <XAxis dataKey="label" tick={AXIS} interval={0} />
      <YAxis tick={AXIS} tickFormatter={(v: number) => formatCompactNumber(v)} width={56} />
      <Tooltip formatter={numberTooltip} />
      <Legend />
      <Bar dataKey="views" name="Views" fill={INDIGO} isAnimationActive={false} />
      <Bar dataKey="engagements" name="Engagements" fill={TEAL} isAnimationActive={false} />
    </BarChart>
  );
}

/** Running totals of views and engagements by the day posts were published. */
export function TimelineLines({ points }: { points: readonly TimelinePoint[] }) {
  return (
    <LineChart
      responsive
      accessibilityLayer={false}
      style={chartStyle}
      data={[...points]}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
    >
      <CartesianGrid vertical={false} stroke="#e5e7eb" />
      <XAxis dataKey="day" tick={AXIS} tickFormatter={(v: string) => formatShortDate(v)} />
      <YAxis
        yAxisId="views"
        tick={AXIS}
        tickFormatter={(v: number) => formatCompactNumber(v)}
        width={56}
      />
      <YAxis
        yAxisId="engagements"
        orientation="right"
        tick={AXIS}
        tickFormatter={(v: number) => formatCompactNumber(v)}
        width={56}
      />
      <Tooltip formatter={numberTooltip} labelFormatter={(v) => formatShortDate(String(v))} />
      <Legend />
      <Line
        yAxisId="views"
        type="monotone"
        dataKey="totalViews"
        name="Views (total)"
        stroke={INDIGO}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
      <Line
        yAxisId="engagements"
        type="monotone"
        dataKey="totalEngagements"
        name="Engagements (total)"
        stroke={TEAL}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </LineChart>
  );
}
