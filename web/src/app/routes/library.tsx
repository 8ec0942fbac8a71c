import type { RevealedListedTrack } from '@klang/domain';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Library } from '../../features/catalogue/components/library';
import { getAudioElement } from '../../features/player/audio/audio-engine';
import { useListPlayback } from '../../features/player/hooks/use-list-playback';
import { useListQueueStore } from '../../features/player/list-queue';
import { usePlayerStore } from '../../features/player/player-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/**
 * Play-all: the player's queue takes the list, so the next track starts when one ends on any
 * screen (useListQueue); the first starts now, unless it already plays from the library.
 */
function usePlayAll(playback: ReturnType<typeof useListPlayback>) {
  const { toggle } = playback;
  return useCallback(
    (tracks: RevealedListedTrack[]) => {
      useListQueueStore.getState().start('library', tracks);
      const first = tracks[0];
      const { currentTrack, trackOrigin } = usePlayerStore.getState();
      const isPlayingFirst =
        trackOrigin === 'library' && currentTrack?.id === first?.id && !getAudioElement().paused;
      // The same track from the same origin toggles (spec 000 §4): leave it playing if it is.
      if (first && !isPlayingFirst) void toggle(first);
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
