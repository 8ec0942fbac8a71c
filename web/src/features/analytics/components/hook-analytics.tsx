import { formatCompactNumber, HOOKS, type ReadyTrackHooks } from '@klang/domain';
import { Download, Headphones, Music2, TrendingDown, TrendingUp, UsersRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { analyticsApi, useTrackHooksQuery } from '../api/analytics-api';
import {
  compareWithMedian,
  formatPosition,
  formatShare,
  likeBinDescription,
  type MedianComparison,
} from '../hook-format';
import { AbTestSection } from './ab-test-section';
import type { AbTestLinks } from './ab-test-setup';
import { BlindNotesSection } from './blind-notes-section';
import { SecondsToLikeChart, SkipCurveChart } from './hook-charts';
import { EmptyState, PairTable, Section } from './hook-panels';

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight text-fg tabular-nums">{value}</dd>
      {note}
    </div>
  );
}

function MedianNote({ comparison }: { comparison: MedianComparison | null }) {
  if (!comparison) return <dd className="text-xs text-muted">Genre median: not enough tracks yet</dd>;
  const Icon = comparison.tone === 'below' ? TrendingDown : TrendingUp;
  return (
    <dd
      className={cn(
        'flex items-start gap-1 text-xs font-medium',
        comparison.tone === 'above' && 'text-success-text',
        comparison.tone === 'below' && 'text-accent',
        comparison.tone === 'level' && 'text-muted',
      )}
    >
      <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {comparison.text}
    </dd>
  );
}

/** The numbers behind both charts, for screen readers and anyone who prefers a table. */
function DataTables({ hooks }: { hooks: ReadyTrackHooks }) {
  return (
    <details className="group rounded-2xl border border-line bg-surface px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-fg">Show the numbers as tables</summary>
      <div className="mt-3 grid items-start gap-6 sm:grid-cols-2">
        <PairTable
          caption="Skip curve"
          columns={['Position', 'Still listening']}
          rows={hooks.skipCurve.points.map((p) => ({
            key: p.positionMs,
            label: formatPosition(p.positionMs),
            value: formatShare(p.share),
          }))}
          empty="Not enough positions yet"
        />
        <PairTable
          caption="Seconds to like"
          columns={['Liked after', 'Likes']}
          rows={hooks.secondsToLike.bins.map((b) => ({
            key: b.fromSeconds,
            label: likeBinDescription(b),
            value: b.likes,
          }))}
          empty="Not enough likes yet"
        />
      </div>
    </details>
  );
}

function curveSummary(hooks: ReadyTrackHooks): string {
  const half = hooks.skipCurve.points[Math.floor(hooks.skipCurve.points.length / 2)];
  const end = hooks.skipCurve.points.at(-1);
  if (!half || !end) return 'No skip positions yet.';
  return `${formatShare(half.share)} of blind listeners were still listening at ${formatPosition(half.positionMs)}, ${formatShare(end.share)} at the end.`;
}

function likeSummary(hooks: ReadyTrackHooks): string {
  const { timedLikes, medianSeconds } = hooks.secondsToLike;
  if (medianSeconds === null) return 'No likes yet.';
  return `${String(timedLikes)} likes; half of them came within ${String(Math.round(medianSeconds))} s.`;
}

function HookReport({ hooks }: { hooks: ReadyTrackHooks }) {
  const comparison = compareWithMedian(hooks.likeRate, hooks.genreMedianLikeRate);
  const { skipCurve, secondsToLike } = hooks;
  const median = secondsToLike.medianSeconds;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-muted">
          <UsersRound aria-hidden="true" className="size-4" />
          Based on {hooks.listeners} blind listeners
        </p>
        <Button asChild size="sm" variant="secondary">
          <a href={analyticsApi.hooksCsvUrl(hooks.trackId)} download>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Deals"
          value={formatCompactNumber(hooks.deals)}
          note={
            <dd className="text-xs text-muted">
              {hooks.likes} liked · {hooks.skips} skipped · {hooks.left} left
            </dd>
          }
        />
        <Figure
          label="Like rate"
          value={formatShare(hooks.likeRate)}
          note={<MedianNote comparison={comparison} />}
        />
        <Figure
          label="Time to like"
          value={median === null ? '—' : `${String(Math.round(median))} s`}
          note={
            <dd className="text-xs text-muted">
              {median === null
                ? `shown from ${String(HOOKS.minListeners)} likes`
                : `median of ${String(secondsToLike.timedLikes)} likes`}
            </dd>
          }
        />
        <Figure
          label="Heard to the end"
          value={formatShare(skipCurve.points.at(-1)?.share ?? null)}
          note={<dd className="text-xs text-muted">not skipped or left</dd>}
        />
      </dl>
      <Section
        title="Skip curve"
        description="Share of blind listeners still listening at each point of the track. A like never counts as a drop-off."
      >
        {skipCurve.points.length > 0 && hooks.durationMs ? (
          <SkipCurveChart
            points={skipCurve.points}
            durationMs={hooks.durationMs}
            summary={curveSummary(hooks)}
          />
        ) : (
          <EmptyState
            icon={<Headphones className="size-5" />}
            title={skipCurve.positioned > 0 ? 'Not enough positions yet' : 'No skip positions yet'}
          >
            The curve appears once the player has reported where {HOOKS.minListeners} different listeners
            stopped or kept listening.
          </EmptyState>
        )}
        {skipCurve.withoutPosition > 0 && (
          <p className="text-xs text-muted">
            {skipCurve.withoutPosition} of {hooks.deals} deals ended without a reported position and are left
            out.
          </p>
        )}
      </Section>
      <Section
        title="Seconds to like"
        description="How long blind listeners heard the track before they liked it, as measured by the server."
      >
        {secondsToLike.bins.length > 0 ? (
          <SecondsToLikeChart bins={secondsToLike.bins} summary={likeSummary(hooks)} />
        ) : (
          <EmptyState
            icon={<Music2 className="size-5" />}
            title={secondsToLike.timedLikes > 0 ? 'Not enough likes yet' : 'No likes yet'}
          >
            Once {HOOKS.minListeners} blind listeners have liked this track, you will see how quickly it won
            them over.
          </EmptyState>
        )}
      </Section>
      <BlindNotesSection hooks={hooks} />
      <DataTables hooks={hooks} />
    </div>
  );
}

function TrackHooks({ trackId, abTestLinks }: { trackId: string; abTestLinks: AbTestLinks }) {
  const query = useTrackHooksQuery(trackId);
  if (query.isPending) return <Spinner label="Loading hook analytics" />;
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
        {query.error.message}
      </Banner>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {query.data.status === 'not_enough_listeners' ? (
        <EmptyState icon={<UsersRound className="size-5" />} title="Not enough listeners yet">
          Hook analytics appear once {query.data.minListeners} different blind listeners have heard this
          track, and grow in steps of {query.data.minListeners}, so no single listener can be picked out.
        </EmptyState>
      ) : (
        <HookReport hooks={query.data} />
      )}
      {/* Keyed by track: a form half filled for one track is not carried to the next. */}
      <AbTestSection key={trackId} trackId={trackId} links={abTestLinks} />
    </div>
  );
}

/**
 * Issue 19 item 5: per track, what blind listeners did with it (deals, like rate against the
 * genre, the skip curve, seconds to like), from the server's aggregates over five listeners or
 * more. Loaded lazily with its charting library when the dashboard's Hooks tab opens.
 */
export function HookAnalytics({
  tracks,
  abTestLinks,
}: {
  tracks: { id: string; title: string }[];
  abTestLinks: AbTestLinks;
}) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const trackId = chosen ?? tracks[0]?.id;
  if (trackId === undefined) {
    return (
      <EmptyState icon={<Music2 className="size-5" />} title="No tracks yet">
        Upload a track and feature it: the deck deals it to blind listeners, and their verdict shows here.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Select
        label="Track"
        options={tracks.map((t) => ({ value: t.id, label: t.title }))}
        value={trackId}
        onValueChange={setChosen}
      />
      <TrackHooks trackId={trackId} abTestLinks={abTestLinks} />
    </div>
  );
}
