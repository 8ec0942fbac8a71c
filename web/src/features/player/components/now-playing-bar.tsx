import { AudioLines } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import {
  BlindLikeButton,
  PlayPauseButton,
  SeekRow,
  SkipButton,
  revealedCover,
  useNowPlaying,
  VolumeControl,
} from './now-playing';

interface NowPlayingBarProps {
  /** The artist page of a revealed track; the app knows the route. */
  artistHref: (artistId: string) => string;
  /** What the bar offers while nothing is loaded (a way to start listening). */
  idle: ReactNode;
  className?: string;
}

/**
 * The desktop now-playing bar, under every app screen: the cover and name once the track is
 * liked (masked before: the client holds nothing more until a like), elapsed and total time
 * around the seek bar, play/pause, skip for a Discover track, and the volume.
 */
export function NowPlayingBar({ artistHref, idle, className }: NowPlayingBarProps) {
  const nowPlaying = useNowPlaying();
  const { track, shown, audio } = nowPlaying;
  const cover = shown ? revealedCover(shown) : null;

  return (
    <section
      aria-label="Now playing"
      className={cn('fixed inset-x-0 bottom-0 z-30 h-20 border-t border-line bg-nav', className)}
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
                ) : nowPlaying.isBlindChartPlay ? (
                  <BlindLikeButton nowPlaying={nowPlaying} />
                ) : (
                  <span className="size-10" aria-hidden="true" />
                )}
              </div>
              <SeekRow nowPlaying={nowPlaying} timeClassName="w-10" className="w-full max-w-xl" />
            </>
          )}
        </div>

        <div className="flex items-center justify-end gap-2">
          <VolumeControl
            buttonClassName="grid size-9 place-items-center rounded-full text-muted transition-colors hover:bg-field hover:text-fg"
            sliderClassName="w-28"
          />
        </div>
      </div>
    </section>
  );
}
