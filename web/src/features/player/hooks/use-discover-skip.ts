import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { playerApi } from '../api/player-api';
import { pauseAudio, playTrack, resumeTrack } from '../audio/audio-engine';
import { updateMediaSession } from '../media-session';
import { usePlayerStore } from '../player-store';

/** The Discover screen's own path: it carries its own skip there (see below). */
const DISCOVER_PATH = '/player';

/**
 * Skip for a Discover track away from the Discover screen (the mini player, the now-playing bar):
 * the same dislike and next pick the Discover screen makes (spec 000 §4), then the next blind
 * track plays. Null unless the current track came from Discover.
 *
 * On /player itself the Discover screen holds the deck, so a second skip here would move the
 * audio on without the screen; there the hook answers null and the screen's own controls skip.
 */
export function useDiscoverSkip(): { skip: () => void; isBusy: boolean } | null {
  const { pathname } = useLocation();
  const isDiscoverTrack = usePlayerStore(
    (state) => state.currentTrack !== null && state.trackOrigin === 'player',
  );
  const [isBusy, setIsBusy] = useState(false);

  const skip = useCallback(() => {
    const { currentTrack, trackOrigin } = usePlayerStore.getState();
    if (!currentTrack || trackOrigin !== 'player' || isBusy) return;
    setIsBusy(true);
    void (async () => {
      try {
        await playerApi.dislike(currentTrack.id);
        const next = await playerApi.next(currentTrack.id);
        const store = usePlayerStore.getState();
        if (next.state !== 'track') {
          // Nothing left to hear blind: stop here, and Discover shows the end state when opened.
          pauseAudio();
          store.reset();
          return;
        }
        store.setCurrentTrack(next.track, 'player');
        updateMediaSession(null, { play: () => void resumeTrack(next.track.id), pause: pauseAudio });
        await playTrack(next.track.id);
      } catch {
        // The track stays as it was; the listener can try again or open Discover.
      } finally {
        setIsBusy(false);
      }
    })();
  }, [isBusy]);

  if (!isDiscoverTrack || pathname === DISCOVER_PATH) return null;
  return { skip, isBusy };
}
