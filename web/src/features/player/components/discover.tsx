import { Heart, Pause, Play, SlidersHorizontal, Sparkles, WifiOff, X } from 'lucide-react';
import { useEffect, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { PLAYER_MESSAGES, SOUND_MESSAGES } from '@klang/domain';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { unlockAnalyser } from '../audio/analyser';
import { getAudioElement } from '../audio/audio-engine';
import { useAudioState } from '../hooks/use-audio-state';
import { useDiscover } from '../hooks/use-discover';
import { useSwipe, type SwipeState } from '../hooks/use-swipe';
import { usePlayerStore } from '../player-store';
import { formatPoints } from '../points-toast';
import { countFilters, describeFilters } from '../dig-filters';
import { DigBar } from './dig-bar';
import { DiscoverDoor, DiscoverIntro, useDiscoverIntro } from './discover-intro';
import { useAppliedVolume, VolumeControl } from './now-playing';
import { OfflinePackButton } from './offline-pack-button';
import { OfflineEnd, OfflinePackNews, RevealOnlineNotice } from './offline-pack-notices';
import { OFFLINE_PACK_TEXT } from '../offline-pack/offline-pack-text';
import { RevealCard } from './reveal-card';
import { formatTime, RingScrubber } from './ring-scrubber';
import { MomentButton, MomentNotice } from './moment-button';
import { SkipReasonStrip } from './skip-reason-strip';
import { shareTrack } from '../share-track';

interface DiscoverProps {
  libraryLink: ReactNode;
  chartsLink: ReactNode;
  /** A listener's way to bring a friend (their invites); none for an artist. */
  inviteLink?: ReactNode;
  artistHref: (artistId: string) => string;
  /** The app's path of a blind share link (decision 0307). */
  shareHref: (token: string) => string;
  verifiedBadgeSrc: string;
}

/** How far the card tilts per pixel it is dragged. */
const TILT_DEG_PER_PX = 1 / 22;

function isTypingOrSliding(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.closest('input, textarea, select, [role="slider"]') !== null || target.isContentEditable)
  );
}

/** Space presses a focused button or link itself; only elsewhere is it play and pause. */
function isPressable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a, summary, [role="button"]') !== null;
}

// Absent where there is no layout engine (jsdom): motion is then allowed.
const reducedMotion =
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      reducedMotion?.addEventListener('change', onChange);
      return () => {
        reducedMotion?.removeEventListener('change', onChange);
      };
    },
    () => reducedMotion?.matches ?? false,
  );
}

/**
 * Where the deck card sits for a swipe: following the finger, flying out (only the card of the
 * track that was swiped: the next one is dealt in at rest), or at rest.
 */
function cardStyle(swipe: SwipeState, trackKey: string, isReduced: boolean): CSSProperties {
  // With reduced motion a committed card does not fly out: it waits, still, for the next track.
  const flyOut = isReduced ? 0 : Math.sign(swipe.offset) * window.innerWidth * 1.1;
  const offset = swipe.leaving ? (swipe.subject === trackKey ? flyOut : 0) : swipe.offset;
  const tilt = isReduced ? 0 : offset * TILT_DEG_PER_PX;
  return {
    transform: offset === 0 ? undefined : `translateX(${String(offset)}px) rotate(${String(tilt)}deg)`,
    transition: swipe.isDragging || isReduced ? 'none' : 'transform 200ms cubic-bezier(0.2, 0.8, 0.2, 1)',
  };
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-grid h-6 min-w-6 place-items-center rounded-md border border-line bg-field px-1.5 font-sans text-xs font-semibold text-fg shadow-[0_1px_0_var(--color-line)]">
      {children}
    </kbd>
  );
}

/** The Discover screen (spec 001 §2 /player): blind listening, like to reveal, skip to move on. */
export function Discover({
  libraryLink,
  chartsLink,
  inviteLink,
  artistHref,
  shareHref,
  verifiedBadgeSrc,
}: DiscoverProps) {
  const discover = useDiscover();
  const audio = useAudioState();
  const intro = useDiscoverIntro();
  const isReduced = usePrefersReducedMotion();
  const stored = usePlayerStore((state) => state.revealed);
  const isLikedOnline = usePlayerStore((state) =>
    discover.track ? state.likedTrackIds.includes(discover.track.id) : false,
  );
  const isLikedOffline = discover.track !== null && discover.likedOffline === discover.track.id;
  const isLiked = isLikedOnline || isLikedOffline;
  // After a reload the reveal card is gone, but a liked track stays named.
  const named = discover.reveal
    ? {
        title: discover.reveal.track.title,
        artist: discover.reveal.track.artist,
        coverUrl: discover.reveal.track.coverUrl,
      }
    : stored && stored.trackId === discover.track?.id
      ? stored
      : null;
  const { like, skip, togglePlay } = discover;
  // Offline the deck's digging means nothing: the pack plays in the order it was saved.
  const digBar = discover.isOnline ? (
    <DigBar
      filters={discover.filters}
      isMixing={discover.isMixing}
      onDig={(filters, isMixing) => void discover.dig(filters, isMixing)}
      isSurprising={discover.isSurprising}
      onSurprise={discover.surprise}
      isTuned={discover.isTuned}
    >
      <OfflinePackButton />
    </DigBar>
  ) : (
    <div className="flex w-full max-w-md flex-wrap items-center justify-center gap-2">
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <WifiOff aria-hidden="true" className="size-4 text-accent" />
        {OFFLINE_PACK_TEXT.playingOffline}
      </p>
      <OfflinePackButton />
    </div>
  );
  const news = <OfflinePackNews artistHref={artistHref} />;
  const swipe = useSwipe((direction) => (direction === 'left' ? skip() : like()), discover.track?.id ?? null);

  useAppliedVolume();

  // The ring listens to the music through Web Audio, which may only start inside a gesture.
  useEffect(() => {
    window.addEventListener('pointerdown', unlockAnalyser);
    window.addEventListener('keydown', unlockAnalyser);
    return () => {
      window.removeEventListener('pointerdown', unlockAnalyser);
      window.removeEventListener('keydown', unlockAnalyser);
    };
  }, []);

  // Spec 001 §2: left arrow skips, right arrow likes; space plays and pauses (issue 17).
  const isPlaying = audio.isPlaying;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingOrSliding(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') void skip();
      if (event.key === 'ArrowRight') void like();
      if (event.key === ' ' && !isPressable(event.target)) {
        event.preventDefault();
        void togglePlay(isPlaying);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [isPlaying, like, skip, togglePlay]);

  const { phase, prepare, forgetFirstPick } = discover;
  useEffect(() => {
    if (phase === 'start') prepare();
  }, [phase, prepare]);
  useEffect(() => forgetFirstPick, [forgetFirstPick]);

  const audioError = audio.hasError ? PLAYER_MESSAGES.audioFailedToLoad : null;
  const error = discover.error ?? audioError;

  if (discover.phase === 'start' || (discover.phase === 'loading' && !discover.track)) {
    return (
      <div className="flex w-full flex-col items-center gap-7 text-center">
        <div className={cn('relative grid place-items-center', intro.isShown ? 'size-32' : 'size-44')}>
          <div
            aria-hidden="true"
            className="absolute inset-0 rounded-full bg-[conic-gradient(from_180deg,var(--color-primary),transparent_40%,var(--color-primary)_75%,transparent)] opacity-70 blur-2xl motion-safe:animate-breathe"
          />
          <div className="relative grid size-[90%] place-items-center rounded-full border border-line bg-surface shadow-2xl">
            <Heart aria-hidden="true" className="size-1/3 text-accent" />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-2xl font-bold tracking-tight text-fg lg:text-3xl">Hear it before you know it</p>
          {!intro.isShown && (
            <p className="mx-auto max-w-xs text-muted">
              No names, no covers. Listen, and like what moves you to find out who made it.
            </p>
          )}
        </div>
        {intro.isShown && <DiscoverIntro onSkip={intro.dismiss} />}
        <Button
          size="lg"
          className="min-w-56"
          onClick={() => {
            unlockAnalyser();
            if (intro.isShown) intro.dismiss();
            void discover.start();
          }}
          isLoading={discover.phase === 'loading'}
        >
          <Play aria-hidden="true" className="size-5 fill-current" />
          {PLAYER_MESSAGES.discoverMusic}
        </Button>
        {digBar}
        {news}
        {intro.isShown && <DiscoverDoor />}
        {error && <Banner tone="error">{error}</Banner>}
      </div>
    );
  }

  if (discover.phase === 'filter-empty') {
    return (
      <div className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <div className="grid size-20 place-items-center rounded-full border border-line bg-surface shadow-xl">
          <SlidersHorizontal aria-hidden="true" className="size-9 text-accent" />
        </div>
        <h2 className="text-xl font-bold tracking-tight text-balance text-fg">
          {countFilters(discover.filters) > 0
            ? SOUND_MESSAGES.filterEmpty(describeFilters(discover.filters))
            : SOUND_MESSAGES.mixEmpty}
        </h2>
        {digBar}
        <SkipReasonStrip />
      </div>
    );
  }

  if (discover.phase === 'offline-empty' || discover.phase === 'offline-no-pack') {
    return (
      <OfflineEnd isPackPlayed={discover.phase === 'offline-empty'} onRetry={() => void discover.start()} />
    );
  }

  if (discover.phase === 'all-liked' || discover.phase === 'empty') {
    const isAllLiked = discover.phase === 'all-liked';
    return (
      <div className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <div className="grid size-20 place-items-center rounded-full border border-line bg-surface shadow-xl">
          <Sparkles aria-hidden="true" className="size-9 text-accent" />
        </div>
        <div className="flex flex-col gap-2">
          <h2 className="text-2xl font-bold tracking-tight text-fg">
            {isAllLiked ? PLAYER_MESSAGES.allLiked : PLAYER_MESSAGES.noFeaturedTracks}
          </h2>
          <p className="text-pretty text-muted">
            {isAllLiked ? PLAYER_MESSAGES.allLikedNext : PLAYER_MESSAGES.noFeaturedTracksNext}
          </p>
        </div>
        {news}
        <div className="flex flex-wrap justify-center gap-3">
          {chartsLink}
          {isAllLiked && libraryLink}
          {inviteLink}
        </div>
        {/* The skip that emptied the deck can still say why. */}
        <SkipReasonStrip />
      </div>
    );
  }

  const trackKey = discover.track?.id ?? 'none';
  // Blind Notes' moments belong to a deal still blind: a like ends it (and names the track). None
  // offline, nor for a pack track: a moment is a network call, and a pack's deal takes no note.
  const blindAlias =
    discover.track && !named && !isLiked && !discover.reveal && discover.isOnline && !discover.isPackTrack
      ? discover.track.id
      : null;
  const remaining = Math.max(0, audio.duration - audio.currentTime);
  const offset = swipe.state.leaving
    ? swipe.state.subject === trackKey
      ? Math.sign(swipe.state.offset) * 200
      : 0
    : swipe.state.offset;
  return (
    <div className="flex w-full flex-col items-center gap-5 lg:gap-6">
      <SkipReasonStrip fallback={digBar} />
      <div className="relative w-full max-w-md">
        {/* The next card of the deck, peeking out behind this one. */}
        <div
          aria-hidden="true"
          className="absolute inset-x-5 top-3 -bottom-2.5 rounded-[2rem] border border-line bg-surface/60"
        />
        <div
          {...swipe.handlers}
          data-testid="discover-card"
          key={trackKey}
          style={cardStyle(swipe.state, trackKey, isReduced)}
          className="relative isolate flex touch-pan-y flex-col items-center gap-4 overflow-hidden rounded-[2rem] border border-line bg-surface px-5 pt-9 pb-6 shadow-2xl shadow-black/30 select-none motion-safe:animate-deal-in lg:px-8"
        >
          {/* The room round the ring: the cover's colours once liked, a breathing glow before. */}
          {named?.coverUrl ? (
            <>
              <img
                key={`backdrop-${trackKey}`}
                src={named.coverUrl}
                alt=""
                aria-hidden="true"
                className="absolute inset-0 -z-10 size-full scale-125 object-cover opacity-40 blur-3xl saturate-150 motion-safe:animate-fade-in"
              />
              {/* The colour stays round the ring; the text below sits on the card's own surface. */}
              <div
                aria-hidden="true"
                className="absolute inset-0 -z-10 bg-linear-to-b from-transparent from-35% via-surface/75 via-65% to-surface"
              />
            </>
          ) : (
            <div
              aria-hidden="true"
              className={cn(
                'absolute inset-x-0 top-0 -z-10 mx-auto aspect-square w-full rounded-full bg-[radial-gradient(circle,var(--color-glow),transparent_65%)]',
                audio.isPlaying && 'motion-safe:animate-breathe',
              )}
            />
          )}
          {offset !== 0 && (
            <span
              aria-hidden="true"
              style={{ opacity: Math.min(1, Math.abs(offset) / 60) }}
              className={cn(
                'absolute top-5 z-10 rounded-xl border-2 px-3 py-1 text-lg font-black tracking-widest uppercase',
                offset > 0
                  ? 'left-5 -rotate-12 border-success-text text-success-text'
                  : 'right-5 rotate-12 border-accent text-accent',
              )}
            >
              {offset > 0 ? 'Like' : 'Skip'}
            </span>
          )}
          <RingScrubber
            currentTime={audio.currentTime}
            duration={audio.duration}
            isPlaying={audio.isPlaying}
            onSeek={(seconds) => {
              getAudioElement().currentTime = seconds;
            }}
          >
            {named ? (
              named.coverUrl ? (
                <img
                  key={`cover-${trackKey}`}
                  src={named.coverUrl}
                  alt=""
                  className="size-full object-cover motion-safe:animate-bloom"
                />
              ) : (
                <div className="grid size-full place-items-center bg-[radial-gradient(circle_at_30%_25%,var(--color-primary),var(--color-surface))] motion-safe:animate-bloom">
                  <Heart aria-hidden="true" className="size-16 fill-current text-on-primary" />
                </div>
              )
            ) : (
              <div className="grid size-full place-items-center bg-[radial-gradient(circle_at_30%_25%,var(--color-field),var(--color-surface)_70%)]">
                {audio.isLoading ? (
                  <Spinner label="Loading track" />
                ) : (
                  <div className="flex flex-col items-center gap-1.5">
                    <span className="text-xs font-semibold tracking-[0.3em] text-muted uppercase">
                      Unknown artist
                    </span>
                    <span className="text-3xl font-black tracking-[0.2em] text-fg">****</span>
                  </div>
                )}
              </div>
            )}
          </RingScrubber>
          <div className="-mt-1 flex w-[min(80vw,320px)] items-center justify-between gap-2 text-xs font-medium text-muted tabular-nums lg:w-[340px]">
            <span aria-hidden="true">{formatTime(audio.currentTime)}</span>
            {blindAlias && <MomentButton alias={blindAlias} isDisabled={audio.isLoading} />}
            <span aria-hidden="true">-{formatTime(remaining)}</span>
          </div>
          {discover.reveal ? (
            <RevealCard
              key={discover.reveal.track.id}
              reveal={discover.reveal}
              artistHref={artistHref(discover.reveal.artist.id)}
              verifiedBadgeSrc={verifiedBadgeSrc}
              onFollow={() => void discover.toggleFollow()}
              onLibrary={() => void discover.toggleLibrary()}
              onNext={() => void discover.next()}
              onShare={() => void shareTrack(discover.reveal?.track.id ?? '', shareHref)}
            />
          ) : isLikedOffline ? (
            <RevealOnlineNotice onNext={() => void discover.next()} />
          ) : named ? (
            <div className="flex min-w-0 flex-col items-center gap-1 text-center">
              <p className="max-w-full truncate text-2xl font-bold tracking-tight text-fg">{named.title}</p>
              <p className="max-w-full truncate font-semibold text-accent">{named.artist}</p>
            </div>
          ) : blindAlias ? (
            <MomentNotice alias={blindAlias}>
              <p className="text-sm text-muted">Like it to find out who made it</p>
            </MomentNotice>
          ) : (
            <p className="text-sm text-muted">Like it to find out who made it</p>
          )}
        </div>
      </div>

      <div className="flex items-center gap-6">
        <div className="relative">
          <Button
            variant="secondary"
            size="icon"
            className="size-14"
            aria-label="Skip"
            onClick={() => void discover.skip()}
            disabled={discover.isBusy}
          >
            <X aria-hidden="true" className="size-6" />
          </Button>
          <span aria-live="polite" className="pointer-events-none absolute -top-8 left-1/2 -translate-x-1/2">
            {discover.skipPoints && (
              <span
                key={discover.skipPoints.at}
                className="block rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-fg shadow-sm ring-1 ring-border motion-safe:animate-rise-in"
              >
                {formatPoints(discover.skipPoints.points)}
              </span>
            )}
          </span>
        </div>
        <Button
          size="icon"
          className="size-18"
          aria-label={audio.isPlaying ? 'Pause' : 'Play'}
          onClick={() => void discover.togglePlay(audio.isPlaying)}
        >
          {audio.isPlaying ? (
            <Pause aria-hidden="true" className="size-8 fill-current" />
          ) : (
            <Play aria-hidden="true" className="size-8 translate-x-0.5 fill-current" />
          )}
        </Button>
        <Button
          variant="secondary"
          size="icon"
          className={cn('size-14', isLiked && 'border-primary/60')}
          aria-label="Like"
          aria-pressed={isLiked}
          onClick={() => void discover.like()}
          disabled={discover.isBusy}
        >
          <Heart
            key={isLiked ? 'liked' : 'blind'}
            aria-hidden="true"
            className={cn('size-6', isLiked && 'fill-primary text-primary motion-safe:animate-heart-pop')}
          />
        </Button>
      </div>

      {news}
      <p className="text-sm text-muted md:pointer-fine:hidden">Swipe left to skip, right to like</p>
      <div className="flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
        <div className="hidden items-center gap-5 text-xs text-muted md:pointer-fine:flex" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <Kbd>←</Kbd> Skip
          </span>
          <span className="flex items-center gap-1.5">
            <Kbd>Space</Kbd> Play / pause
          </span>
          <span className="flex items-center gap-1.5">
            <Kbd>→</Kbd> Like
          </span>
        </div>

        <div className="hidden w-48 items-center gap-3 md:flex">
          <VolumeControl buttonClassName="text-muted hover:text-fg" sliderClassName="flex-1" />
        </div>
      </div>
      {error && <Banner tone="error">{error}</Banner>}
    </div>
  );
}
