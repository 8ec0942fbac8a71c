import {
  SKIP_REASON_LABELS,
  type BlindNotesAggregate,
  type LikeSecondsBin,
  type SkipCurvePoint,
} from '@klang/domain';
import { useId } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { formatPosition, formatShare, likeBinDescription, likeBinLabel } from '../hook-format';

// The charts take the theme's colours through CSS variables, so dark and light need no code.
const AXIS = { stroke: 'var(--color-line)', tick: { fill: 'var(--color-muted)', fontSize: 12 } } as const;
/** The skip curves' vertical axis: the share still listening, 0 to 100 %. */
const SHARE_AXIS = {
  domain: [0, 1],
  ticks: [0, 0.25, 0.5, 0.75, 1],
  tickFormatter: (share: number) => formatShare(share),
  width: 48,
  ...AXIS,
};
const TOOLTIP = {
  contentStyle: {
    background: 'var(--color-surface)',
    border: '1px solid var(--color-line)',
    borderRadius: 12,
    color: 'var(--color-fg)',
    fontSize: 13,
  },
  labelStyle: { color: 'var(--color-muted)' },
  itemStyle: { color: 'var(--color-fg)' },
  cursor: { stroke: 'var(--color-muted)', fill: 'var(--color-field)' },
} as const;
const HEIGHT = 220;

/** Five ticks over the track: start, quarters and end, each on a whole second. */
function quarterTicks(durationMs: number): number[] {
  return [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round((durationMs * f) / 1000) * 1000);
}

/** The x axis of a chart along the track (the skip curve, the moment map): the same ticks for both. */
function positionAxis(durationMs: number) {
  return {
    dataKey: 'positionMs',
    type: 'number' as const,
    domain: [0, durationMs],
    ticks: quarterTicks(durationMs),
    tickFormatter: formatPosition,
    ...AXIS,
  };
}

const atPosition = (position: unknown) => `At ${formatPosition(Number(position))}`;

/** The share of blind listeners still listening along the track, as a filled curve. */
export function SkipCurveChart({
  points,
  durationMs,
  summary,
}: {
  points: SkipCurvePoint[];
  durationMs: number;
  summary: string;
}) {
  const gradient = useId();
  return (
    <AreaChart
      responsive
      data={points}
      style={{ width: '100%', height: HEIGHT }}
      margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
      title="Skip curve"
      desc={summary}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.45} />
          <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 4" />
      <XAxis {...positionAxis(durationMs)} />
      <YAxis {...SHARE_AXIS} />
      <Tooltip
        {...TOOLTIP}
        labelFormatter={atPosition}
        formatter={(share) => [formatShare(Number(share)), 'Still listening']}
      />
      <Area
        type="monotone"
        dataKey="share"
        name="Still listening"
        stroke="var(--color-primary)"
        strokeWidth={2.5}
        fill={`url(#${gradient})`}
        activeDot={{ r: 5, fill: 'var(--color-primary)', stroke: 'var(--color-surface)', strokeWidth: 2 }}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

/** Version A in the brand's red, B in the info blue, B also dashed: told apart without colour too. */
export const VERSION_COLOURS = { a: 'var(--color-primary)', b: 'var(--color-info-text)' } as const;

/**
 * An A/B test's two skip curves on one axis (issue 31 item 1). Each curve is on the grid of its
 * own version's length, so the rows are merged by position and each line bridges the other's.
 */
export function AbSkipCurvesChart({
  a,
  b,
  durationMs,
  summary,
}: {
  a: SkipCurvePoint[];
  b: SkipCurvePoint[];
  durationMs: number;
  summary: string;
}) {
  const rows = new Map<number, { positionMs: number; a?: number; b?: number }>();
  for (const [key, points] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (const p of points)
      rows.set(p.positionMs, { ...rows.get(p.positionMs), positionMs: p.positionMs, [key]: p.share });
  }
  const data = [...rows.values()].sort((x, y) => x.positionMs - y.positionMs);
  const line = {
    type: 'monotone',
    strokeWidth: 2.5,
    dot: false,
    connectNulls: true,
    isAnimationActive: false,
  } as const;
  return (
    <LineChart
      responsive
      data={data}
      style={{ width: '100%', height: HEIGHT + 28 }}
      margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
      title="Skip curves of versions A and B"
      desc={summary}
    >
      <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 4" />
      <XAxis {...positionAxis(durationMs)} />
      <YAxis {...SHARE_AXIS} />
      <Tooltip
        {...TOOLTIP}
        labelFormatter={atPosition}
        formatter={(share, name) => [formatShare(Number(share)), name]}
      />
      <Legend
        height={28}
        iconType="plainline"
        wrapperStyle={{ fontSize: 13 }}
        // The legend's text takes its line's colour by default; the theme's text colour reads in both themes.
        formatter={(name: string) => <span style={{ color: 'var(--color-fg)' }}>{name}</span>}
      />
      {a.length > 0 && (
        <Line
          {...line}
          dataKey="a"
          name="Version A"
          stroke={VERSION_COLOURS.a}
          activeDot={{ r: 5, fill: VERSION_COLOURS.a, stroke: 'var(--color-surface)', strokeWidth: 2 }}
        />
      )}
      {b.length > 0 && (
        <Line
          {...line}
          dataKey="b"
          name="Version B"
          stroke={VERSION_COLOURS.b}
          strokeDasharray="7 4"
          activeDot={{ r: 5, fill: VERSION_COLOURS.b, stroke: 'var(--color-surface)', strokeWidth: 2 }}
        />
      )}
    </LineChart>
  );
}

/** Ten bars side by side need about 48 px each for their labels; narrower, the bars lie down. */
const WIDE_BARS_QUERY = '(min-width: 30rem)';

/**
 * How many likes came after how many seconds of blind listening, as bars: upright where there is
 * room, lying as rows on a phone so every bin keeps a readable label.
 */
export function SecondsToLikeChart({ bins, summary }: { bins: LikeSecondsBin[]; summary: string }) {
  const isWide = useMediaQuery(WIDE_BARS_QUERY);
  const data = bins.map((bin) => ({
    ...bin,
    label: likeBinLabel(bin),
    description: likeBinDescription(bin),
  }));
  const category = { dataKey: 'label', type: 'category', interval: 0, ...AXIS } as const;
  const count = { type: 'number', allowDecimals: false, ...AXIS } as const;
  return (
    <BarChart
      responsive
      data={data}
      layout={isWide ? 'horizontal' : 'vertical'}
      style={{ width: '100%', height: isWide ? HEIGHT : 28 * bins.length + 40 }}
      margin={{ top: 8, right: 12, bottom: 0, left: isWide ? -12 : 0 }}
      title="Seconds to like"
      desc={summary}
    >
      <CartesianGrid
        vertical={!isWide}
        horizontal={isWide}
        stroke="var(--color-line)"
        strokeDasharray="3 4"
      />
      {isWide ? (
        <>
          <XAxis {...category} />
          <YAxis {...count} width={48} />
        </>
      ) : (
        <>
          <XAxis {...count} />
          <YAxis {...category} width={72} unit=" s" />
        </>
      )}
      <Tooltip
        {...TOOLTIP}
        labelFormatter={(_, payload) => {
          const first: unknown = payload[0]?.payload;
          return first && typeof first === 'object' && 'description' in first
            ? `Liked after ${String(first.description)}`
            : '';
        }}
        formatter={(likes) => [String(likes), 'Likes']}
      />
      <Bar
        dataKey="likes"
        name="Likes"
        fill="var(--color-primary)"
        radius={isWide ? [6, 6, 0, 0] : [0, 6, 6, 0]}
        maxBarSize={isWide ? 48 : 18}
        isAnimationActive={false}
      />
    </BarChart>
  );
}

/** The six skip reasons as rows, most readable on a phone too: a label, then its bar. */
export function SkipReasonsChart({
  reasons,
  summary,
}: {
  reasons: BlindNotesAggregate['reasons'];
  summary: string;
}) {
  const data = reasons.map((r) => ({ ...r, label: SKIP_REASON_LABELS[r.reason] }));
  return (
    <BarChart
      responsive
      data={data}
      layout="vertical"
      style={{ width: '100%', height: 32 * reasons.length + 40 }}
      margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
      title="Skip reasons"
      desc={summary}
    >
      <CartesianGrid vertical horizontal={false} stroke="var(--color-line)" strokeDasharray="3 4" />
      <XAxis type="number" allowDecimals={false} {...AXIS} />
      <YAxis type="category" dataKey="label" interval={0} width={104} {...AXIS} />
      <Tooltip {...TOOLTIP} formatter={(notes) => [String(notes), 'Listeners gave it']} />
      <Bar
        dataKey="notes"
        name="Notes"
        fill="var(--color-primary)"
        radius={[0, 6, 6, 0]}
        maxBarSize={18}
        isAnimationActive={false}
      />
    </BarChart>
  );
}

/**
 * Where blind listeners marked "this moment", as bars on the skip curve's grid and x axis, with
 * the curve itself drawn faintly behind them: a peak of moments before a drop says where the
 * track won them, one after it where it lost the rest.
 */
export function MomentMapChart({
  moments,
  curve,
  waveform,
  durationMs,
  summary,
}: {
  moments: BlindNotesAggregate['moments'];
  curve: SkipCurvePoint[];
  /** The track's peaks, evenly over its length: drawn faintly behind the moments. */
  waveform: number[];
  durationMs: number;
  summary: string;
}) {
  const shares = new Map(curve.map((p) => [p.positionMs, p.share]));
  const data = moments.map((m) => ({ ...m, share: shares.get(m.positionMs) ?? null }));
  const hasCurve = curve.length > 0;
  const wave = waveform.map((peak, i) => ({
    positionMs: Math.round(((i + 0.5) * durationMs) / waveform.length),
    peak,
  }));
  return (
    <ComposedChart
      responsive
      data={data}
      style={{ width: '100%', height: HEIGHT }}
      margin={{ top: 8, right: hasCurve ? 0 : 12, bottom: 0, left: -12 }}
      title="Moment map"
      desc={summary}
    >
      <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 4" />
      <XAxis {...positionAxis(durationMs)} />
      <YAxis yAxisId="notes" allowDecimals={false} width={48} {...AXIS} />
      <YAxis yAxisId="wave" hide domain={[0, 1]} />
      {wave.length > 0 && (
        <Area
          yAxisId="wave"
          data={wave}
          dataKey="peak"
          name="Waveform"
          type="monotone"
          stroke="none"
          fill="var(--color-muted)"
          fillOpacity={0.18}
          tooltipType="none"
          activeDot={false}
          isAnimationActive={false}
        />
      )}
      {hasCurve && (
        <YAxis
          yAxisId="share"
          orientation="right"
          domain={[0, 1]}
          ticks={[0, 0.5, 1]}
          tickFormatter={(share: number) => formatShare(share)}
          width={44}
          {...AXIS}
        />
      )}
      <Tooltip
        {...TOOLTIP}
        labelFormatter={atPosition}
        formatter={(value, name) =>
          name === 'Still listening' ? [formatShare(Number(value)), name] : [String(value), 'Moments']
        }
      />
      <Bar
        yAxisId="notes"
        dataKey="notes"
        name="Moments"
        fill="var(--color-primary)"
        radius={[4, 4, 0, 0]}
        // A fixed width: the waveform's points are closer than the moments' grid, and a bar
        // sized by the closest points would be a hairline.
        barSize={10}
        isAnimationActive={false}
      />
      {hasCurve && (
        <Line
          yAxisId="share"
          type="monotone"
          dataKey="share"
          name="Still listening"
          stroke="var(--color-muted)"
          strokeWidth={1.5}
          strokeDasharray="5 4"
          dot={false}
          activeDot={false}
          isAnimationActive={false}
        />
      )}
    </ComposedChart>
  );
}
