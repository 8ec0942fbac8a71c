import type { BlindTrack } from '@klang/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { persistStorage } from '../../lib/storage';

export type TrackOrigin = 'charts' | 'library' | 'player';

interface PlayerState {
  currentTrack: BlindTrack | null;
  trackOrigin: TrackOrigin | null;
  currentTime: number;
  wasPlayingBeforePause: boolean;
  accumulatedListeningTime: number;
  likedTrackIds: string[];
  volume: number;
  setCurrentTrack: (track: BlindTrack | null, origin: TrackOrigin | null) => void;
  setCurrentTime: (seconds: number) => void;
  markLiked: (trackId: string) => void;
  setVolume: (volume: number) => void;
  setWasPlayingBeforePause: (value: boolean) => void;
  /** Spec 000 §4 reset: track, time, origin cleared. */
  reset: () => void;
}

/**
 * What the player keeps across reloads (spec 000 §3 player state): the current track, where it
 * was played from, the position, the liked ids and the listening time not yet credited.
 */
export const usePlayerStore = create<PlayerState>()(
  persist(
    (set) => ({
      currentTrack: null,
      trackOrigin: null,
      currentTime: 0,
      wasPlayingBeforePause: false,
      accumulatedListeningTime: 0,
      likedTrackIds: [],
      volume: 1,
      setCurrentTrack: (currentTrack, trackOrigin) => set({ currentTrack, trackOrigin, currentTime: 0 }),
      setCurrentTime: (currentTime) => set({ currentTime }),
      markLiked: (trackId) =>
        set((state) =>
          state.likedTrackIds.includes(trackId)
            ? state
            : { likedTrackIds: [...state.likedTrackIds, trackId] },
        ),
      setVolume: (volume) => set({ volume }),
      setWasPlayingBeforePause: (wasPlayingBeforePause) => set({ wasPlayingBeforePause }),
      reset: () =>
        set({ currentTrack: null, trackOrigin: null, currentTime: 0, wasPlayingBeforePause: false }),
    }),
    {
      name: 'player-storage',
      storage: createJSONStorage(() => persistStorage),
      partialize: (state) => ({
        currentTrack: state.currentTrack,
        currentTime: state.currentTime,
        wasPlayingBeforePause: state.wasPlayingBeforePause,
        trackOrigin: state.trackOrigin,
        accumulatedListeningTime: state.accumulatedListeningTime,
        likedTrackIds: state.likedTrackIds,
        volume: state.volume,
      }),
    },
  ),
);
