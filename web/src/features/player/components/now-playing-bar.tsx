import { AudioLines, Volume2, VolumeX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { Slider } from '../../../components/ui/slider';
import { getAudioElement } from '../audio/audio-engine';
import { usePlayerStore } from '../player-store';
import { formatTime } from './ring-scrubber';
import { PlayPauseButton, SkipButton, TimeLabel, revealedCover, useNowPlaying } from './now-playing';

/** Spec 001 §9: unmuting from silence restores half volume. */
const UNMUTE_VOLUME = 0.5;

interface NowPlayingBarProps {
  /** The artist page of a revealed track; the app knows the route. */
  artistHref: (artistId: string) => string;
  /** What the bar offers while nothing is loaded (a way to start listening). */
  idle: ReactNode;
  className?: string;
}

/** The listener's volume, applied to the one audio element wherever it is changed from. */
export function useAppliedVolume() {
  const volume = usePlayerStore((state) => state.volume);
  useEffect(() => {
    getAudioElement().volume = volume;
  }, [volume]);
}

/**
 * The desktop now-playing bar, under every app screen: the cover and name once the track is
 * liked (masked before: the client holds nothing more until a like), elapsed and total time
 * around the seek bar, play/pause, skip for a Discover track, and the volume.
 */
export function NowPlayingBar({ artistHref, idle, className }: NowPlayingBarProps) {
  const nowPlaying = useNowPlaying();
  const { track, shown, audio, duration } = nowPlaying;
  const volume = usePlayerStore((state) => state.volume);
  const setVolume = usePlayerStore((state) => state.setVolume);
  const cover = shown ? revealedCover(shown) : null;

  return (
    <section
      aria-label="Now playing"
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 h-20 border-t border-line bg-nav/95 backdrop-blur-xl',
        className,
      )}
    >
      <div className="grid h-full grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-6 px-5">
        <div className="flex min-w-0 items-center gap-3">
          <div
            className={cn(
              'grid size-12 shrink-0 place-items-center overflow-hidden rounded-lg',
              cover ? 'bg-field' : 'bg-gradient-to-br from-primary/35 via-field to-field text-muted',
            )}
          >
            {cover ? (
              <img src={cover} alt="" className="size-full object-cover" />
            ) : (
              <AudioLines aria-hidden="true" className={cn('size-5', audio.isPlaying && 'text-accent')} />
            )}
          </div>
          {track ? (
            <div className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-semibold text-fg">{shown?.title ?? '****'}</span>
              {shown ? (
                <Link
                  to={artistHref(shown.artistId)}
                  className="truncate text-[0.8125rem] text-muted hover:text-fg hover:underline"
                >
                  {shown.artist}
                </Link>
              ) : (
                <span className="truncate text-[0.8125rem] text-muted">Like it to reveal the artist</span>
              )}
            </div>
          ) : (
            <div className="min-w-0 text-sm text-muted">{idle}</div>
          )}
        </div>

        <div className="flex min-w-0 flex-col items-center gap-1">
          {track && (
            <>
              <div className="flex items-center gap-2">
                {/* Same width on both sides, so play stays centred whether skip shows or not. */}
                <span className="size-10" aria-hidden="true" />
                <PlayPauseButton nowPlaying={nowPlaying} className="size-9" />
                {nowPlaying.discoverSkip ? (
                  <SkipButton nowPlaying={nowPlaying} />
                ) : (
                  <span className="size-10" aria-hidden="true" />
                )}
              </div>
              <div className="flex w-full max-w-xl items-center gap-2">
                <TimeLabel seconds={audio.currentTime} className="w-10 text-right" />
                <Slider
                  label="Seek"
                  hideLabel
                  value={audio.currentTime}
                  min={0}
                  max={Math.max(1, duration)}
                  step={1}
                  formatValue={(seconds) => `${formatTime(seconds)} of ${formatTime(duration)}`}
                  onValueChange={(seconds) => {
                    getAudioElement().currentTime = seconds;
                  }}
                  className="flex-1"
                />
                <TimeLabel seconds={duration} className="w-10" />
              </div>
            </>
          )}
        </div>

        <div className="flex items-center justify-end gap-2">
          <button
            type="button"
            aria-label={volume === 0 ? 'Unmute' : 'Mute'}
            className="grid size-9 place-items-center rounded-full text-muted transition-colors hover:bg-field hover:text-fg"
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
            className="w-28"
          />
        </div>
      </div>
    </section>
  );
}
