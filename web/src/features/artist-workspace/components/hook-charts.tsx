import type { LikeSecondsBin, SkipCurvePoint } from '@klang/domain';
import { useId } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPosition, formatShare, likeBinDescription, likeBinLabel } from '../hook-format';

// The charts take the theme's colours through CSS variables, so dark and light need no code.
const AXIS = { stroke: 'var(--color-line)', tick: { fill: 'var(--color-muted)', fontSize: 12 } } as const;
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
      <XAxis
        dataKey="positionMs"
        type="number"
        domain={[0, durationMs]}
        ticks={quarterTicks(durationMs)}
        tickFormatter={formatPosition}
        {...AXIS}
      />
      <YAxis
        domain={[0, 1]}
        ticks={[0, 0.25, 0.5, 0.75, 1]}
        tickFormatter={(share: number) => formatShare(share)}
        width={48}
        {...AXIS}
      />
      <Tooltip
        {...TOOLTIP}
        labelFormatter={(position) => `At ${formatPosition(Number(position))}`}
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

/** How many likes came after how many seconds of blind listening, as bars. */
export function SecondsToLikeChart({ bins, summary }: { bins: LikeSecondsBin[]; summary: string }) {
  const data = bins.map((bin) => ({
    ...bin,
    label: likeBinLabel(bin),
    description: likeBinDescription(bin),
  }));
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height: HEIGHT }}
      margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
      title="Seconds to like"
      desc={summary}
    >
      <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 4" />
      <XAxis dataKey="label" interval={0} {...AXIS} tick={{ ...AXIS.tick, fontSize: 11 }} />
      <YAxis allowDecimals={false} width={48} {...AXIS} />
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
        radius={[6, 6, 0, 0]}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
