import { discover, useDiscoverStore } from '../discover-store';
import { usePlayerStore } from '../player-store';

const skip = () => {
  void discover.skip();
};

/**
 * Skipping the Discover track from any screen (the now-playing bar, the mini player): null
 * unless the current track came from Discover, where a skip means a dislike and the next pick.
 */
export function useDiscoverSkip(): { skip: () => void; isBusy: boolean } | null {
  const isDiscover = usePlayerStore((state) => state.trackOrigin === 'player' && state.currentTrack !== null);
  const isBusy = useDiscoverStore((state) => state.isBusy);
  return isDiscover ? { skip, isBusy } : null;
}
