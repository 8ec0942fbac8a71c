import { PLAYER_MESSAGES } from '@klang/domain';
import { Heart, Pause, Play, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { cn } from '../../../components/ui/cn';
import { Slider } from '../../../components/ui/slider';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { getAudioElement, pauseAudio, resumeTrack } from '../audio/audio-engine';
import { useAudioState } from '../hooks/use-audio-state';
import { useDiscoverSkip } from '../hooks/use-discover-skip';
import { revealedFrom, usePlayerStore, type RevealedTrack } from '../player-store';
import { announceChanges } from '../server-changes';
import { formatTime } from './ring-scrubber';

/**
 * The cover of a revealed track, when the player store carries one. The one place that reads
 * it: a cover is only ever in the store after a like, and nothing else may name the track.
 */
export function revealedCover(revealed: RevealedTrack): string | null {
  return revealed.coverUrl;
}

/**
 * What the mini player and the now-playing bar show: the current track, its name only when the
 * listener has liked it (spec 002 §2.12), the audio's state and the Discover skip.
 */
export function useNowPlaying() {
  const track = usePlayerStore((state) => state.currentTrack);
  const revealed = usePlayerStore((state) => state.revealed);
  const isLiked = usePlayerStore((state) => (track ? state.likedTrackIds.includes(track.id) : false));
  const audio = useAudioState();
  const discoverSkip = useDiscoverSkip();
  const shown = track && isLiked && revealed?.trackId === track.id ? revealed : null;
  const fromChart = usePlayerStore((state) => state.trackOrigin === 'charts');
  /** A track played blind from a chart (decision 0288), not liked yet: the mini player offers the like. */
  const isBlindChartPlay = track !== null && shown === null && fromChart;
  // The audio element knows the length once loaded; the track's own length covers the moment before.
  const duration = audio.duration > 0 ? audio.duration : (track?.durationMs ?? 0) / 1000;
  return { track, shown, audio, duration, discoverSkip, isBlindChartPlay };
}

type NowPlaying = ReturnType<typeof useNowPlaying>;

/** Play and pause, with a spinner while the track loads. */
export function PlayPauseButton({
  nowPlaying: { track, audio },
  className,
}: {
  nowPlaying: NowPlaying;
  className?: string;
}) {
  if (!track) return null;
  return (
    <button
      type="button"
      aria-label={audio.isPlaying ? 'Pause' : 'Play'}
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-full bg-primary text-on-primary transition-transform hover:scale-105 active:scale-95',
        className,
      )}
      onClick={() => {
        if (audio.isPlaying) pauseAudio();
        else void resumeTrack(track.id).catch(() => undefined);
      }}
    >
      {audio.isLoading ? (
        <Spinner size="sm" label="Loading track" />
      ) : audio.isPlaying ? (
        <Pause aria-hidden="true" className="size-5" fill="currentColor" />
      ) : (
        <Play aria-hidden="true" className="size-5 translate-x-px" fill="currentColor" />
      )}
    </button>
  );
}

/** Skip, only for a Discover track: the same dislike and next pick as a swipe left. */
export function SkipButton({ nowPlaying, className }: { nowPlaying: NowPlaying; className?: string }) {
  const { discoverSkip } = nowPlaying;
  if (!discoverSkip) return null;
  return (
    <button
      type="button"
      aria-label="Skip"
      title="Skip"
      disabled={discoverSkip.isBusy}
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-field hover:text-fg disabled:opacity-50',
        className,
      )}
      onClick={discoverSkip.skip}
    >
      <SkipForward aria-hidden="true" className="size-5" />
    </button>
  );
}

/**
 * Like, for a track played blind from a chart (decision 0288): recorded by its alias as a
 * Discover like is, and the name it reveals is shown where the mask was.
 */
export function BlindLikeButton({ nowPlaying, className }: { nowPlaying: NowPlaying; className?: string }) {
  // A like is recorded once per tap: a mutation, which the app's client never retries.
  const like = useMutation({
    mutationFn: ({ alias, positionMs }: { alias: string; positionMs: number }) =>
      playerApi.like(alias, false, positionMs),
    onSuccess: (revealed, { alias }) => {
      announceChanges('likes', 'points', 'taste');
      // The listener may have moved on while the like was recorded: reveal only what is playing.
      if (usePlayerStore.getState().currentTrack?.id !== alias) return;
      usePlayerStore.getState().markLiked(revealedFrom(alias, revealed));
    },
    onError: (likeError) => {
      // Visible where the listener looks, and read out: the mini player has no room for a line.
      toast.error(likeError instanceof ApiError ? likeError.message : PLAYER_MESSAGES.trackUnavailable);
    },
  });
  const { track, isBlindChartPlay } = nowPlaying;
  if (!track || !isBlindChartPlay) return null;

  return (
    <button
      type="button"
      aria-label={PLAYER_MESSAGES.likeToReveal}
      title={PLAYER_MESSAGES.likeToReveal}
      disabled={like.isPending}
      className={cn(
        'grid size-10 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-field hover:text-primary disabled:opacity-50',
        className,
      )}
      onClick={() => {
        const seconds = getAudioElement().currentTime;
        like.mutate({ alias: track.id, positionMs: Math.floor((seconds || 0) * 1000) });
      }}
    >
      <Heart aria-hidden="true" className="size-5" />
    </button>
  );
}

/** '1:23' as the visible elapsed or total time; screen readers get the seek slider's own text. */
export function TimeLabel({ seconds, className }: { seconds: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('font-mono text-xs text-muted tabular-nums', className)}>
      {formatTime(seconds)}
    </span>
  );
}

/** The seek bar between elapsed and total time, for the mini player and the now-playing bar. */
export function SeekRow({
  nowPlaying: { audio, duration },
  timeClassName,
  className,
}: {
  nowPlaying: NowPlaying;
  timeClassName?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <TimeLabel seconds={audio.currentTime} className={cn(timeClassName, 'text-right')} />
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
      <TimeLabel seconds={duration} className={timeClassName} />
    </div>
  );
}

/** Spec 001 §9: unmuting from silence restores half volume. */
const UNMUTE_VOLUME = 0.5;

/** The listener's volume, applied to the one audio element wherever it is changed from. */
export function useAppliedVolume() {
  const volume = usePlayerStore((state) => state.volume);
  useEffect(() => {
    getAudioElement().volume = volume;
  }, [volume]);
}

/** Mute and the volume slider (spec 001 §2: wide screens), for Discover and the now-playing bar. */
export function VolumeControl({
  buttonClassName,
  sliderClassName,
}: {
  buttonClassName?: string;
  sliderClassName?: string;
}) {
  const volume = usePlayerStore((state) => state.volume);
  const setVolume = usePlayerStore((state) => state.setVolume);
  return (
    <>
      <button
        type="button"
        aria-label={volume === 0 ? 'Unmute' : 'Mute'}
        className={buttonClassName}
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
        formatValue={(v) => `${String(Math.round(v * 100))}%`}
        className={sliderClassName}
      />
    </>
  );
}
