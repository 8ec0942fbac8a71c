import { Link } from 'react-router';
import { Slider } from '../../../components/ui/slider';
import { getAudioElement } from '../audio/audio-engine';
import { formatTime } from './ring-scrubber';
import { PlayPauseButton, SkipButton, TimeLabel, useNowPlaying } from './now-playing';

interface MiniPlayerProps {
  /** The artist page of a revealed track; the app knows the route. */
  artistHref: (artistId: string) => string;
}

/**
 * The mini player bar of a phone (spec 000 §2, spec 002 §2.12): play/pause with a spinner while
 * loading, title and artist masked as '****' unless the current track is liked, skip for a
 * Discover track, and the time beside the seek bar. Where it shows is the layout's decision.
 */
export function MiniPlayer({ artistHref }: MiniPlayerProps) {
  const nowPlaying = useNowPlaying();
  const { track, shown, audio, duration } = nowPlaying;
  if (!track) return null;

  return (
    <section
      aria-label="Now playing"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-line bg-nav/95 backdrop-blur"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-2">
        <PlayPauseButton nowPlaying={nowPlaying} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex min-w-0 items-baseline gap-2 text-sm">
            <span className="truncate font-semibold text-fg">{shown?.title ?? '****'}</span>
            {shown ? (
              <Link to={artistHref(shown.artistId)} className="truncate text-accent hover:underline">
                {shown.artist}
              </Link>
            ) : (
              <span className="truncate text-muted">****</span>
            )}
          </div>
          <div className="flex items-center gap-2">
            <TimeLabel seconds={audio.currentTime} className="w-9" />
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
            <TimeLabel seconds={duration} className="w-9 text-right" />
          </div>
        </div>
        <SkipButton nowPlaying={nowPlaying} />
      </div>
    </section>
  );
}
