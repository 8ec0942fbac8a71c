import { DEMO_PLAYER_MESSAGES } from '@klang/domain';
import { Heart, Pause, Play, Plus, SkipForward, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDemoTracksQuery } from '../api/demo-tracks-api';
import { useDemoPlayer } from '../hooks/use-demo-player';

type DemoPlayerProps = {
  /** Where Follow Artist and Add lead: signing up, which the landing screen knows the way to. */
  renderSignupAction: (label: string, icon: ReactNode) => ReactNode;
};

/**
 * The landing page's demo player (spec 000 §4): a random demo track, play/pause and next, and a
 * reveal card with the title and artist in the look of the real player's Follow / Add / Next.
 */
export function DemoPlayer({ renderSignupAction }: DemoPlayerProps) {
  const tracks = useDemoTracksQuery();
  const player = useDemoPlayer(tracks.data);
  const loadError = tracks.isError
    ? DEMO_PLAYER_MESSAGES.loadFailed
    : tracks.data?.length === 0
      ? DEMO_PLAYER_MESSAGES.noTracks
      : null;
  const error = loadError ?? player.error;
  const track = player.current;

  return (
    <div className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex items-center gap-4">
        <div className="relative grid size-20 shrink-0 place-items-center overflow-hidden rounded-2xl bg-field sm:size-24">
          {track?.coverUrl ? (
            <img src={track.coverUrl} alt="" className="size-full object-cover" width={96} height={96} />
          ) : (
            <Heart aria-hidden="true" className="size-8 text-accent" />
          )}
        </div>
        <div className="min-w-0 flex-1" aria-live="polite">
          {track ? (
            <>
              <p className="truncate text-lg font-bold text-fg">{track.title}</p>
              <p className="truncate text-[0.9375rem] text-muted">{track.artist}</p>
            </>
          ) : (
            <>
              <p className="text-lg font-bold text-fg">Press play</p>
              <p className="text-[0.9375rem] text-muted">A random demo track starts.</p>
            </>
          )}
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Button
          size="icon"
          onClick={player.toggle}
          disabled={!tracks.data || tracks.data.length === 0}
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
          onClick={player.next}
          disabled={!tracks.data || tracks.data.length === 0}
          aria-label="Next track"
        >
          <SkipForward aria-hidden="true" className="size-5" />
        </Button>
        {tracks.isPending && <Spinner size="sm" label="Loading demo tracks" />}
      </div>
      {track && (
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
