import { Pause, Play } from 'lucide-react';
import { Slider } from '../../../components/ui/slider';
import { Spinner } from '../../../components/ui/spinner';
import { getAudioElement, pauseAudio, resumeTrack } from '../audio/audio-engine';
import { useAudioState } from '../hooks/use-audio-state';
import { usePlayerStore } from '../player-store';
import { formatTime } from './ring-scrubber';

interface MiniPlayerProps {
  /** The artist page of a revealed track; the app knows the route. */
  artistHref: (artistId: string) => string;
}

/**
 * The mini player bar (spec 000 §2, spec 002 §2.12): seek, title and artist masked as '****'
 * unless the current track is liked, play/pause with a spinner while loading. Where it shows is
 * the layout's decision.
 */
export function MiniPlayer({ artistHref }: MiniPlayerProps) {
  const track = usePlayerStore((state) => state.currentTrack);
  const revealed = usePlayerStore((state) => state.revealed);
  const liked = usePlayerStore((state) => (track ? state.likedTrackIds.includes(track.id) : false));
  const audio = useAudioState();
  if (!track) return null;
  const shown = liked && revealed?.trackId === track.id ? revealed : null;

  return (
    <section
      aria-label="Now playing"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-line bg-nav/95 backdrop-blur"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-2">
        <button
          type="button"
          aria-label={audio.isPlaying ? 'Pause' : 'Play'}
          className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-on-primary"
          onClick={() => {
            if (audio.isPlaying) pauseAudio();
            else void resumeTrack(track.id);
          }}
        >
          {audio.isLoading ? (
            <Spinner size="sm" label="Loading track" />
          ) : audio.isPlaying ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 items-baseline gap-2 text-sm">
            <span className="truncate font-semibold text-fg">{shown?.title ?? '****'}</span>
            {shown ? (
              <a href={artistHref(shown.artistId)} className="truncate text-accent hover:underline">
                {shown.artist}
              </a>
            ) : (
              <span className="truncate text-muted">****</span>
            )}
          </div>
          <Slider
            label="Seek"
            hideLabel
            value={audio.currentTime}
            min={0}
            max={Math.max(1, audio.duration)}
            step={1}
            formatValue={(seconds) => `${formatTime(seconds)} of ${formatTime(audio.duration)}`}
            onValueChange={(seconds) => {
              getAudioElement().currentTime = seconds;
            }}
          />
        </div>
      </div>
    </section>
  );
}
