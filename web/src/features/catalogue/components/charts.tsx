import {
  ACTIVE_CHART_GENRES,
  CATALOGUE_MESSAGES,
  CHART_GENRES,
  DEFAULT_CHART_GENRE,
  PLAYER_MESSAGES,
  type ChartEntry,
  type ChartFigures,
} from '@klang/domain';
import { Lock, Play, Sparkles } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ScrollFade } from '../../../components/ui/scroll-fade';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useChartQuery } from '../api/catalogue-api';
import { chartFiguresText } from '../chart-figures';
import { segmentChart, type ChartSegment } from '../chart-segments';
import { TrackRow, type ListPlayback } from './track-row';

interface ChartsProps {
  playback: ListPlayback;
  artistHref: (artistId: string) => string;
  /** Fetches a track's playback URL ahead of a tap (the player knows how). */
  preload: (trackId: string) => void;
  discoverLink: ReactNode;
  /** Plays a masked row blind (decision 0288): the place being dealt, and any refusal. */
  blindPlay: {
    play: (genre: string, position: number) => Promise<void>;
    pending: number | null;
    error: string | null;
  };
}

const isActive = (genre: string) => (ACTIVE_CHART_GENRES as readonly string[]).includes(genre);
/** Tab values become element ids: 'Minimal / Deep Tech' as 'minimal-deep-tech'. */
const tabValue = (genre: string) => genre.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** /charts (spec 001 §2, §4): a genre's ranking by the blind verdict (decision 0195), masked until the listener likes a track. */
export function Charts({ playback, artistHref, preload, discoverLink, blindPlay }: ChartsProps) {
  const [genre, setGenre] = useState<string>(DEFAULT_CHART_GENRE);
  return (
    <Tabs
      value={tabValue(genre)}
      onValueChange={(value) => {
        setGenre(CHART_GENRES.find((name) => tabValue(name) === value) ?? DEFAULT_CHART_GENRE);
      }}
    >
      <ScrollFade>
        <TabsList aria-label="Genre" className="w-max min-w-full">
          {CHART_GENRES.map((name) => (
            <TabsTrigger
              key={name}
              value={tabValue(name)}
              disabled={!isActive(name)}
              badge={isActive(name) ? undefined : 'Soon'}
            >
              {name}
            </TabsTrigger>
          ))}
        </TabsList>
      </ScrollFade>
      {ACTIVE_CHART_GENRES.map((name) => (
        <TabsContent key={name} value={tabValue(name)}>
          {genre === name && (
            <ChartList
              genre={name}
              playback={playback}
              artistHref={artistHref}
              preload={preload}
              discoverLink={discoverLink}
              blindPlay={blindPlay}
            />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** Spec 001 §4 Charts: the first 10 chart tracks get their playback URL after 500 ms. */
const PRELOAD = { count: 10, delayMs: 500 } as const;

function ChartList({
  genre,
  playback,
  artistHref,
  preload,
  discoverLink,
  blindPlay,
}: ChartsProps & { genre: string }) {
  const chart = useChartQuery(genre);
  // Runs of hidden tracks the listener opened, by their first position.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const entries = chart.data?.entries ?? [];
  // Only liked tracks can be played from a chart, so only they are worth a URL.
  const firstPlayable = entries
    .slice(0, PRELOAD.count)
    .flatMap((entry) => (entry.track.isRevealed ? [entry.track.id] : []))
    .join(',');
  useEffect(() => {
    if (!firstPlayable) return;
    const timer = setTimeout(() => {
      for (const id of firstPlayable.split(',')) preload(id);
    }, PRELOAD.delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [firstPlayable, preload]);

  if (chart.isPending) return <Spinner label="Loading the chart" className="mx-auto my-16" />;
  if (chart.isError)
    return (
      <Banner tone="error" title="The chart did not load">
        {chart.error.message}
      </Banner>
    );
  if (entries.length === 0)
    return <p className="py-16 text-center text-muted">No tracks in this chart yet.</p>;

  const masked = entries.filter((entry) => !entry.track.isRevealed).length;
  return (
    <div className="flex flex-col gap-4">
      {masked > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-sm text-muted">
          <Sparkles aria-hidden="true" className="size-4 shrink-0 text-accent" />
          <p className="min-w-0 flex-1">{CATALOGUE_MESSAGES.chartHint}</p>
          {discoverLink}
        </div>
      )}
      {playback.error && <Banner tone="error" title={playback.error} />}
      {blindPlay.error && <Banner tone="error" title={blindPlay.error} />}
      <ol aria-label={`${genre} chart`} className="flex flex-col gap-1">
        {segmentChart(entries).map((segment) =>
          segment.kind === 'track' ? (
            <ChartRow
              key={segment.entry.position}
              entry={segment.entry}
              genre={genre}
              playback={playback}
              blindPlay={blindPlay}
              artistHref={artistHref}
            />
          ) : expanded.has(segment.first) ? (
            segment.entries.map((entry) => (
              <ChartRow
                key={entry.position}
                entry={entry}
                genre={genre}
                playback={playback}
                blindPlay={blindPlay}
                artistHref={artistHref}
              />
            ))
          ) : (
            <HiddenRun
              key={segment.first}
              segment={segment}
              isPlaying={blindPlay.pending === segment.first}
              onPlay={() => void blindPlay.play(genre, segment.first)}
              onShow={() => {
                setExpanded((current) => new Set(current).add(segment.first));
              }}
            />
          ),
        )}
      </ol>
    </div>
  );
}

/**
 * A revealed row's figures (decision 0257): the cautious share it is ranked by, large, so the rows'
 * numbers read in their order; under it the share of its trusted blind listeners who liked it and
 * how many they were; the likes in all beside them where the row has room. The whole sentence is
 * the tooltip and what a screen reader says.
 */
function Figures({ figures }: { figures: ChartFigures }) {
  const text = chartFiguresText(figures);
  return (
    <p className="flex shrink-0 flex-col items-end text-right tabular-nums" title={text.detail}>
      <span className="sr-only">{text.detail}</span>
      <span aria-hidden="true" className="text-sm font-semibold text-fg">
        {text.cautious}
      </span>
      <span aria-hidden="true" className="text-xs whitespace-nowrap text-muted">
        {text.share} of {text.listenerCount}
        {/* A phone keeps the room for the title; the tooltip and screen readers have the words. */}
        <span className="hidden sm:inline"> blind {figures.listeners === 1 ? 'listener' : 'listeners'}</span>
        <span className="hidden md:inline"> · {text.likes}</span>
      </span>
    </p>
  );
}

function ChartRow({
  entry,
  genre,
  playback,
  blindPlay,
  artistHref,
}: {
  entry: ChartEntry;
  genre: string;
  playback: ListPlayback;
  blindPlay: ChartsProps['blindPlay'];
  artistHref: (artistId: string) => string;
}) {
  return (
    <TrackRow
      blindPlay={{
        label: `${PLAYER_MESSAGES.playBlind}, place ${String(entry.position)}`,
        isPending: blindPlay.pending === entry.position,
        onPlay: () => void blindPlay.play(genre, entry.position),
      }}
      track={entry.track}
      position={entry.position}
      movement={entry.movement}
      playback={playback}
      artistHref={artistHref}
      lockedHint={CATALOGUE_MESSAGES.chartHint}
      trailing={entry.figures && <Figures figures={entry.figures} />}
    />
  );
}

/**
 * A run of hidden tracks as one line: how many and their places, and Show to list them one by
 * one. A hidden track's figures stay on the server (decision 0257).
 */
function HiddenRun({
  segment,
  isPlaying,
  onPlay,
  onShow,
}: {
  segment: Extract<ChartSegment, { kind: 'hidden' }>;
  isPlaying: boolean;
  /** Plays the run's first place blind (decision 0288). */
  onPlay: () => void;
  onShow: () => void;
}) {
  const count = segment.entries.length;
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-dashed border-line px-3 py-3 sm:gap-4">
      <div className="hidden size-12 shrink-0 place-items-center rounded-xl bg-field text-muted sm:grid">
        <Lock aria-hidden="true" className="size-5" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-fg">
          <span className="font-semibold">{count} tracks hidden</span>
          <span className="text-muted">: play one blind to reveal it</span>
        </p>
        <p className="text-sm text-muted tabular-nums">
          Places {segment.first}–{segment.last}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-2">
        <Button
          size="sm"
          onClick={onPlay}
          disabled={isPlaying}
          aria-label={`${PLAYER_MESSAGES.playBlind}, place ${String(segment.first)}`}
        >
          <Play aria-hidden="true" />#{segment.first}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onShow}
          aria-label={`Show places ${segment.first} to ${segment.last}`}
        >
          Show
        </Button>
      </div>
    </li>
  );
}
