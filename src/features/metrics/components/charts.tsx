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
import { formatCompactNumber, formatNumber, formatShortDate } from '#lib/format';
import type { GroupRow, TimelinePoint } from '../report-data';

const INDIGO = '#4338ca';
const TEAL = '#0f766e';
const AXIS = { fontSize: 12, fill: '#374151' };
const TITLE = { fontSize: 12, fill: '#374151', fontWeight: 600 };
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
      <CartesianGrid vertical={false} stroke="#e5e7eb" />
      <XAxis dataKey="label" tick={AXIS} interval={0} label={xTitle(groupTitle)} height={44} />
      <YAxis tick={AXIS} tickFormatter={compact} width={72} label={yTitle('Count')} />
      <Tooltip formatter={numberTooltip} />
      <Legend verticalAlign="top" />
      <Bar dataKey="views" name="Views" fill={INDIGO} isAnimationActive={false} />
      <Bar dataKey="engagements" name="Engagements" fill={TEAL} isAnimationActive={false} />
    </BarChart>
  );
}

/** The timeline's two lines, each on its own axis. */
const TIMELINE_LINES = [
  { yAxisId: 'views', dataKey: 'totalViews', name: 'Views (total)', stroke: INDIGO },
  {
    yAxisId: 'engagements',
    dataKey: 'totalEngagements',
    name: 'Engagements (total)',
    stroke: TEAL,
  },
] as const;

/** Running totals of views and engagements by the day posts were published. */
export function TimelineLines({ points }: { points: readonly TimelinePoint[] }) {
  return (
    <LineChart {...chartFrame} data={[...points]}>
      <CartesianGrid vertical={false} stroke="#e5e7eb" />
      <XAxis
        dataKey="day"
        tick={AXIS}
        tickFormatter={(v: string) => formatShortDate(v)}
        minTickGap={24}
        label={xTitle('Day posted')}
        height={44}
      />
      <YAxis
        yAxisId="views"
        tick={{ ...AXIS, fill: INDIGO }}
        tickFormatter={compact}
        width={72}
        label={yTitle('Views (total)')}
      />
      <YAxis
        yAxisId="engagements"
        orientation="right"
        tick={{ ...AXIS, fill: TEAL }}
        tickFormatter={compact}
        width={72}
        label={yTitle('Engagements (total)', 'right')}
      />
      <Tooltip formatter={numberTooltip} labelFormatter={(v) => formatShortDate(String(v))} />
      <Legend verticalAlign="top" />
      {TIMELINE_LINES.map((line) => (
        <Line
          key={line.dataKey}
          {...line}
          type="monotone"
          strokeWidth={2}
          dot={points.length < 4}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
