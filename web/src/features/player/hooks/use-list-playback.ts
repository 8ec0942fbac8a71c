import { useCallback, useState } from 'react';
import { PLAYER_MESSAGES } from '@klang/domain';
import { ApiError } from '../../../lib/api-error';
import { getAudioElement, pauseAudio, playTrack, resumeTrack } from '../audio/audio-engine';
import type { ListOrigin, PlayableListedTrack } from '../list-queue';
import { usePlayerStore } from '../player-store';
import { useAudioState } from './use-audio-state';

export type { PlayableListedTrack } from '../list-queue';

/**
 * Starts a liked track from a list, its name shown in the mini player because the listener has
 * liked it. Throws what the player throws (an ApiError for a refused URL).
 */
export async function playListedTrack(track: PlayableListedTrack, origin: ListOrigin): Promise<void> {
  const revealed = {
    trackId: track.id,
    title: track.title,
    artist: track.artist,
    artistId: track.artistId,
    coverUrl: track.coverUrl,
  };
  const state = usePlayerStore.getState();
  state.setCurrentTrack({ id: track.id, durationMs: track.durationMs }, origin);
  state.markLiked(revealed);
  await playTrack(track.id);
}

/**
 * Playing liked tracks from a list: charts, the library, an artist page (spec 000 §4). The same
 * track from the same origin toggles play and pause; another one replaces what was playing,
 * with its name shown in the mini player because the listener has liked it.
 */
export function useListPlayback(origin: ListOrigin) {
  const currentId = usePlayerStore((state) =>
    state.trackOrigin === origin ? (state.currentTrack?.id ?? null) : null,
  );
  const audio = useAudioState();
  const [error, setError] = useState<string | null>(null);

  const toggle = useCallback(
    async (track: PlayableListedTrack) => {
      setError(null);
      const state = usePlayerStore.getState();
      try {
        if (state.currentTrack?.id === track.id && state.trackOrigin === origin) {
          // The element itself, not React state, which may lag a quick second tap by one event.
          if (!getAudioElement().paused) pauseAudio();
          else await resumeTrack(track.id);
          return;
        }
        await playListedTrack(track, origin);
      } catch (playError) {
        setError(playError instanceof ApiError ? playError.message : PLAYER_MESSAGES.audioFailedToLoad);
      }
    },
    [origin],
  );

  return {
    currentId,
    isPlaying: currentId !== null && audio.isPlaying,
    isLoading: currentId !== null && audio.isLoading,
    error: error ?? (currentId !== null && audio.hasError ? PLAYER_MESSAGES.audioFailedToLoad : null),
    toggle,
  };
}
