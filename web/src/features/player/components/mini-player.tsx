import { Link } from 'react-router';
import { BlindLikeButton, PlayPauseButton, SeekRow, SkipButton, useNowPlaying } from './now-playing';

interface MiniPlayerProps {
  /** The artist page of a revealed track; the app knows the route. */
  artistHref: (artistId: string) => string;
}

/**
 * The mini player bar of a phone (spec 000 §2, spec 002 §2.12): play/pause with a spinner while
 * loading, title and artist masked as '****' unless the current track is liked, skip for a
 * Discover track, like for a track played blind from a chart (decision 0288), and the time
 * beside the seek bar. Where it shows is the layout's decision.
 */
export function MiniPlayer({ artistHref }: MiniPlayerProps) {
  const nowPlaying = useNowPlaying();
  const { track, shown } = nowPlaying;
  if (!track) return null;

  return (
    <section
      aria-label="Now playing"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-line bg-nav"
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
          <SeekRow nowPlaying={nowPlaying} timeClassName="w-9" />
        </div>
        <BlindLikeButton nowPlaying={nowPlaying} />
        <SkipButton nowPlaying={nowPlaying} />
      </div>
    </section>
  );
}
