import { Heart, Pause, Play, Sparkles, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { PLAYER_MESSAGES } from '@klang/domain';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Slider } from '../../../components/ui/slider';
import { Spinner } from '../../../components/ui/spinner';
import { getAudioElement } from '../audio/audio-engine';
import { useAudioState } from '../hooks/use-audio-state';
import { useDiscover } from '../hooks/use-discover';
import { useSwipe } from '../hooks/use-swipe';
import { usePlayerStore } from '../player-store';
import { RevealCard } from './reveal-card';
import { RingScrubber } from './ring-scrubber';

interface DiscoverProps {
  libraryLink: ReactNode;
  chartsLink: ReactNode;
  artistHref: (artistId: string) => string;
  verifiedBadgeSrc: string;
}

/** Spec 001 §9: unmuting from silence restores half volume. */
const UNMUTE_VOLUME = 0.5;

function isTypingOrSliding(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.closest('input, textarea, select, [role="slider"]') !== null || target.isContentEditable)
  );
}

/** The Discover screen (spec 001 §2 /player): blind listening, like to reveal, skip to move on. */
export function Discover({ libraryLink, chartsLink, artistHref, verifiedBadgeSrc }: DiscoverProps) {
  const discover = useDiscover();
  const audio = useAudioState();
  const volume = usePlayerStore((state) => state.volume);
  const stored = usePlayerStore((state) => state.revealed);
  // After a return to Discover the reveal card is gone, but a liked track stays named.
  const named = discover.reveal
    ? { title: discover.reveal.track.title, artist: discover.reveal.track.artist }
    : stored && stored.trackId === discover.track?.id
      ? stored
      : null;
  const setVolume = usePlayerStore((state) => state.setVolume);
  const swipe = useSwipe((direction) => {
    void (direction === 'left' ? discover.skip() : discover.like());
  });
  const { like, skip } = discover;

  useEffect(() => {
    getAudioElement().volume = volume;
  }, [volume]);

  // Spec 001 §2: left arrow skips, right arrow likes.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingOrSliding(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') void skip();
      if (event.key === 'ArrowRight') void like();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [like, skip]);

  const audioError = audio.hasError ? PLAYER_MESSAGES.audioFailedToLoad : null;
  const error = discover.error ?? audioError;

  if (discover.phase === 'start' || (discover.phase === 'loading' && !discover.track)) {
    return (
      <div className="flex flex-col items-center gap-6 text-center">
        <div className="grid size-40 place-items-center rounded-full border border-line bg-surface">
          <Sparkles aria-hidden="true" className="size-12 text-accent" />
        </div>
        <p className="max-w-xs text-muted">
          No names, no covers. Listen, and like what moves you to find out who made it.
        </p>
        <Button size="lg" onClick={() => void discover.start()} isLoading={discover.phase === 'loading'}>
          {PLAYER_MESSAGES.discoverMusic}
        </Button>
        {error && <Banner tone="error">{error}</Banner>}
      </div>
    );
  }

  if (discover.phase === 'all-liked' || discover.phase === 'empty') {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <h2 className="text-2xl font-bold text-fg">
          {discover.phase === 'all-liked' ? PLAYER_MESSAGES.allLiked : PLAYER_MESSAGES.noFeaturedTracks}
        </h2>
        {discover.phase === 'all-liked' && (
          <div className="flex flex-wrap justify-center gap-3">
            {libraryLink}
            {chartsLink}
          </div>
        )}
      </div>
    );
  }

  return (
    <div {...swipe} className="flex w-full touch-pan-y flex-col items-center gap-6">
      <div>
        <RingScrubber
          currentTime={audio.currentTime}
          duration={audio.duration}
          onSeek={(seconds) => {
            getAudioElement().currentTime = seconds;
          }}
        >
          {audio.isLoading ? (
            <Spinner label="Loading track" />
          ) : (
            <span className="max-w-44 truncate text-sm tracking-[0.2em] text-muted uppercase">
              {named?.artist ?? 'Unknown artist'}
            </span>
          )}
          <span className="max-w-48 truncate text-2xl font-bold text-fg">{named?.title ?? '****'}</span>
        </RingScrubber>
      </div>
      <p className="text-sm text-muted md:hidden">Swipe left to skip, right to like</p>
      <div className="flex items-center gap-5">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Skip"
          onClick={() => void discover.skip()}
          disabled={discover.isBusy}
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
        <Button
          size="icon"
          className="size-16"
          aria-label={audio.isPlaying ? 'Pause' : 'Play'}
          onClick={() => void discover.togglePlay(audio.isPlaying)}
        >
          {audio.isPlaying ? (
            <Pause aria-hidden="true" className="size-7" />
          ) : (
            <Play aria-hidden="true" className="size-7" />
          )}
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Like"
          onClick={() => void discover.like()}
          disabled={discover.isBusy}
        >
          <Heart aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div className="hidden w-56 items-center gap-3 md:flex">
        <button
          type="button"
          aria-label={volume === 0 ? 'Unmute' : 'Mute'}
          className="text-muted hover:text-fg"
          onClick={() => {
            setVolume(volume === 0 ? UNMUTE_VOLUME : 0);
          }}
        >
          {volume === 0 ? (
            <VolumeX aria-hidden="true" className="size-5" />
          ) : (
            <Volume2 aria-hidden="true" className="size-5" />
          )}
        </button>
        <Slider
          label="Volume"
          hideLabel
          value={volume}
          onValueChange={setVolume}
          formatValue={(v) => `${Math.round(v * 100)}%`}
          className="flex-1"
        />
      </div>
      {error && <Banner tone="error">{error}</Banner>}
      {discover.reveal && (
        <RevealCard
          reveal={discover.reveal}
          artistHref={artistHref(discover.reveal.artist.id)}
          verifiedBadgeSrc={verifiedBadgeSrc}
          onFollow={() => void discover.toggleFollow()}
          onLibrary={() => void discover.toggleLibrary()}
          onNext={() => void discover.next()}
        />
      )}
    </div>
  );
}
