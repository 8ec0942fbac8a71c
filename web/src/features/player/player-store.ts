import type { BlindTrack, Reveal } from '@klang/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { persistStorage } from '../../lib/storage';

export type TrackOrigin = 'charts' | 'library' | 'player';

/** What a like revealed about the current track: shown by the mini player, never before. */
export interface RevealedTrack {
  trackId: string;
  title: string;
  artist: string;
  artistId: string;
  /** A signed URL that expires (10 minutes): show the masked art when it no longer loads. */
  coverUrl: string | null;
}

/** What the mini player shows of the track `trackId` (the alias it plays) once a like revealed it. */
export function revealedFrom(trackId: string, reveal: Reveal): RevealedTrack {
  const { title, artist, artistId, coverUrl } = reveal.track;
  return { trackId, title, artist, artistId, coverUrl };
}

interface PlayerState {
  currentTrack: BlindTrack | null;
  trackOrigin: TrackOrigin | null;
  currentTime: number;
  wasPlayingBeforePause: boolean;
  accumulatedListeningTime: number;
  likedTrackIds: string[];
  revealed: RevealedTrack | null;
  volume: number;
  setCurrentTrack: (track: BlindTrack | null, origin: TrackOrigin | null) => void;
  setCurrentTime: (seconds: number) => void;
  markLiked: (revealed: RevealedTrack) => void;
  /** Likes of tracks not playing (an offline pack's, revealed by its sync): counted, not shown. */
  addLiked: (trackIds: readonly string[]) => void;
  setVolume: (volume: number) => void;
  setWasPlayingBeforePause: (value: boolean) => void;
  /** Spec 000 §4 reset: track, time, origin cleared. */
  reset: () => void;
  /** Spec 000 §4 sign-out: nothing of this listener stays behind for the next one. */
  clear: () => void;
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
      revealed: null,
      volume: 1,
      setCurrentTrack: (currentTrack, trackOrigin) =>
        set({ currentTrack, trackOrigin, currentTime: 0, revealed: null }),
      setCurrentTime: (currentTime) => set({ currentTime }),
      markLiked: (revealed) =>
        set((state) => ({
          revealed,
          likedTrackIds: state.likedTrackIds.includes(revealed.trackId)
            ? state.likedTrackIds
            : [...state.likedTrackIds, revealed.trackId],
        })),
      addLiked: (trackIds) =>
        set((state) => ({
          likedTrackIds: [
            ...state.likedTrackIds,
            ...trackIds.filter((id) => !state.likedTrackIds.includes(id)),
          ],
        })),
      setVolume: (volume) => set({ volume }),
      setWasPlayingBeforePause: (wasPlayingBeforePause) => set({ wasPlayingBeforePause }),
      reset: () =>
        set({
          currentTrack: null,
          trackOrigin: null,
          currentTime: 0,
          wasPlayingBeforePause: false,
          revealed: null,
        }),
      clear: () =>
        set({
          currentTrack: null,
          trackOrigin: null,
          currentTime: 0,
          wasPlayingBeforePause: false,
          revealed: null,
          likedTrackIds: [],
          accumulatedListeningTime: 0,
        }),
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
        revealed: state.revealed,
        volume: state.volume,
      }),
    },
  ),
);
