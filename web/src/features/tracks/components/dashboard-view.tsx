import {
  ACHIEVEMENTS,
  TRACK_MESSAGES as M,
  computeEngagementRate,
  computeLikeRatio,
  formatCompactNumber,
  type AchievementMetric,
  type DashboardStats,
} from '@klang/domain';
import { Award, Check, RefreshCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { buildDailySeries, type DayPoint } from '../dashboard-series';
import { useDashboardQuery } from '../hooks/use-dashboard';

/** Spec 001 §9: the engagement bar is full at 20 %. */
const ENGAGEMENT_FULL_AT = 20;
const ALL_TRACKS = 'all';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight text-fg">{value}</dd>
    </div>
  );
}

function Meter({ label, percent, fullAt = 100 }: { label: string; percent: number; fullAt?: number }) {
  const width = Math.min(100, (percent / fullAt) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span className="text-fg">{label}</span>
        <span className="font-semibold text-fg">{percent.toFixed(1)}%</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={fullAt}
        aria-valuenow={Math.round(percent * 10) / 10}
        className="h-2 overflow-hidden rounded-full bg-field"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${String(width)}%` }} />
      </div>
    </div>
  );
}

const SERIES = [
  { label: 'Plays', pick: (p: DayPoint) => p.plays, stroke: 'text-fg/70', swatch: 'bg-fg/70' },
  { label: 'Likes', pick: (p: DayPoint) => p.likes, stroke: 'text-primary', swatch: 'bg-primary' },
] as const;

/** Plays and likes per day as two lines; an SVG so it scales from phone to desktop. */
function DailyChart({ points }: { points: DayPoint[] }) {
  const width = 600;
  const height = 180;
  const max = Math.max(1, ...points.map((p) => Math.max(p.plays, p.likes)));
  const x = (i: number) => (points.length > 1 ? (i / (points.length - 1)) * width : width / 2);
  const y = (v: number) => height - (v / max) * (height - 10) - 5;
  const line = (pick: (p: DayPoint) => number) =>
    points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ');
  const total = (pick: (p: DayPoint) => number) => points.reduce((sum, p) => sum + pick(p), 0);
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${String(width)} ${String(height)}`}
        className="h-44 w-full rounded-xl bg-field/40"
        role="img"
        aria-label={`Last ${String(points.length)} days: ${String(total((p) => p.plays))} plays and ${String(total((p) => p.likes))} likes`}
        preserveAspectRatio="none"
      >
        {SERIES.map((series) => (
          <path
            key={series.label}
            d={line(series.pick)}
            fill="none"
            stroke="currentColor"
            className={series.stroke}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap justify-between gap-2 text-xs text-muted">
        <span>{points[0]?.day}</span>
        <span className="flex gap-4">
          {SERIES.map((series) => (
            <span key={series.label} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('h-0.5 w-4', series.swatch)} /> {series.label}
            </span>
          ))}
        </span>
        <span>{points.at(-1)?.day}</span>
      </figcaption>
    </figure>
  );
}

function Performance({ stats }: { stats: DashboardStats }) {
  const [trackId, setTrackId] = useState(ALL_TRACKS);
  const points = buildDailySeries(stats.daily, trackId === ALL_TRACKS ? null : trackId);
  const options = [
    { value: ALL_TRACKS, label: 'All tracks' },
    ...stats.tracks.map((t) => ({ value: t.id, label: t.title })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <Select label="Track" options={options} value={trackId} onValueChange={setTrackId} />
      <DailyChart points={points} />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Tracks by likes</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Track
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Plays
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Likes
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Chart
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.tracks.map((t) => (
            <tr key={t.id} className="border-t border-line">
              <td className="max-w-40 truncate py-2 text-fg">{t.title}</td>
              <td className="py-2 text-right">{formatCompactNumber(t.playCount)}</td>
              <td className="py-2 text-right">{formatCompactNumber(t.likes)}</td>
              <td className="py-2 text-right">{t.chart ? `#${String(t.chart.position)}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Achievements({ stats }: { stats: DashboardStats }) {
  const values: Record<AchievementMetric, number> = {
    tracks: stats.totals.tracks,
    likes: stats.totals.likes,
    followers: stats.totals.followers,
    plays: stats.totals.plays,
  };
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {ACHIEVEMENTS.map((a) => {
        const value = values[a.metric];
        const isDone = value >= a.target;
        return (
          <li
            key={a.id}
            className={cn(
              'flex items-center gap-3 rounded-2xl border p-4',
              isDone ? 'border-success/60 bg-success/10' : 'border-line bg-surface',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-10 shrink-0 place-items-center rounded-full',
                isDone ? 'bg-success text-ink' : 'bg-field text-muted',
              )}
            >
              {isDone ? <Check className="size-5" /> : <Award className="size-5" />}
            </span>
            <div className="flex min-w-0 flex-col">
              <p className="font-semibold text-fg">{a.title}</p>
              <p className="text-sm text-muted">
                {a.description} · {formatCompactNumber(Math.min(value, a.target))}/
                {formatCompactNumber(a.target)}
                <span className="sr-only">{isDone ? ', unlocked' : ', locked'}</span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Spec 001 §5 Dashboard: tabs Overview, Additional Stats, Performance, Achievements, with refresh and Try Again. */
export interface DashboardViewProps {
  /** The Hooks tab's content for these tracks: the analytics feature's, composed in app/. */
  hooksTab: (tracks: DashboardStats['tracks']) => ReactNode;
  /** What the refresh button refetches besides the stats (the hook analytics). */
  onRefresh: () => void;
}

/** The stats dashboard (spec 001 §9): overview, additional stats, performance, hooks, achievements. */
export function DashboardView({ hooksTab, onRefresh }: DashboardViewProps) {
  const query = useDashboardQuery();
  if (query.isPending) return <Spinner label="Loading your stats" />;
  if (query.isError) {
    return (
      <Banner
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      >
        {M.statsLoadFailed}
      </Banner>
    );
  }
  const stats = query.data;
  const { totals } = stats;
  const engagement = computeEngagementRate(totals);
  const likeRatio = computeLikeRatio(totals);
  const perTrack = (n: number) =>
    totals.tracks > 0 ? formatCompactNumber(Math.round(n / totals.tracks)) : '0';
  return (
    <Tabs defaultValue="overview" className="flex flex-col gap-2">
      <div className="flex flex-col-reverse items-end gap-2 sm:flex-row sm:items-start sm:justify-between">
        <TabsList aria-label="Dashboard sections" className="w-full max-w-full sm:w-auto">
          <TabsTrigger value="overview" className="whitespace-nowrap">
            Overview
          </TabsTrigger>
          <TabsTrigger value="additional" className="whitespace-nowrap">
            Additional Stats
          </TabsTrigger>
          <TabsTrigger value="performance" className="whitespace-nowrap">
            Performance
          </TabsTrigger>
          <TabsTrigger value="hooks" className="whitespace-nowrap">
            Hooks
          </TabsTrigger>
          <TabsTrigger value="achievements" className="whitespace-nowrap">
            Achievements
          </TabsTrigger>
        </TabsList>
        <Button
          size="icon"
          variant="ghost"
          aria-label="Refresh stats"
          onClick={() => {
            void query.refetch();
            onRefresh();
          }}
          disabled={query.isFetching}
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', query.isFetching && 'animate-spin')} />
        </Button>
      </div>
      <TabsContent value="overview" className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Plays" value={formatCompactNumber(totals.plays)} />
          <Stat label="Likes" value={formatCompactNumber(totals.likes)} />
          <Stat label="Followers" value={formatCompactNumber(totals.followers)} />
          <Stat label="Tracks" value={formatCompactNumber(totals.tracks)} />
        </dl>
        <Meter label="Engagement rate" percent={engagement} fullAt={ENGAGEMENT_FULL_AT} />
        <Meter label="Like ratio" percent={likeRatio} />
      </TabsContent>
      <TabsContent value="additional">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Stat label="Dislikes" value={formatCompactNumber(totals.dislikes)} />
          <Stat label="Library adds" value={formatCompactNumber(totals.libraryAdds)} />
          <Stat label="Featured tracks" value={String(totals.featured)} />
          <Stat label="Plays per track" value={perTrack(totals.plays)} />
          <Stat label="Likes per track" value={perTrack(totals.likes)} />
          <Stat label="Adds per track" value={perTrack(totals.libraryAdds)} />
        </dl>
      </TabsContent>
      <TabsContent value="performance">
        <Performance stats={stats} />
      </TabsContent>
      <TabsContent value="hooks">{hooksTab(stats.tracks)}</TabsContent>
      <TabsContent value="achievements">
        <Achievements stats={stats} />
      </TabsContent>
    </Tabs>
  );
}

/** The dashboard in a modal (the profile's Dashboard button); `children` is the composed view. */
export function DashboardDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Dashboard" size="lg">
        {open && children}
      </DialogContent>
    </Dialog>
  );
}
