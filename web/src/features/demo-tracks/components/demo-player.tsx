import { DEMO_PLAYER_MESSAGES, type DemoTrackReveal } from '@klang/domain';
import { Heart, Lock, Pause, Play, Plus, SkipForward, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../lib/format-duration';
import { useDemoTracksQuery, useRevealDemoTrackMutation } from '../api/demo-tracks-api';
import { useDemoPlayer } from '../hooks/use-demo-player';

type DemoPlayerProps = {
  /** Where Follow Artist and Add lead: signing up, which the landing screen knows the way to. */
  renderSignupAction: (label: string, icon: ReactNode) => ReactNode;
};

/**
 * The landing page's demo player (spec 000 §4): a random demo track, heard blind like the real
 * player; a like asks the server for the track's name, and the reveal card shows title, artist
 * and cover with the real player's Follow / Add / Next.
 */
export function DemoPlayer({ renderSignupAction }: DemoPlayerProps) {
  const tracks = useDemoTracksQuery();
  const player = useDemoPlayer(tracks.data);
  const reveal = useRevealDemoTrackMutation();
  const track = player.current;
  const revealed: DemoTrackReveal | undefined =
    reveal.data && reveal.data.id === track?.id ? reveal.data : undefined;
  const loadError = tracks.isError
    ? DEMO_PLAYER_MESSAGES.loadFailed
    : tracks.data?.length === 0
      ? DEMO_PLAYER_MESSAGES.noTracks
      : null;
  const revealError =
    reveal.isError && reveal.variables === track?.id ? DEMO_PLAYER_MESSAGES.trackFailed : null;
  const error = loadError ?? player.error ?? revealError;
  const hasTracks = Boolean(tracks.data && tracks.data.length > 0);
  const { elapsed, duration } = player.time;
  const progress = duration > 0 ? Math.min(100, (elapsed / duration) * 100) : 0;

  return (
    <div className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex items-center gap-4">
        <div
          className={cn(
            'relative grid size-20 shrink-0 place-items-center overflow-hidden rounded-2xl sm:size-24',
            revealed ? 'bg-field' : 'bg-gradient-to-br from-primary/30 via-field to-field',
          )}
        >
          {revealed?.coverUrl ? (
            <img
              src={revealed.coverUrl}
              alt=""
              className="size-full object-cover motion-safe:animate-pop-in"
              width={96}
              height={96}
            />
          ) : revealed ? (
            <Heart aria-hidden="true" className="size-8 fill-current text-accent" />
          ) : player.isPlaying ? (
            <span aria-hidden="true" className="flex h-8 items-end gap-1">
              {[0, 180, 360, 540].map((delay) => (
                <span
                  key={delay}
                  className="h-full w-1.5 origin-bottom rounded-full bg-primary motion-safe:animate-equalise"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </span>
          ) : (
            <Lock aria-hidden="true" className="size-7 text-fg/70" />
          )}
        </div>
        <div className="min-w-0 flex-1" aria-live="polite">
          {revealed ? (
            <>
              <p className="text-xs font-semibold tracking-wide text-accent uppercase">Revealed</p>
              <p className="truncate text-lg font-bold text-fg">{revealed.title}</p>
              <p className="truncate text-[0.9375rem] text-muted">{revealed.artist}</p>
            </>
          ) : track ? (
            <>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">Playing blind</p>
              <p className="text-lg font-bold text-fg">Unknown artist</p>
              <p className="text-[0.9375rem] text-muted">Like it to reveal who made it.</p>
            </>
          ) : (
            <>
              <p className="text-lg font-bold text-fg">Press play</p>
              <p className="text-[0.9375rem] text-muted">A random track starts, name hidden.</p>
            </>
          )}
        </div>
      </div>
      {track && (
        <div className="flex items-center gap-3 text-xs text-muted tabular-nums">
          <span>{formatDuration(elapsed)}</span>
          <div aria-hidden="true" className="h-1 flex-1 overflow-hidden rounded-full bg-field">
            <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
          </div>
          <span>{formatDuration(duration)}</span>
        </div>
      )}
      <div className="flex items-center gap-3">
        <Button
          size="icon"
          onClick={player.toggle}
          disabled={!hasTracks}
          aria-label={player.isPlaying ? 'Pause' : 'Play'}
        >
          {player.isLoading ? (
            <Spinner size="sm" />
          ) : player.isPlaying ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
        </Button>
        <Button
          size="icon"
          variant="secondary"
          onClick={() => {
            if (track && !revealed) reveal.mutate(track.id);
          }}
          disabled={!track || reveal.isPending}
          aria-label={revealed ? 'Liked' : 'Like'}
          aria-pressed={Boolean(revealed)}
        >
          <Heart
            aria-hidden="true"
            className={cn('size-5 transition-transform', revealed && 'scale-110 fill-current text-accent')}
          />
        </Button>
        <Button
          size="icon"
          variant="secondary"
          onClick={player.next}
          disabled={!hasTracks}
          aria-label="Next track"
        >
          <SkipForward aria-hidden="true" className="size-5" />
        </Button>
        {tracks.isPending && <Spinner size="sm" label="Loading demo tracks" />}
        {track && !revealed && (
          <p className="ml-auto hidden text-sm text-muted sm:block">Tap the heart to reveal</p>
        )}
      </div>
      {revealed && (
        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          {renderSignupAction('Follow Artist', <UserPlus aria-hidden="true" className="size-4" />)}
          {renderSignupAction('Add', <Plus aria-hidden="true" className="size-4" />)}
          <Button size="sm" variant="secondary" onClick={player.next}>
            <SkipForward aria-hidden="true" className="size-4" />
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
