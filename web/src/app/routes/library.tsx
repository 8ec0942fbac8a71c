import type { RevealedListedTrack } from '@klang/domain';
import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Library } from '../../features/catalogue/components/library';
import { getAudioElement } from '../../features/player/audio/audio-engine';
import { useListPlayback } from '../../features/player/hooks/use-list-playback';
import { usePlayerStore } from '../../features/player/player-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/** The track the player holds, when the library started it. */
function libraryTrackId(): string | null {
  const state = usePlayerStore.getState();
  return state.trackOrigin === 'library' ? (state.currentTrack?.id ?? null) : null;
}

/**
 * Play-all for the library: when a queued track ends, the next one starts, while this screen is
 * open and the track that ended is still the one the queue started.
 */
function usePlayAll(playback: ReturnType<typeof useListPlayback>) {
  const queue = useRef<RevealedListedTrack[]>([]);
  const { toggle } = playback;

  useEffect(() => {
    const element = getAudioElement();
    const onEnded = () => {
      const id = libraryTrackId();
      const index = queue.current.findIndex((track) => track.id === id);
      const next = index >= 0 ? queue.current[index + 1] : undefined;
      if (next) void toggle(next);
      else queue.current = [];
    };
    element.addEventListener('ended', onEnded);
    return () => {
      element.removeEventListener('ended', onEnded);
    };
  }, [toggle]);

  return useCallback(
    (tracks: RevealedListedTrack[]) => {
      queue.current = tracks;
      const first = tracks[0];
      // The same track from the same origin toggles (spec 000 §4): leave it playing if it is.
      if (first && !(libraryTrackId() === first.id && !getAudioElement().paused)) void toggle(first);
    },
    [toggle],
  );
}

export function Component() {
  useDocumentTitle('Library');
  const playback = useListPlayback('library');
  const playAll = usePlayAll(playback);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Library</h1>
      <Library
        playback={playback}
        artistHref={(artistId) => paths.artist(artistId)}
        onPlayAll={playAll}
        discoverLink={
          <Button asChild>
            <Link to={paths.player}>Go to Discover</Link>
          </Button>
        }
      />
    </section>
  );
}
