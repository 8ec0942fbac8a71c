import { useState } from 'react';
import { discover, useDiscoverStore } from '../discover-store';
import { useOfflinePackStore } from '../offline-pack/offline-pack-store';
import { usePlayerStore } from '../player-store';

export type { DiscoverPhase } from '../discover-store';

/**
 * The Discover screen's view of the flow (discover-store.ts): on its first render it applies
 * spec 002 §4 (another origin's track is reset, a Discover track carries on), then it reads the
 * phase, the track on screen, its reveal, the last skips' points and the last error.
 */
export function useDiscover() {
  useState(() => {
    discover.enter();
    return true;
  });
  const phase = useDiscoverStore((state) => state.phase);
  const reveal = useDiscoverStore((state) => state.reveal);
  const error = useDiscoverStore((state) => state.error);
  const isBusy = useDiscoverStore((state) => state.isBusy);
  const skipPoints = useDiscoverStore((state) => state.skipPoints);
  const filters = useDiscoverStore((state) => state.filters);
  const isMixing = useDiscoverStore((state) => state.isMixing);
  const isSurprising = useDiscoverStore((state) => state.isSurprising);
  const isTuned = useDiscoverStore((state) => state.isTuned);
  const likedOffline = useDiscoverStore((state) => state.likedOffline);
  const isOnline = useOfflinePackStore((state) => state.isOnline);
  const track = usePlayerStore((state) => (state.trackOrigin === 'player' ? state.currentTrack : null));
  const isPackTrack = useOfflinePackStore((state) =>
    track ? (state.pack?.tracks.some((saved) => saved.alias === track.id) ?? false) : false,
  );
  return {
    phase,
    track,
    reveal,
    error,
    isBusy,
    skipPoints,
    filters,
    isMixing,
    isSurprising,
    isTuned,
    likedOffline,
    isOnline,
    isPackTrack,
    ...discover,
  };
}
