import { ArrowDown, ArrowUp, Lock, Minus, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeSound, type ListedTrack, type Movement, type RevealedListedTrack } from '@klang/domain';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';

/** What a list needs from the player; the screen composing the list brings it. */
export interface ListPlayback {
  currentId: string | null;
  isPlaying: boolean;
  isLoading: boolean;
  error: string | null;
  toggle: (track: RevealedListedTrack) => Promise<void>;
}

interface TrackRowProps {
  track: ListedTrack;
  playback: ListPlayback;
  artistHref: (artistId: string) => string;
  /** How to reveal a masked track, shown in words under its mask. */
  lockedHint: string;
  position?: number;
  movement?: Movement | null;
  /** Shows a revealed track's genre beside its label (a list across genres). */
  showGenre?: boolean;
  trailing?: ReactNode;
  /** Plays a masked row blind (a chart's, decision 0288); without it a masked row shows a lock. */
  blindPlay?: { label: string; isPending: boolean; onPlay: () => void };
}

/** One track of a list: playable when the listener liked it, '****' with a lock (or a blind play) otherwise. */
export function TrackRow({
  track,
  playback,
  artistHref,
  lockedHint,
  position,
  movement,
  showGenre = false,
  trailing,
  blindPlay,
}: TrackRowProps) {
  const isCurrent = track.isRevealed && playback.currentId === track.id;
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-2xl px-3 py-2.5 transition-colors sm:gap-4',
        isCurrent ? 'bg-primary/10 ring-1 ring-primary/40' : 'hover:bg-field/60',
      )}
    >
      {position !== undefined && (
        <div className="flex w-9 shrink-0 flex-col items-center">
          <span className="text-lg font-bold text-fg tabular-nums">{position}</span>
          {movement && <MovementMark movement={movement} />}
        </div>
      )}
      {track.isRevealed ? (
        <button
          type="button"
          onClick={() => void playback.toggle(track)}
          aria-label={`${isCurrent && playback.isPlaying ? 'Pause' : 'Play'} ${track.title}`}
          className="group relative size-12 shrink-0 overflow-hidden rounded-xl bg-field"
        >
          {track.coverUrl && <img src={track.coverUrl} alt="" className="size-full object-cover" />}
          <span
            className={cn(
              'absolute inset-0 grid place-items-center bg-black/45 text-white transition-opacity',
              isCurrent ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100',
            )}
          >
            {isCurrent && playback.isLoading ? (
              <Spinner size="sm" label="Loading track" />
            ) : isCurrent && playback.isPlaying ? (
              <Pause aria-hidden="true" className="size-5" />
            ) : (
              <Play aria-hidden="true" className="size-5" />
            )}
          </span>
        </button>
      ) : blindPlay ? (
        <button
          type="button"
          onClick={blindPlay.onPlay}
          disabled={blindPlay.isPending}
          aria-label={blindPlay.label}
          title={blindPlay.label}
          className="grid size-12 shrink-0 place-items-center rounded-xl bg-field text-fg transition-colors hover:bg-primary/20 focus-visible:bg-primary/20"
        >
          {blindPlay.isPending ? (
            <Spinner size="sm" label="Loading track" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
        </button>
      ) : (
        <div className="grid size-12 shrink-0 place-items-center rounded-xl bg-field text-muted">
          <Lock aria-hidden="true" className="size-5" />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {track.isRevealed ? (
          <>
            <span className="truncate font-semibold text-fg">{track.title}</span>
            <span className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
              <a href={artistHref(track.artistId)} className="truncate text-accent hover:underline">
                {track.artist}
              </a>
              {showGenre && <span className="hidden truncate sm:inline">· {track.genre}</span>}
              <span className="hidden truncate sm:inline">· {track.label}</span>
              {describeSound(track.sound) && (
                <span className="truncate tabular-nums">· {describeSound(track.sound)}</span>
              )}
            </span>
          </>
        ) : (
          <>
            <span className="truncate font-semibold tracking-widest text-fg/70">{track.title}</span>
            {/* The way to reveal it, in words on every screen (a hover title reaches no phone). */}
            <span className="line-clamp-2 text-sm text-muted">{lockedHint || track.artist}</span>
          </>
        )}
      </div>
      {trailing}
    </li>
  );
}

function MovementMark({ movement }: { movement: Movement }) {
  if (movement.type === 'new')
    return <span className="text-[0.625rem] font-bold tracking-wide text-accent uppercase">New</span>;
  if (movement.type === 'same')
    return (
      <span className="text-muted">
        <Minus aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Same place as yesterday</span>
      </span>
    );
  const isUp = movement.type === 'up';
  const Icon = isUp ? ArrowUp : ArrowDown;
  return (
    <span
      className={cn('flex items-center text-xs font-semibold', isUp ? 'text-success-text' : 'text-primary')}
    >
      <Icon aria-hidden="true" className="size-3" />
      {movement.amount}
      <span className="sr-only">{isUp ? ' places up' : ' places down'} since yesterday</span>
    </span>
  );
}
