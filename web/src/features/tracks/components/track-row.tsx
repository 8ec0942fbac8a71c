import { FOLLOW_RULES, TRACK_MESSAGES as M, formatCompactNumber, type ArtistTrack } from '@klang/domain';
import {
  ArrowDown,
  ArrowUp,
  Heart,
  Loader2,
  Minus,
  Music2,
  Play,
  RotateCcw,
  Star,
  Trash2,
  UsersRound,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { TrackSoundLine } from './track-sound';

type TrackRowProps = {
  track: ArtistTrack;
  onToggleFeature: (track: ArtistTrack) => void;
  onDelete: (track: ArtistTrack) => void;
  onRetry: (track: ArtistTrack) => void;
};

/** Today's place in the genre chart and the move since yesterday (spec 001 §2 Artist profile). */
function ChartPlace({ chart }: { chart: ArtistTrack['chart'] }) {
  if (!chart) return <span className="text-muted">Not charted</span>;
  const { movement } = chart;
  const Icon = movement === null || movement === 0 ? Minus : movement > 0 ? ArrowUp : ArrowDown;
  const moved =
    movement === null
      ? 'new'
      : movement === 0
        ? 'no change'
        : `${movement > 0 ? 'up' : 'down'} ${String(Math.abs(movement))}`;
  return (
    <span className="inline-flex items-center gap-1">
      #{chart.position} in {chart.genre}
      <Icon
        aria-label={moved}
        className={cn(
          'size-3.5',
          movement !== null && movement > 0 && 'text-success',
          movement !== null && movement < 0 && 'text-accent',
        )}
      />
    </span>
  );
}

/**
 * How many followers heard the track, dealt first to them, in its first day in the deck
 * (decision 0306); below the floor the server sends no number, and neither does this.
 */
export function followersFirstDayText(first: NonNullable<ArtistTrack['followersFirstDay']>): string {
  const who =
    first.heard === null
      ? `Under ${String(FOLLOW_RULES.firstDayFloor)} followers`
      : `${formatCompactNumber(first.heard)} followers`;
  return first.complete ? `${who} heard it on day one` : `${who} heard it first, so far`;
}

function Status({ track, onRetry }: { track: ArtistTrack; onRetry: () => void }) {
  if (track.status === 'processing') {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-muted">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> Processing…
      </span>
    );
  }
  if (track.status === 'failed') {
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm text-accent">
        {track.failureReason ?? M.processingFailed}
        {track.canRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-3.5" /> Retry
          </Button>
        )}
      </span>
    );
  }
  return null;
}

export function TrackRow({ track, onToggleFeature, onDelete, onRetry }: TrackRowProps) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {track.coverUrl ? (
          <img src={track.coverUrl} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="grid size-14 shrink-0 place-items-center rounded-lg bg-field text-muted"
          >
            <Music2 className="size-6" />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="truncate font-semibold text-fg">{track.title}</p>
          <p className="truncate text-sm text-muted">
            {track.genre} · {track.label}
          </p>
          {track.status === 'ready' ? (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
              <span className="inline-flex items-center gap-1">
                <Play aria-hidden="true" className="size-3.5" /> {formatCompactNumber(track.playCount)}
                <span className="sr-only">plays</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <Heart aria-hidden="true" className="size-3.5" /> {formatCompactNumber(track.likes)}
                <span className="sr-only">likes</span>
              </span>
              <ChartPlace chart={track.chart} />
              {track.followersFirstDay && (
                <span className="inline-flex items-center gap-1">
                  <UsersRound aria-hidden="true" className="size-3.5" />
                  {followersFirstDayText(track.followersFirstDay)}
                </span>
              )}
            </p>
          ) : null}
          {track.status === 'ready' ? (
            <TrackSoundLine track={track} />
          ) : (
            <Status
              track={track}
              onRetry={() => {
                onRetry(track);
              }}
            />
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 self-end sm:self-auto">
        <Button
          size="sm"
          variant={track.featured ? 'primary' : 'secondary'}
          aria-pressed={track.featured}
          onClick={() => {
            onToggleFeature(track);
          }}
        >
          <Star aria-hidden="true" className={cn('size-4', track.featured && 'fill-current')} />
          {track.featured ? 'Featured' : 'Feature'}
          <span className="sr-only"> {track.title} in the player</span>
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Delete ${track.title}`}
          onClick={() => {
            onDelete(track);
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}
